import { redirect } from "react-router";
import type { AdminSession } from "./auth.server";

/*
 * Step-up (issue 31): refunds, data exports, staff changes and payment or courier settings ask for the
 * second factor again when the session last proved it more than STEP_UP_MS ago. The request is sent to
 * /admin/step-up, which checks a code (or a passkey) and returns to the page it came from, where the
 * action is sent again: a plain form round-trip that works without JavaScript. A member without a second
 * factor has nothing to prove again (the staff policy decides who must have one).
 */

export const STEP_UP_MS = 5 * 60 * 1000;

export function needsStepUp(session: AdminSession, now = Date.now()): boolean {
  if (!session.hasSecondFactor) return false;
  return !session.verifiedAt || now - session.verifiedAt.getTime() > STEP_UP_MS;
}

/** Only a path of our own admin area may be returned to (never another site). */
export function safeNext(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/admin";
  return /^\/(admin|api\/admin)(\/|\?|$)/.test(value) ? value : "/admin";
}

/** Where to return after the step-up: the page the form was on (its Referer), or the request itself (GET). */
function backOf(request: Request): string {
  const url = new URL(request.url);
  if (request.method === "GET") return url.pathname + url.search;
  try {
    const referer = new URL(request.headers.get("referer") ?? "");
    if (referer.origin === url.origin) return referer.pathname + referer.search;
  } catch {
    /* no Referer: back to the action's own page */
  }
  return url.pathname + url.search;
}

/** Throws a redirect to the step-up page when the session's second factor is older than STEP_UP_MS. */
export function requireFreshSecondFactor(request: Request, session: AdminSession): void {
  if (!needsStepUp(session)) return;
  throw redirect(`/admin/step-up?next=${encodeURIComponent(safeNext(backOf(request)))}`);
}
