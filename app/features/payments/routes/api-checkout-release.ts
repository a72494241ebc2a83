import { z } from "~/shared/zod";
import { releaseOwnHold } from "~/features/payments/holds.server";
import { json, jsonRefusal, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import type { Route } from "./+types/api-checkout-release";

const schema = z.object({ idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) });

/**
 * POST /api/checkout/release: the shopper closed the payment window or the payment failed; the unpaid
 * checkout gives its stock back now. The idempotency key (a secret only that browser has) proves it is
 * the shopper's own checkout; any other key finds nothing.
 */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "releasePerClient",
    maxBytes: 1_000,
    schema,
    invalid: () => jsonRefusal(404, "Not found"),
  },
  async (input) => {
    const outcome = await releaseOwnHold(input.idempotencyKey);
    if (outcome === "not-found") return jsonRefusal(404, "Not found");
    return json({ outcome });
  },
);

export function loader() {
  return methodNotAllowed();
}
