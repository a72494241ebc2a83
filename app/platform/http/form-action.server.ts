import type { z } from "~/shared/zod";
import { formValues } from "~/shared/form-errors";
import {
  clientNetwork,
  requireAdmin,
  requireSameOrigin,
  type AdminSession,
} from "~/platform/auth/auth.server";
import { tryReadFormData } from "./form-body.server";
import { tryConsume, type LimitName, type LimitRefusal } from "~/platform/limits/rate-limit.server";

/*
 * The one server pipeline of a form action: the guard, the client's rate limit, the body read with a cap
 * while it streams, the schema, then the handler. Each refusal is answered by the action's own `answers`
 * (the shop's forms answer in several shapes today; this keeps each one as it is), so no action catches
 * RateLimited, BodyTooLarge or BadFormBody by hand. JSON endpoints have the same in jsonEndpoint().
 */

/**
 * Who may post: "admin" runs requireAdmin (same origin and an admin session: 403/401 thrown otherwise),
 * "same-origin" runs requireSameOrigin (403 thrown for a cross-site post), "none" lets anyone post.
 */
export type Guard = "admin" | "same-origin" | "none";

/** What a route hands its action (Route.ActionArgs fits). */
export type FormActionArgs = {
  request: Request;
  context?: unknown;
  params?: Readonly<Record<string, string | undefined>>;
};

/** What the handler gets besides the parsed input. */
export type FormActionContext<G extends Guard> = {
  form: FormData;
  request: Request;
  context: unknown;
  params: Readonly<Record<string, string | undefined>>;
  /** The key the limits count this client by (clientNetwork). */
  clientNetwork: string;
  /** The admin's session behind an "admin" guard (null for the other guards). */
  admin: G extends "admin" ? AdminSession : null;
};

/** The action's answers to each refusal: status, shape and message are the action's own. */
export type FormAnswers<L, T, U> = {
  /** Over `limit` (the answer is expected to be a 429 with Retry-After). Required when `limit` is set. */
  rateLimited?: (refusal: LimitRefusal) => L;
  /** The body passed `maxBytes`, announced or while it streamed. */
  tooLarge: (maxBytes: number) => T;
  /** Not a form submission, or a form that could not be read. */
  unreadable: () => U;
};

type Spec<G extends Guard> = {
  guard: G;
  /** Counted per client network after the guard and before the body is read. */
  limit?: LimitName;
  /** The body cap in bytes, enforced while the body streams (or the cap for this request, e.g. by type). */
  maxBytes: number | ((request: Request) => number);
};

type WithSchema<G extends Guard, S extends z.ZodType, L, T, U, I> = Spec<G> & {
  schema: S;
  /** What the schema parses (default: the form's text fields, formValues). */
  values?: (form: FormData) => unknown;
  answers: FormAnswers<L, T, U> & {
    /** The form does not match the schema (nothing was done). */
    invalid: (error: z.ZodError) => I;
  };
};

type WithoutSchema<G extends Guard, L, T, U> = Spec<G> & {
  schema?: undefined;
  values?: undefined;
  answers: FormAnswers<L, T, U> & { invalid?: undefined };
};

type Action<R> = (args: FormActionArgs) => Promise<R>;

/**
 * A form action: guard, rate limit, capped body and schema, in that order, then `handle` with the parsed
 * input (without a schema: the form's text fields) and the form, request and admin session.
 */
export function formAction<
  G extends Guard,
  S extends z.ZodType,
  R,
  L = never,
  T = never,
  U = never,
  I = never,
>(
  spec: WithSchema<G, S, L, T, U, I>,
  handle: (input: z.output<S>, ctx: FormActionContext<G>) => R | Promise<R>,
): Action<Awaited<R> | L | T | U | I>;
export function formAction<G extends Guard, R, L = never, T = never, U = never>(
  spec: WithoutSchema<G, L, T, U>,
  handle: (input: Record<string, string>, ctx: FormActionContext<G>) => R | Promise<R>,
): Action<Awaited<R> | L | T | U>;
export function formAction(
  spec:
    | WithSchema<Guard, z.ZodType, unknown, unknown, unknown, unknown>
    | WithoutSchema<Guard, unknown, unknown, unknown>,
  handle: (input: never, ctx: never) => unknown,
): Action<unknown> {
  const run = handle as (input: unknown, ctx: FormActionContext<Guard>) => unknown;
  if (spec.limit && !spec.answers.rateLimited)
    throw new Error("formAction: a limit needs answers.rateLimited");
  if (spec.schema && !spec.answers.invalid) throw new Error("formAction: a schema needs answers.invalid");
  return async ({ request, context, params = {} }) => {
    let admin: AdminSession | null = null;
    if (spec.guard === "admin") admin = await requireAdmin(request);
    else if (spec.guard === "same-origin") requireSameOrigin(request);
    const network = clientNetwork(context);
    if (spec.limit) {
      const counted = await tryConsume(spec.limit, network);
      if (!counted.ok) return spec.answers.rateLimited!(counted);
    }
    const maxBytes = typeof spec.maxBytes === "function" ? spec.maxBytes(request) : spec.maxBytes;
    const read = await tryReadFormData(request, maxBytes);
    if (!read.ok) return read.tooLarge ? spec.answers.tooLarge(read.maxBytes) : spec.answers.unreadable();
    const { form } = read;
    let input: unknown = formValues(form);
    if (spec.schema) {
      const parsed = spec.schema.safeParse(spec.values ? spec.values(form) : input);
      if (!parsed.success) return spec.answers.invalid!(parsed.error);
      input = parsed.data;
    }
    return run(input, { form, request, context, params, clientNetwork: network, admin });
  };
}
