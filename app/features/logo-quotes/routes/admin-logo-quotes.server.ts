import { data } from "react-router";
import { CHECK_FIELDS, failedAnswer, okAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { sameRuleFor } from "~/shared/staff-access";
import { MAX_LOGO_BYTES, priceQuoteSchema, staffLogoQuoteSchema } from "~/features/logo-quotes/logo-quotes";
import { listLogoQuotes, priceLogoQuote, requestLogoQuote } from "~/features/logo-quotes/logo-quotes.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import { fileBytes, formFiles } from "~/platform/http/form-body.server";
import { formAction } from "~/platform/http/form-action.server";

/** The admin Logo Quotes page's loader and action (admins only). */

export async function adminLogoQuotesLoader(request: Request) {
  await requireAdmin(request, "orders");
  return { quotes: await listLogoQuotes() };
}

const couldNotRead = () => data(failedAnswer("The form could not be read."), { status: 400 });
const invalid = (fieldErrors: Record<string, string>) =>
  data(failedAnswer(CHECK_FIELDS, fieldErrors), { status: 400 });

/**
 * Staff price a quote ("price"), or add one for a logo a customer sent in a chat ("add": the logo, the customer,
 * the size and notes, the price when known). The one form answer (a refusal about a field shows beside it, any
 * other as the toast's sentence). A form too large or unreadable is one 400 here.
 */
export const adminLogoQuotesAction = formAction(
  {
    guard: "admin",
    permission: "orders",
    intents: sameRuleFor(["price", "add"], { permission: "orders" }),
    maxBytes: MAX_LOGO_BYTES + 64 * 1024,
    answers: {
      tooLarge: () =>
        data(failedAnswer(undefined, { logo: "The logo is larger than 5 MB." }), { status: 413 }),
      unreadable: couldNotRead,
    },
  },
  async (fields, { admin, form }) => {
    if (fields.intent === "add") {
      const parsed = staffLogoQuoteSchema.safeParse(fields);
      if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
      const file = formFiles(form, "logo")[0];
      const { price, ...request } = parsed.data;
      const r = await requestLogoQuote(request, file ? await fileBytes(file) : null, null, {
        actor: admin.user,
        price,
      });
      if (!r.ok) return data(failedAnswer(CHECK_FIELDS, r.errors), { status: 400 });
      return data({
        ...okAnswer(
          price ? `Quote ${r.ref} added and priced; its e-mail is on its way.` : `Quote ${r.ref} added.`,
        ),
        added: { id: r.id, ref: r.ref, priced: price !== undefined },
      });
    }
    const parsed = priceQuoteSchema.safeParse(fields);
    if (!parsed.success) return data(failedAnswer(undefined, fieldErrorsOf(parsed.error)), { status: 400 });
    const r = await priceLogoQuote(parsed.data, admin.user);
    if (!r.ok) return data(failedAnswer(r.message), { status: r.status });
    return data(okAnswer("Price sent to the shopper."));
  },
);
