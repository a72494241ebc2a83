import type { z } from "~/shared/zod";
import { fieldErrorsOf, type FieldErrors } from "~/shared/form-errors";
import { CHECK_FIELDS } from "~/shared/form-answer";
import { json } from "~/platform/http/http.server";
import type { RefusalCode } from "./place-order-rules";
import type { PlacedCheckout } from "./records.server";

/**
 * The answer of the checkout's JSON endpoints (POST /api/checkout, POST /api/quotes/<token>/checkout): the
 * one form answer (FormAnswer: ok, message, fieldErrors) with the checkout's own data beside it: the placed
 * checkout, or why not (`code`) and the cart lines at fault (`lineErrors`). The page reads it in
 * ui/checkout-api.ts.
 */
export type CheckoutAnswer =
  | { ok: true; message?: string; checkout: PlacedCheckout; replayed: boolean }
  | { ok: false; message: string; fieldErrors?: FieldErrors; code?: RefusalCode; lineErrors: string[] };

/** A placing's outcome, as the checkout and a logo quote's order give it. */
type Outcome =
  | { ok: true; replayed: boolean; checkout: PlacedCheckout }
  | {
      ok: false;
      status: number;
      message: string;
      code?: RefusalCode;
      lineErrors?: string[];
      fieldErrors?: FieldErrors;
    };

/** The checkout form's fields among a request's errors: the body nests them under "form." ("form.name" → "name"). */
export function checkoutFieldErrors(error: Pick<z.ZodError, "issues">): FieldErrors {
  return Object.fromEntries(
    Object.entries(fieldErrorsOf(error))
      .filter(([k]) => k.startsWith("form."))
      .map(([k, v]) => [k.slice("form.".length), v]),
  );
}

/** 400 for a body the schema refuses (nothing was done): the form's fields to fix, possibly none. */
export function invalidCheckout(error: z.ZodError): Response {
  const answer: CheckoutAnswer = {
    ok: false,
    message: CHECK_FIELDS,
    fieldErrors: checkoutFieldErrors(error),
    lineErrors: [],
  };
  return json(answer, 400);
}

/** 201 for a placed checkout (200 for a repeat of the same attempt), else the refusal with its status. */
export function checkoutAnswer(outcome: Outcome): Response {
  if (outcome.ok) {
    const placed: CheckoutAnswer = { ok: true, checkout: outcome.checkout, replayed: outcome.replayed };
    return json(placed, outcome.replayed ? 200 : 201);
  }
  const refused: CheckoutAnswer = {
    ok: false,
    message: outcome.message,
    ...(outcome.code ? { code: outcome.code } : {}),
    lineErrors: outcome.lineErrors ?? [],
    ...(outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}),
  };
  return json(refused, outcome.status);
}
