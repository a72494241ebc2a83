import { fieldErrorsOf } from "~/shared/form-errors";
import { quoteOrderRequestSchema } from "~/features/logo-quotes/logo-quotes";
import { json, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import { placeQuoteOrder } from "~/features/logo-quotes/logo-quotes.server";
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
  async (input, { request }) => {
    const token = new URL(request.url).pathname.split("/")[3] ?? "";
    const outcome = await placeQuoteOrder(token, input);
    if (!outcome.ok)
      return json(
        {
          error: outcome.message,
          lineErrors: [],
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
