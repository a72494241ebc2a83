import { data } from "react-router";
import { fieldErrorsOf } from "~/shared/form-errors";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import {
  logoQuoteRequestSchema,
  MAX_LOGO_BYTES,
  QUOTE_STATE_LABELS,
} from "~/features/logo-quotes/logo-quotes";
import { clientNetwork } from "~/platform/auth/auth.server";
import { fileBytes, formFiles } from "~/platform/http/form-body.server";
import { formAction } from "~/platform/http/form-action.server";
import { quoteByToken, requestLogoQuote } from "~/features/logo-quotes/logo-quotes.server";
import { takeIntake } from "~/platform/limits/intake-limits.server";
import { retryAfter, tryConsume } from "~/platform/limits/rate-limit.server";

/** The shopper's logo quote pages' loader and action, with their limits and body cap (staff: admin-logo-quotes.server.ts). */

const logoQuoteRequest = formAction(
  {
    guard: "none",
    limit: "logoQuotePerClient",
    maxBytes: MAX_LOGO_BYTES + 64 * 1024,
    schema: logoQuoteRequestSchema,
    // The one form answer; the page shows a sentence above the button and each field's message beside it.
    answers: {
      tooLarge: () =>
        data(failedAnswer(undefined, { logo: "The logo is larger than 5 MB." }), { status: 413 }),
      invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }),
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
    if (!intake.ok) return data(failedAnswer(intake.message), { status: 429, headers: retryAfter(intake) });
    const r = await requestLogoQuote(input, bytes, network);
    if (!r.ok) return data(failedAnswer(undefined, r.errors), { status: 400 });
    return data({ ...okAnswer(), ref: r.ref });
  },
);

/** POST /customize/logo: a shopper asks for a quote (logo, size, notes, contact). */
export async function logoQuoteRequestAction(request: Request, context: unknown) {
  return logoQuoteRequest({ request, context });
}

/**
 * GET /quotes/<token>: the quote page (counted like order pages: guessing links is bounded), with its
 * state's label (the page loads no quote rules).
 */
export async function quotePageLoader(token: string | undefined, context: unknown) {
  const counted = await tryConsume("orderPagePerClient", clientNetwork(context));
  if (!counted.ok) throw data(null, { status: 429, headers: retryAfter(counted) });
  const quote = token ? await quoteByToken(token) : null;
  if (!quote) throw data(null, { status: 404 });
  return { ...quote, stateLabel: QUOTE_STATE_LABELS[quote.state] };
}
