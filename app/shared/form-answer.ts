import { FORM_ERROR_KEY, type FieldErrors } from "./form-errors";

/**
 * The one answer of every form action in the shop and the admin (decision 031): whether it worked, a
 * sentence for people (shown as a toast, or next to the form where a page has no toasts), and the
 * message for each field that needs fixing. An action may add its own data beside these (e.g. the
 * checkout's `lineErrors`); the form hook (`~/ui/use-form`) reads only these three and `intent`.
 */
export type FormAnswer =
  | { ok: true; intent?: string; message?: string }
  | { ok: false; intent?: string; message?: string; fieldErrors?: FieldErrors };

/** A success, with the sentence to show (none: nothing is shown, e.g. a row moved). */
export function okAnswer(message?: string, intent?: string): FormAnswer & { ok: true } {
  return { ok: true, ...(intent ? { intent } : {}), ...(message ? { message } : {}) };
}

/** A refusal: the sentence, and the fields to fix when there are any. */
export function failedAnswer(
  message: string | undefined,
  fieldErrors?: FieldErrors,
  intent?: string,
): FormAnswer & { ok: false } {
  return {
    ok: false,
    ...(intent ? { intent } : {}),
    ...(message ? { message } : {}),
    ...(fieldErrors && Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
  };
}

/** The sentence for a form whose fields did not pass its schema. */
export const CHECK_FIELDS = "Please check the highlighted fields.";

/**
 * The field errors a form shows once an answer arrives: none after a success; after a refusal the
 * answer's field errors (the server is the authority), plus its sentence under "_form" when the page
 * shows it beside the form instead of as a toast.
 */
export function errorsOfAnswer(answer: FormAnswer, sentenceInline: boolean): FieldErrors {
  if (answer.ok) return {};
  const shown: FieldErrors = {};
  if (sentenceInline && answer.message) shown[FORM_ERROR_KEY] = answer.message;
  return { ...shown, ...answer.fieldErrors };
}
