import {
  adminFormAnswers,
  badRequest,
  failsAt,
  intent,
  invalidForm,
  reply,
} from "~/platform/auth/admin-action.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import { sameRuleFor, type Permission } from "~/shared/staff-access";
import { formAction } from "~/platform/http/form-action.server";
import { idSchema, MAX_PLAIN_FORM_BYTES, type Failure, type Result } from "~/shared/admin-forms";
import type { z } from "~/shared/zod";

/*
 * The server side of an admin page: its loader behind the admin guard, and the intents every admin list
 * page shares (categories, products, discount codes, offers, banners, bestsellers): save a record from its
 * dialog or form, delete a row, and the page's action that dispatches them. Each page gives its own
 * sentences; the status codes are reply()'s (400, 404, 409).
 */

/**
 * An admin page's loader: the staff member's session and `permission` first (401/403 thrown otherwise;
 * without a permission only the Owner passes), then the page's data.
 */
export function adminLoader<A extends { request: Request }, T>(
  load: (args: A) => Promise<T>,
  permission?: Permission,
) {
  return async (args: A): Promise<T> => {
    await requireAdmin(args.request, permission);
    return load(args);
  };
}

/**
 * An admin list page's action: the admin guard, the body cap (a plain form by default), then its intents,
 * each needing the page's permission (prices and discounts are the catalogue's, as the role table says).
 */
export function intentAction<R>(
  actions: { intents: readonly string[]; dispatch: (form: FormData) => Promise<R> },
  {
    maxBytes = MAX_PLAIN_FORM_BYTES,
    tooLarge = "The form is too large.",
    permission,
  }: {
    maxBytes?: number | ((request: Request) => number);
    tooLarge?: string;
    /** The role permission the page's forms need (staff-roles.ts); left out, only the Owner may post. */
    permission?: Permission;
  } = {},
) {
  return formAction(
    {
      guard: "admin",
      permission,
      intents: sameRuleFor(actions.intents, { permission }),
      maxBytes,
      answers: adminFormAnswers(tooLarge),
    },
    (_fields, { form }) => actions.dispatch(form),
  );
}

/**
 * An intent that adds a record from a form ("create", "add", "upload"): field errors come back beside the
 * fields (no sentence), any other refusal as `failed`. `write` gets the form too (for its files).
 */
export function addIntent<S extends z.ZodObject>(
  name: string,
  schema: S,
  write: (input: z.output<S>, form: FormData) => Promise<Result>,
  messages: { done: string; failed: string },
) {
  return intent(
    schema,
    async (input, form) =>
      reply(
        name,
        await write(input, form),
        () => messages.done,
        (f) => (f.fieldErrors ? undefined : messages.failed),
      ),
    (error) => invalidForm(name, error),
  );
}

/**
 * The "create" and (given `update`) "update" intents of a record's dialog: as addIntent, the refusal of
 * an update saying `failed(reason)`; an update of an unknown id is a 400.
 */
export function saveIntents<S extends z.ZodObject>(
  schema: S,
  writes: {
    create: (input: z.output<S>) => Promise<Result>;
    update?: (id: string, input: z.output<S>) => Promise<Result>;
  },
  messages: { created: string; updated?: string; failed: (reason?: string) => string },
) {
  const create = addIntent("create", schema, (input) => writes.create(input), {
    done: messages.created,
    failed: messages.failed(),
  });
  const intents: Record<string, typeof create> = { create };
  const { update: write } = writes;
  if (!write) return intents;
  intents.update = intent(
    schema.safeExtend(idSchema.shape),
    async ({ id, ...input }) =>
      reply(
        "update",
        await write(id as string, input as z.output<S>),
        () => messages.updated,
        (f) => (f.fieldErrors ? undefined : messages.failed(f.message)),
      ),
    (error) =>
      failsAt(error, "id") ? badRequest("update", messages.failed()) : invalidForm("update", error),
  );
  return intents;
}

/**
 * The bin of a row: intent "delete" (or "remove") with the row's id. A refusal says `failed` (with the
 * reason after a colon when `withReason`); an unknown id says `badId` (default: `failed`).
 */
export function deleteIntent(
  remove: (id: string) => Promise<Result>,
  messages: { done: string; failed: string; withReason?: boolean; badId?: string },
  name: "delete" | "remove" = "delete",
) {
  const failed = (f: Failure) => (messages.withReason ? `${messages.failed}: ${f.message}` : messages.failed);
  return intent(
    idSchema,
    async ({ id }) => reply(name, await remove(id), () => messages.done, failed),
    () => badRequest(name, messages.badId ?? messages.failed),
  );
}
