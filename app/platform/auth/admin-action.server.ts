import { data } from "react-router";
import { z } from "~/shared/zod";
import { formValues, fieldErrorsOf } from "~/shared/form-errors";
import { moveSchema, toggleSchema } from "~/shared/admin-forms";
import type { FormAnswer } from "~/shared/form-answer";
import type { Failure, Result, Success } from "~/shared/admin-forms";

/*
 * The answers of the admin catalogue actions: a FormAnswer for the page (a sentence and field errors) with the
 * right status code (400 invalid, 404 gone, 409 refused, 413 too large).
 */

export function reply<T>(
  intent: string,
  result: Result<T>,
  onOk: (r: Success<T>) => string | undefined,
  onFail: (f: Failure) => string | undefined,
) {
  if (result.ok) return data<FormAnswer>({ ok: true, intent, message: onOk(result) });
  return data<FormAnswer>(
    { ok: false, intent, message: onFail(result), fieldErrors: result.fieldErrors },
    { status: result.status },
  );
}

/** 400 with the field errors of a failed parse; nothing was written. */
export function invalidForm(intent: string, error: z.ZodError, message?: string) {
  return data<FormAnswer>({ ok: false, intent, message, fieldErrors: fieldErrorsOf(error) }, { status: 400 });
}

export function badRequest(intent: string, description: string) {
  return data<FormAnswer>({ ok: false, intent, message: description }, { status: 400 });
}

/**
 * formAction()'s answers for an admin action whose form cannot be read: a 413 toast with
 * `tooLargeMessage` when the body passes the cap, a 400 toast when it is not a readable form.
 */
export function adminFormAnswers(tooLargeMessage: string) {
  return {
    tooLarge: () =>
      data<FormAnswer>({ ok: false, intent: "upload", message: tooLargeMessage }, { status: 413 }),
    unreadable: () => badRequest("form", "The form could not be read. Please try again."),
  };
}

/** The form's value of a text field ("" when absent or a file). */
export function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** The form's text fields as an object, for a schema. */
export const textFields = formValues;

// ---------------------------------------------------------------------------------------------------
// Intents: an admin action is a discriminated union on its "intent" field, dispatched from a table.

/** One intent of an admin action: the schema of its fields, what to do with them, what to answer when invalid. */
export type IntentHandler<R> = {
  schema: z.ZodObject;
  run: (input: never, form: FormData) => R | Promise<R>;
  invalid: (error: z.ZodError) => R;
};

/**
 * An intent: `schema` holds its fields (without "intent"); `run` receives the parsed values and the form
 * (for files); `invalid` answers a failed parse (a 400 with field errors, or a plain 400 message).
 */
export function intent<S extends z.ZodObject, R>(
  schema: S,
  run: (input: z.output<S>, form: FormData) => R | Promise<R>,
  invalid: (error: z.ZodError) => R,
): IntentHandler<R> {
  return { schema, run: run as IntentHandler<R>["run"], invalid };
}

/**
 * The table of an action's intents, parsed as one `z.discriminatedUnion("intent", …)`: each intent's
 * schema gets `intent: z.literal(name)`. Build it once per route module; call `dispatch` per request.
 */
export function intentTable<R>(handlers: Record<string, IntentHandler<R>>) {
  const names = Object.keys(handlers);
  // safeExtend keeps a schema's own cross-field checks (extend refuses schemas that have them).
  const variants = names.map((name) => handlers[name]!.schema.safeExtend({ intent: z.literal(name) }));
  const union = z.discriminatedUnion("intent", variants as unknown as [z.ZodObject, ...z.ZodObject[]]);
  return {
    intents: names,
    /** Parses the form by its intent and runs that intent; an unknown intent is a 400 "Unknown action.". */
    async dispatch(form: FormData): Promise<R | ReturnType<typeof badRequest>> {
      const name = text(form, "intent");
      const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
      if (!handler) return badRequest(name, "Unknown action.");
      const parsed = union.safeParse(textFields(form));
      if (!parsed.success) return handler.invalid(parsed.error);
      const { intent: _intent, ...input } = parsed.data as Record<string, unknown>;
      return handler.run(input as never, form);
    },
  };
}

/** Whether a failed parse concerns one of these fields (e.g. the record's id rather than what the admin typed). */
export function failsAt(error: z.ZodError, ...fields: string[]): boolean {
  return error.issues.some((i) => fields.includes(String(i.path[0])));
}

const ORDER_FAILED = "Failed to update display order.";

/** The "move up/down" intent of an ordered admin list (bestsellers, banners): one shape, one message. */
export function moveIntent(move: (id: string, direction: "up" | "down") => Promise<Result>) {
  return intent(
    moveSchema,
    async ({ id, direction }) =>
      reply(
        "move",
        await move(id, direction),
        () => undefined,
        () => ORDER_FAILED,
      ),
    () => badRequest("move", ORDER_FAILED),
  );
}

/** The "active" switch of an admin list row: the success message says which way it went. */
export function toggleIntent(
  set: (id: string, isActive: boolean) => Promise<Result<{ isActive: boolean }>>,
  messages: { activated: string; deactivated: string; failed: string },
) {
  return intent(
    toggleSchema,
    async ({ id, isActive }) =>
      reply(
        "toggle",
        await set(id, isActive),
        (r) => (r.isActive ? messages.activated : messages.deactivated),
        () => messages.failed,
      ),
    () => badRequest("toggle", messages.failed),
  );
}
