import { quoteOrderRequestSchema } from "~/features/logo-quotes/logo-quotes";
import { checkoutAnswer, invalidCheckout } from "~/features/checkout/checkout-answer.server";
import { methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import { placeQuoteOrder } from "~/features/logo-quotes/quote-orders.server";
import type { Route } from "./+types/api-quote-checkout";

/**
 * POST /api/quotes/<token>/checkout: order a priced logo quote (the checkout's form; the price is the
 * quote's, whatever the body says). Answers like /api/checkout, so the checkout's payment flow is reused.
 */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "checkoutPerClient",
    maxBytes: 16_384,
    schema: quoteOrderRequestSchema,
    invalid: invalidCheckout,
  },
  async (input, { request }) => {
    const token = new URL(request.url).pathname.split("/")[3] ?? "";
    return checkoutAnswer(await placeQuoteOrder(token, input));
  },
);

export function loader() {
  return methodNotAllowed();
}
