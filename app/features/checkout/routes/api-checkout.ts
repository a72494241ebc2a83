import { placeOrderRequestSchema } from "~/features/checkout/checkout";
import { checkoutAnswer, invalidCheckout } from "~/features/checkout/checkout-answer.server";
import { placeOrder } from "~/features/checkout/place-order.server";
import { methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import type { Route } from "./+types/api-checkout";

/** The largest checkout body: 50 lines, at most 10 of them custom designs with their small previews. */
export const CHECKOUT_MAX_BYTES = 2_000_000;

/**
 * POST /api/checkout: place an order (the server prices it; the idempotency key makes repeats safe). It
 * answers the checkout's form answer (CheckoutAnswer).
 */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "checkoutPerClient",
    maxBytes: CHECKOUT_MAX_BYTES,
    schema: placeOrderRequestSchema,
    invalid: invalidCheckout,
  },
  async (input, { clientNetwork }) => checkoutAnswer(await placeOrder(input, { clientNetwork })),
);

export function loader() {
  return methodNotAllowed();
}
