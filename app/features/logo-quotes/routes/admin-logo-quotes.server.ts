import { data } from "react-router";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { priceQuoteSchema } from "~/features/logo-quotes/logo-quotes";
import { listLogoQuotes, priceLogoQuote } from "~/features/logo-quotes/logo-quotes.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";

/** The admin Logo Quotes page's loader and action (admins only). */

export async function adminLogoQuotesLoader(request: Request) {
  await requireAdmin(request, "orders");
  return { quotes: await listLogoQuotes() };
}

const couldNotRead = () => data(failedAnswer("The form could not be read."), { status: 400 });

/**
 * Staff price a quote: the one form answer (a refusal about a field shows beside it, any other as the
 * toast's sentence). A form too large or unreadable is one 400 here.
 */
export const adminLogoQuotesAction = formAction(
  {
    guard: "admin",
    permission: "orders",
    maxBytes: 8_192,
    schema: priceQuoteSchema,
    answers: {
      tooLarge: couldNotRead,
      unreadable: couldNotRead,
      invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }),
    },
  },
  async (input, { admin }) => {
    const r = await priceLogoQuote(input, admin.user);
    if (!r.ok) return data(failedAnswer(r.message), { status: r.status });
    return data(okAnswer("Price sent to the shopper."));
  },
);
