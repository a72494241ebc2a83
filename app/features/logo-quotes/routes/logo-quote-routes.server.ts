import { data } from "react-router";
import { fieldErrorsOf, formValues } from "~/shared/form-errors";
import { logoQuoteRequestSchema, MAX_LOGO_BYTES, priceQuoteSchema } from "~/features/logo-quotes/logo-quotes";
import { clientNetwork, requireAdmin } from "~/platform/auth/auth.server";
import {
  BadFormBody,
  BodyTooLarge,
  fileBytes,
  formFiles,
  readFormData,
} from "~/platform/http/form-body.server";
import {
  listLogoQuotes,
  priceLogoQuote,
  quoteByToken,
  requestLogoQuote,
} from "~/features/logo-quotes/logo-quotes.server";
import { takeIntake } from "~/platform/limits/intake-limits.server";
import { consume, RateLimited } from "~/platform/limits/rate-limit.server";

/** The logo quote pages' loaders and actions, with their limits, body caps and admin checks. */

async function limitedForm(request: Request, context: unknown, maxBytes: number) {
  try {
    await consume("logoQuotePerClient", clientNetwork(context));
    return await readFormData(request, maxBytes);
  } catch (err) {
    if (err instanceof RateLimited)
      return data(
        { ok: false as const, errors: { _form: err.message } },
        { status: 429, headers: { "Retry-After": String(err.retryAfterSeconds) } },
      );
    if (err instanceof BodyTooLarge)
      return data({ ok: false as const, errors: { logo: "The logo is larger than 5 MB." } }, { status: 413 });
    if (err instanceof BadFormBody)
      return data(
        { ok: false as const, errors: { _form: "The form could not be read. Please try again." } },
        { status: 400 },
      );
    throw err;
  }
}

/** POST /customize/logo: a shopper asks for a quote (logo, size, notes, contact). */
export async function logoQuoteRequestAction(request: Request, context: unknown) {
  const form = await limitedForm(request, context, MAX_LOGO_BYTES + 64 * 1024);
  if (!(form instanceof FormData)) return form;
  const parsed = logoQuoteRequestSchema.safeParse(formValues(form));
  if (!parsed.success)
    return data({ ok: false as const, errors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const file = formFiles(form, "logo")[0];
  const bytes = file ? await fileBytes(file) : null;
  // Per phone and mailbox, and the day's total the shop stores: counted only for a request that would be
  // stored (a form with mistakes costs nothing), before the picture is written.
  const intake = await takeIntake("logo-quote", {
    contacts: [parsed.data.phone, parsed.data.email],
    bytes: bytes?.bytes.length ?? 0,
  });
  if (!intake.ok)
    return data(
      { ok: false as const, errors: { _form: intake.message } },
      { status: 429, headers: { "Retry-After": String(intake.retryAfterSeconds) } },
    );
  const r = await requestLogoQuote(parsed.data, bytes, clientNetwork(context));
  if (!r.ok) return data({ ok: false as const, errors: r.errors }, { status: 400 });
  return data({ ok: true as const, ref: r.ref, errors: {} as Record<string, string> });
}

/** GET /quotes/<token>: the quote page (counted like order pages: guessing links is bounded). */
export async function quotePageLoader(token: string | undefined, context: unknown) {
  try {
    await consume("orderPagePerClient", clientNetwork(context));
  } catch (err) {
    if (err instanceof RateLimited)
      throw data(null, { status: 429, headers: { "Retry-After": String(err.retryAfterSeconds) } });
    throw err;
  }
  const quote = token ? await quoteByToken(token) : null;
  if (!quote) throw data(null, { status: 404 });
  return quote;
}

export async function adminLogoQuotesLoader(request: Request) {
  await requireAdmin(request);
  return { quotes: await listLogoQuotes() };
}

/** Staff price a quote (admin only). */
export async function adminLogoQuotesAction(request: Request) {
  const { user } = await requireAdmin(request);
  let form: FormData;
  try {
    form = await readFormData(request, 8_192);
  } catch (e) {
    if (e instanceof BodyTooLarge || e instanceof BadFormBody)
      return data(
        { ok: false as const, message: "The form could not be read.", errors: {} },
        { status: 400 },
      );
    throw e;
  }
  const parsed = priceQuoteSchema.safeParse(formValues(form));
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return data(
      { ok: false as const, message: Object.values(errors)[0] ?? "Check the form.", errors },
      { status: 400 },
    );
  }
  const r = await priceLogoQuote(parsed.data, user);
  if (!r.ok) return data({ ok: false as const, message: r.message, errors: {} }, { status: r.status });
  return data({ ok: true as const, message: "Price sent to the shopper.", errors: {} });
}
