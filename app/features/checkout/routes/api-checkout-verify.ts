import { verifyPaymentSchema } from "~/features/payments/payment-verify";
import { verifyPayment } from "~/features/checkout/payment-verify.server";
import { json, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import type { Route } from "./+types/api-checkout-verify";

const NOT_VERIFIED = "We could not verify the payment. Please contact support.";

/** POST /api/checkout/verify: the payment window's success answer, checked by its signature. */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "verifyPerClient",
    maxBytes: 10_000,
    schema: verifyPaymentSchema,
    invalid: () => json({ success: false, error: NOT_VERIFIED }, 400),
  },
  async (input) => {
    const outcome = await verifyPayment(input);
    if (!outcome.ok) return json({ success: false, error: NOT_VERIFIED }, 400);
    return json({ success: true, checkout: outcome.checkout });
  },
);

export function loader() {
  return methodNotAllowed();
}
