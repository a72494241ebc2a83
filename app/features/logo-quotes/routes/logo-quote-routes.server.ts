import { data } from "react-router";
import { fieldErrorsOf } from "~/shared/form-errors";
import { logoQuoteRequestSchema, MAX_LOGO_BYTES, priceQuoteSchema } from "~/features/logo-quotes/logo-quotes";
import { clientNetwork, requireAdmin } from "~/platform/auth/auth.server";
import { fileBytes, formFiles } from "~/platform/http/form-body.server";
import { formAction } from "~/platform/http/form-action.server";
import {
  listLogoQuotes,
  priceLogoQuote,
  quoteByToken,
  requestLogoQuote,
} from "~/features/logo-quotes/logo-quotes.server";
import { takeIntake } from "~/platform/limits/intake-limits.server";
import { retryAfter, tryConsume } from "~/platform/limits/rate-limit.server";

/** The logo quote pages' loaders and actions, with their limits, body caps and admin checks. */

const logoQuoteRequest = formAction(
  {
    guard: "none",
    limit: "logoQuotePerClient",
    maxBytes: MAX_LOGO_BYTES + 64 * 1024,
    schema: logoQuoteRequestSchema,
    answers: {
      rateLimited: (r) =>
        data({ ok: false as const, errors: { _form: r.message } }, { status: 429, headers: retryAfter(r) }),
      tooLarge: () =>
        data({ ok: false as const, errors: { logo: "The logo is larger than 5 MB." } }, { status: 413 }),
      unreadable: () =>
        data(
          { ok: false as const, errors: { _form: "The form could not be read. Please try again." } },
          { status: 400 },
        ),
      invalid: (error) => data({ ok: false as const, errors: fieldErrorsOf(error) }, { status: 400 }),
    },
  },
  async (input, { form, clientNetwork: network }) => {
    const file = formFiles(form, "logo")[0];
    const bytes = file ? await fileBytes(file) : null;
    // Per phone and mailbox, and the day's total the shop stores: counted only for a request that would be
    // stored (a form with mistakes costs nothing), before the picture is written.
    const intake = await takeIntake("logo-quote", {
      contacts: [input.phone, input.email],
      bytes: bytes?.bytes.length ?? 0,
    });
    if (!intake.ok)
      return data(
        { ok: false as const, errors: { _form: intake.message } },
        { status: 429, headers: retryAfter(intake) },
      );
    const r = await requestLogoQuote(input, bytes, network);
    if (!r.ok) return data({ ok: false as const, errors: r.errors }, { status: 400 });
    return data({ ok: true as const, ref: r.ref, errors: {} as Record<string, string> });
  },
);

/** POST /customize/logo: a shopper asks for a quote (logo, size, notes, contact). */
export async function logoQuoteRequestAction(request: Request, context: unknown) {
  return logoQuoteRequest({ request, context });
}

/** GET /quotes/<token>: the quote page (counted like order pages: guessing links is bounded). */
export async function quotePageLoader(token: string | undefined, context: unknown) {
  const counted = await tryConsume("orderPagePerClient", clientNetwork(context));
  if (!counted.ok) throw data(null, { status: 429, headers: retryAfter(counted) });
  const quote = token ? await quoteByToken(token) : null;
  if (!quote) throw data(null, { status: 404 });
  return quote;
}

export async function adminLogoQuotesLoader(request: Request) {
  await requireAdmin(request);
  return { quotes: await listLogoQuotes() };
}

const couldNotRead = () =>
  data({ ok: false as const, message: "The form could not be read.", errors: {} }, { status: 400 });

/** Staff price a quote (admin only). A form too large or unreadable is one 400 here. */
export const adminLogoQuotesAction = formAction(
  {
    guard: "admin",
    maxBytes: 8_192,
    schema: priceQuoteSchema,
    answers: {
      tooLarge: couldNotRead,
      unreadable: couldNotRead,
      invalid: (error) => {
        const errors = fieldErrorsOf(error);
        return data(
          { ok: false as const, message: Object.values(errors)[0] ?? "Check the form.", errors },
          { status: 400 },
        );
      },
    },
  },
  async (input, { admin }) => {
    const r = await priceLogoQuote(input, admin.user);
    if (!r.ok) return data({ ok: false as const, message: r.message, errors: {} }, { status: r.status });
    return data({ ok: true as const, message: "Price sent to the shopper.", errors: {} });
  },
);
