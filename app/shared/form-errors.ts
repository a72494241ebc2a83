import type { z } from "./zod";

/**
 * The one way a form's errors are computed, on the server and in the browser: a map from field name to
 * the first message for that field. Nested paths join with "." ("address.city"); an issue without a
 * path belongs to "_form". Used by every admin form and usable by the storefront (no React, no library).
 */
export type FieldErrors = Record<string, string>;

export const FORM_ERROR_KEY = "_form";

/** Field errors of a failed parse, first message per field. */
export function fieldErrorsOf(error: Pick<z.ZodError, "issues">): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || FORM_ERROR_KEY;
    out[key] ??= issue.message;
  }
  return out;
}

/** A form's text fields as a plain object (first value per name; files skipped), for a schema. */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}

/**
 * What checks a form: its zod schema, or (where a page should not load zod, e.g. the login page) a plain
 * function giving the same messages as the schema the server parses.
 */
export type FormValidator = z.ZodType | ((values: Record<string, string>) => FieldErrors);

/** Validates all values: the errors to show after a submit (empty when valid). */
export function validateAll(validator: FormValidator, values: Record<string, string>): FieldErrors {
  if (typeof validator === "function") return validator(values);
  const parsed = validator.safeParse(values);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

/**
 * The errors after one field changed: the field's error is cleared as soon as its value is valid, or
 * replaced by its current message while still invalid. Other fields keep what they showed (a server
 * error on another field stays until that field is edited). A field with no error shown stays quiet
 * while typing: errors appear on submit (or blur, when the caller asks), never mid-keystroke.
 */
export function revalidateField(
  schema: FormValidator,
  values: Record<string, string>,
  name: string,
  errors: FieldErrors,
  opts: { reveal?: boolean } = {},
): FieldErrors {
  if (!(name in errors) && !opts.reveal) return errors;
  const current = validateAll(schema, values)[name];
  if (current === errors[name]) return errors;
  const { [name]: _old, ...rest } = errors;
  return current ? { ...rest, [name]: current } : rest;
}

/** Errors without one field (e.g. when a field's own widget reports it fixed). */
export function withoutField(errors: FieldErrors, name: string): FieldErrors {
  if (!(name in errors)) return errors;
  const { [name]: _old, ...rest } = errors;
  return rest;
}

/** Errors with one field set (or cleared when message is empty). */
export function withField(errors: FieldErrors, name: string, message: string | undefined): FieldErrors {
  return message
    ? errors[name] === message
      ? errors
      : { ...errors, [name]: message }
    : withoutField(errors, name);
}
