import { data } from "react-router";
import type { z } from "~/shared/zod";
import { fieldErrorsOf, formValues } from "~/shared/form-errors";
import { CHECK_FIELDS, failedAnswer, type FormAnswer } from "~/shared/form-answer";
import { hasNul, NUL_MESSAGE } from "~/shared/text";
import { intentNeeds, type IntentRules, type Permission } from "~/shared/staff-access";
import { auditAdminChange } from "~/platform/audit.server";
import { requireFreshSecondFactor } from "~/platform/auth/step-up.server";
import {
  assertCan,
  clientAddress,
  clientNetwork,
  requireAdmin,
  requireSameOrigin,
  type AdminSession,
} from "~/platform/auth/auth.server";
import { tryReadFormData } from "./form-body.server";
import {
  retryAfter,
  tryConsume,
  type LimitName,
  type LimitRefusal,
} from "~/platform/limits/rate-limit.server";

/*
 * The one server pipeline of a form action: the guard, the client's rate limit, the body read with a cap
 * while it streams, the schema, then the handler. Each refusal gets the one form answer (FormAnswer, with
 * the right status code) unless the action gives its own in `answers`, so no action catches RateLimited,
 * BodyTooLarge or BadFormBody by hand. JSON endpoints have the same in jsonEndpoint().
 */

/** A refusal in the one answer shape, with its status (and headers). */
export type RefusalAnswer = ReturnType<typeof refusal>;
function refusal(status: number, answer: FormAnswer & { ok: false }, headers?: Record<string, string>) {
  return data(answer, { status, ...(headers ? { headers } : {}) });
}

/** The answers every form action gives unless it says otherwise. */
export const defaultAnswers = {
  rateLimited: (r: LimitRefusal) => refusal(429, failedAnswer(r.message), retryAfter(r)),
  tooLarge: (_maxBytes?: number) => refusal(413, failedAnswer("The form is too large.")),
  unreadable: () => refusal(400, failedAnswer("The form could not be read. Please try again.")),
  invalid: (error: z.ZodError) => refusal(400, failedAnswer(CHECK_FIELDS, fieldErrorsOf(error))),
};

/** An intent the action does not list (its `intents`): nothing was done. */
const unknownIntent = (intent: string) =>
  refusal(400, failedAnswer("Unknown action.", undefined, intent || undefined));

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

/** An action's own answers to refusals (each one left out gets defaultAnswers'). */
export type FormAnswers<L, T, U> = {
  /** Over `limit` (the answer is expected to be a 429 with Retry-After). */
  rateLimited?: (refusal: LimitRefusal) => L;
  /** The body passed `maxBytes`, announced or while it streamed. */
  tooLarge?: (maxBytes: number) => T;
  /** Not a form submission, or a form that could not be read. */
  unreadable?: () => U;
};

type Spec<G extends Guard> = {
  guard: G;
  /**
   * What an "admin" guard checks the member's role for (staff-roles.ts); left out, only the Owner may post.
   */
  permission?: Permission;
  /**
   * Every intent the action accepts (the form's `intentField`) and what each needs beyond `permission`
   * (staff-roles.ts IntentRule: its permission; money or the books also need the refunds permission and
   * step-up), checked once the body is read and before anything else: an intent not listed answers 400 and
   * nothing is done, one the member's role may not use answers 403. The action carries this table
   * (`intentRules`), so a test can walk every intent of every action against every role.
   */
  intents?: IntentRules;
  /** The field that names the intent (default "intent"). */
  intentField?: string;
  /**
   * Ask for the second factor again when it is older than 5 minutes (step-up.server.ts): always, or when
   * this says so of the form's fields (e.g. only two intents of My Security).
   */
  stepUp?: boolean | ((fields: Record<string, string>) => boolean);
  /** false: this action writes its own audit rows (an "admin" guard records every change by default). */
  audit?: false;
  /** Counted per client network after the guard and before the body is read. */
  limit?: LimitName;
  /** The body cap in bytes, enforced while the body streams (or the cap for this request, e.g. by type). */
  maxBytes: number | ((request: Request) => number);
};

type WithSchema<G extends Guard, S extends z.ZodType, L, T, U, I> = Spec<G> & {
  schema: S;
  /** What the schema parses (default: the form's text fields, formValues). */
  values?: (form: FormData) => unknown;
  answers?: FormAnswers<L, T, U> & {
    /** The form does not match the schema (nothing was done). */
    invalid?: (error: z.ZodError) => I;
  };
};

type WithoutSchema<G extends Guard, L, T, U> = Spec<G> & {
  schema?: undefined;
  values?: undefined;
  answers?: FormAnswers<L, T, U> & { invalid?: undefined };
};

/** What an action says of its intents (formAction's `intents`), for tests that walk them. */
export type DeclaredIntents = { intentRules?: IntentRules; intentField?: string };

type Action<R> = ((args: FormActionArgs) => Promise<R>) & DeclaredIntents;

/**
 * A form action: guard, rate limit, capped body and schema, in that order, then `handle` with the parsed
 * input (without a schema: the form's text fields) and the form, request and admin session.
 */
export function formAction<
  G extends Guard,
  S extends z.ZodType,
  R,
  L = RefusalAnswer,
  T = RefusalAnswer,
  U = RefusalAnswer,
  I = RefusalAnswer,
>(
  spec: WithSchema<G, S, L, T, U, I>,
  handle: (input: z.output<S>, ctx: FormActionContext<G>) => R | Promise<R>,
): Action<Awaited<R> | L | T | U | I>;
export function formAction<G extends Guard, R, L = RefusalAnswer, T = RefusalAnswer, U = RefusalAnswer>(
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
  const answers = { ...defaultAnswers, ...spec.answers } as typeof defaultAnswers;
  const intentField = spec.intentField ?? "intent";
  const action: Action<unknown> = async ({ request, context, params = {} }) => {
    let admin: AdminSession | null = null;
    if (spec.guard === "admin") admin = await requireAdmin(request, spec.permission);
    else if (spec.guard === "same-origin") requireSameOrigin(request);
    const network = clientNetwork(context);
    if (spec.limit) {
      const counted = await tryConsume(spec.limit, network);
      if (!counted.ok) return answers.rateLimited(counted);
    }
    const maxBytes = typeof spec.maxBytes === "function" ? spec.maxBytes(request) : spec.maxBytes;
    const read = await tryReadFormData(request, maxBytes);
    if (!read.ok) return read.tooLarge ? answers.tooLarge(read.maxBytes) : answers.unreadable();
    const { form } = read;
    // A NUL anywhere (PostgreSQL cannot store one): one clear answer, nothing done.
    if ([...form].some(([name, v]) => hasNul(name) || (typeof v === "string" ? hasNul(v) : hasNul(v.name))))
      return refusal(400, failedAnswer(NUL_MESSAGE));
    const fields = formValues(form);
    // The intent's own rule: refused unless listed, then its permissions (role), then step-up.
    let stepUp = typeof spec.stepUp === "function" ? spec.stepUp(fields) : spec.stepUp;
    if (spec.intents) {
      const name = fields[intentField] ?? "";
      const rule = Object.hasOwn(spec.intents, name) ? spec.intents[name] : undefined;
      if (!rule) return unknownIntent(name);
      const needs = intentNeeds(rule, fields);
      if (admin) for (const permission of needs.permissions) assertCan(admin, permission);
      stepUp = stepUp || needs.stepUp;
    }
    // Step-up before anything is checked or done: re-verify, come back, send the form again.
    if (admin && stepUp) requireFreshSecondFactor(request, admin);
    let input: unknown = fields;
    if (spec.schema) {
      const parsed = spec.schema.safeParse(spec.values ? spec.values(form) : input);
      if (!parsed.success) return answers.invalid(parsed.error);
      input = parsed.data;
    }
    const ctx = { form, request, context, params, clientNetwork: network, admin };
    if (!admin) return run(input, ctx);
    if (spec.audit === false) return run(input, ctx);
    const who = { actor: admin.user, ip: clientAddress(context), request, form };
    return auditAdminChange(who, async () => run(input, ctx));
  };
  return spec.intents ? Object.assign(action, { intentRules: spec.intents, intentField }) : action;
}
