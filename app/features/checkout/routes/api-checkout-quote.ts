import { quoteRequestSchema } from "~/features/checkout/checkout";
import { quoteCart } from "~/features/checkout/quote.server";
import { json, jsonRefusal, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import type { Route } from "./+types/api-checkout-quote";

/** POST /api/checkout/quote: the cart priced as the server will charge it (nothing written). */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "quotePerClient",
    maxBytes: 200_000,
    schema: quoteRequestSchema,
    invalid: () => jsonRefusal(400, "The cart could not be read."),
  },
  async (input, { clientNetwork }) => json(await quoteCart(input, { network: clientNetwork })),
);

export function loader() {
  return methodNotAllowed();
}
