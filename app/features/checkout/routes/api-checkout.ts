import { placeOrderRequestSchema } from "~/features/checkout/checkout";
import { fieldErrorsOf } from "~/shared/form-errors";
import { placeOrder } from "~/features/checkout/place-order.server";
import { json, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import type { Route } from "./+types/api-checkout";

/** The largest checkout body: 50 lines, at most 10 of them custom designs with their small previews. */
export const CHECKOUT_MAX_BYTES = 2_000_000;

/** POST /api/checkout: place an order (the server prices it; the idempotency key makes repeats safe). */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "checkoutPerClient",
    maxBytes: CHECKOUT_MAX_BYTES,
    schema: placeOrderRequestSchema,
    invalid: (error) => {
      const errors = fieldErrorsOf(error);
      const form = Object.fromEntries(
        Object.entries(errors)
          .filter(([k]) => k.startsWith("form."))
          .map(([k, v]) => [k.slice(5), v]),
      );
      return json({ error: "Please check the highlighted fields.", fieldErrors: form, errors }, 400);
    },
  },
  async (input, { clientNetwork }) => {
    const outcome = await placeOrder(input, { clientNetwork });
    if (!outcome.ok)
      return json(
        {
          error: outcome.message,
          code: outcome.code,
          lineErrors: outcome.lineErrors ?? [],
          ...(outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}),
        },
        outcome.status,
      );
    return json({ checkout: outcome.checkout, replayed: outcome.replayed }, outcome.replayed ? 200 : 201);
  },
);

export function loader() {
  return methodNotAllowed();
}
