import { data } from "react-router";
import type { z } from "zod";
import { fieldErrorsOf, type ActionToast, type AdminActionData } from "~/domain/admin-catalog";
import type { Failure, Result, Success } from "./admin-catalog-writes.server";
import { BadFormBody, BodyTooLarge, readFormData } from "./form-body.server";

/*
 * The answers of the admin catalogue actions: typed data for the page (toast and field errors) with the
 * right status code (400 invalid, 404 gone, 409 refused, 413 too large).
 */

export function reply<T>(
  intent: string,
  result: Result<T>,
  onOk: (r: Success<T>) => ActionToast | undefined,
  onFail: (f: Failure) => ActionToast | undefined,
) {
  if (result.ok) return data<AdminActionData>({ ok: true, intent, toast: onOk(result) });
  return data<AdminActionData>(
    { ok: false, intent, toast: onFail(result), fieldErrors: result.fieldErrors },
    { status: result.status },
  );
}

/** 400 with the field errors of a failed parse; nothing was written. */
export function invalidForm(intent: string, error: z.ZodError, toast?: ActionToast) {
  return data<AdminActionData>({ ok: false, intent, toast, fieldErrors: fieldErrorsOf(error) }, { status: 400 });
}

export function badRequest(intent: string, description: string) {
  return data<AdminActionData>({ ok: false, intent, toast: { title: "Error", description } }, { status: 400 });
}

/**
 * The form of an admin action, read with a size cap (call after requireAdmin). Answers a 413 or 400 reply
 * instead of a FormData when the body is too large or not a form.
 */
export async function readAdminForm(request: Request, maxBytes: number, tooLargeMessage: string) {
  try {
    return await readFormData(request, maxBytes);
  } catch (e) {
    if (e instanceof BodyTooLarge) {
      return data<AdminActionData>({ ok: false, intent: "upload", toast: { title: "Error", description: tooLargeMessage } }, { status: 413 });
    }
    if (e instanceof BadFormBody) return badRequest("form", "The form could not be read. Please try again.");
    throw e;
  }
}

/** The form's value of a text field ("" when absent or a file). */
export function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** The form's text fields as an object, for a schema. */
export function textFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}
