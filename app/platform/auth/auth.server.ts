import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { failedAnswer, type FormAnswer } from "~/shared/form-answer";
import { SESSION_IDLE_MS } from "~/shared/sign-in-rules";
import { can, ROLE_LABELS, type Permission, type Role } from "~/shared/staff-access";
import { canonicalAddress, networkKey } from "~/shared/client-address";
import { db, type Db, type Tx } from "~/platform/db/client.server";
import { adminUsers, sessions } from "~/platform/db/tables.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";

/*
 * Admin sign-in and sessions. The server is the authority: every admin page, action and resource route
 * calls requireAdmin(request). A session is a row in `sessions` keyed by the SHA-256 of a random token;
 * the token lives only in the admin's HttpOnly cookie.
 */

// ---------------------------------------------------------------------------------------------------
// Cookies and origins

/** A cookie's name over HTTPS (with a __Host-/__Secure- prefix the browser enforces) and over plain HTTP. */
type CookieNames = { secure: string; plain: string };

const SESSION_COOKIE: CookieNames = { secure: "__Host-neon_admin", plain: "neon_admin" };

/** HTTPS when the request came over TLS (directly or through a trusted proxy) or the public URL is https. */
function servedOverHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || env().PUBLIC_URL.startsWith("https:");
}

function cookieName(request: Request, names: CookieNames): string {
  return servedOverHttps(request) ? names.secure : names.plain;
}

/** The Set-Cookie value of an HttpOnly cookie; Secure when the shop is served over HTTPS. */
function httpOnlyCookie(
  request: Request,
  names: CookieNames,
  value: string,
  { path, sameSite, maxAgeSeconds }: { path: string; sameSite: "Lax" | "Strict"; maxAgeSeconds: number },
): string {
  const attrs = [
    `${cookieName(request, names)}=${value}`,
    `Path=${path}`,
    "HttpOnly",
    `SameSite=${sameSite}`,
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (servedOverHttps(request)) attrs.push("Secure");
  return attrs.join("; ");
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      const value = part.slice(i + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * A shopper's private HttpOnly cookie (SameSite=Lax, Secure over HTTPS) for one part of the shop, e.g. the
 * "My data" request's key on /my-data; `maxAgeSeconds` 0 removes it.
 */
export function privateCookie(
  request: Request,
  name: string,
  value: string,
  path: string,
  maxAgeSeconds: number,
) {
  return httpOnlyCookie(request, { plain: name, secure: `__Secure-${name}` }, value, {
    path,
    sameSite: "Lax",
    maxAgeSeconds,
  });
}

/** The value of privateCookie() `name` (20 to 100 URL-safe characters), if the request carries one. */
export function readPrivateCookie(request: Request, name: string): string | undefined {
  return readCookie(request, cookieName(request, { plain: name, secure: `__Secure-${name}` }));
}

export function sessionToken(request: Request): string | undefined {
  return readCookie(request, cookieName(request, SESSION_COOKIE));
}

export function sessionCookie(request: Request, token: string, maxAgeSeconds: number): string {
  return httpOnlyCookie(request, SESSION_COOKIE, token, { path: "/", sameSite: "Lax", maxAgeSeconds });
}

const DEVICE_COOKIE: CookieNames = { secure: "__Secure-neon_admin_device", plain: "neon_admin_device" };

/** The token of the device cookie: the browser signed in to the admin before (login-throttle.server.ts). */
export function deviceToken(request: Request): string | undefined {
  return readCookie(request, cookieName(request, DEVICE_COOKIE));
}

/** The Set-Cookie value of the device cookie: sent only to admin pages, never readable by scripts. */
export function deviceCookie(request: Request, token: string, maxAgeSeconds: number): string {
  return httpOnlyCookie(request, DEVICE_COOKIE, token, { path: "/admin", sameSite: "Strict", maxAgeSeconds });
}

/**
 * A one-minute, script-readable note set with the session cookie at sign-in: the admin layout of the tab
 * that signed in consumes it and marks itself as an admin tab (the spec's per-tab marker).
 */
export const SIGN_IN_GRANT_COOKIE = "neon_admin_signin";
export function signInGrantCookie(request: Request): string {
  return `${SIGN_IN_GRANT_COOKIE}=1; Path=/admin; Max-Age=60; SameSite=Strict${servedOverHttps(request) ? "; Secure" : ""}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearSessionCookie(request: Request): string {
  return sessionCookie(request, "", 0);
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * True when a state-changing request comes from one of our own pages: the Origin header (or, when a
 * browser leaves it out, the Referer) must be one of our origins, and Sec-Fetch-Site must not say otherwise.
 * `requestOrigin` is the origin the request was addressed to (scheme and Host).
 */
export function isSameOrigin(
  header: (name: string) => string | null | undefined,
  requestOrigin: string,
): boolean {
  const own = new Set([requestOrigin]);
  try {
    own.add(new URL(env().PUBLIC_URL).origin);
  } catch {
    /* PUBLIC_URL is validated at start */
  }
  const site = header("sec-fetch-site");
  if (site && site !== "same-origin") return false;
  const origin = header("origin");
  if (origin) return own.has(origin);
  const referer = header("referer");
  if (!referer) return false;
  try {
    return own.has(new URL(referer).origin);
  } catch {
    return false;
  }
}

export function isSameOriginRequest(request: Request): boolean {
  return isSameOrigin((name) => request.headers.get(name), new URL(request.url).origin);
}

export function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

/** A guard's refusal, thrown: the one answer shape (`{ ok: false, message }`, decision 058) and its status. */
function refusal(status: 401 | 403, message: string): Response {
  return Response.json(failedAnswer(message), {
    status,
    headers: {
      "Cache-Control": "no-store",
      ...(status === 401 ? { "WWW-Authenticate": 'Cookie realm="admin"' } : {}),
    },
  });
}

/** Throws 403 unless the request is same-origin (for state-changing requests such as the login form). */
export function requireSameOrigin(request: Request): void {
  if (!isSafeMethod(request.method) && !isSameOriginRequest(request)) {
    logger.warn({ url: request.url, origin: request.headers.get("origin") }, "cross-origin request refused");
    throw refusal(403, "Cross-origin request refused");
  }
}

// ---------------------------------------------------------------------------------------------------
// Sessions

export type AdminUser = { id: string; email: string; role: Role };
export type AdminSession = {
  idHash: string;
  user: AdminUser;
  /** When this session last proved the second factor (null: never). */
  verifiedAt: Date | null;
  /** Whether the member has a second factor (an authenticator or a passkey). */
  hasSecondFactor: boolean;
};
/** A session whose password was right but whose sign-in is not finished (the code, or setting one up). */
export type PendingSession = { idHash: string; user: AdminUser; stage: "second_factor" | "enrol" };
export type SessionState =
  | { status: "admin"; session: AdminSession }
  | { status: "pending"; session: PendingSession }
  | { status: "not_admin"; idHash: string }
  | { status: "none" };

export const idleSeconds = SESSION_IDLE_MS / 1000;

/**
 * The session behind the request's cookie. Ended sessions (idle 2 h, 12 h in all, admin disabled) are
 * deleted on sight. `touch` marks the session as used now (at most once a minute).
 */
export async function getSession(request: Request, options: { touch?: boolean } = {}): Promise<SessionState> {
  const token = sessionToken(request);
  if (!token) return { status: "none" };
  return sessionByIdHash(hashToken(token), options);
}

export async function sessionByIdHash(
  idHash: string,
  options: { touch?: boolean } = {},
): Promise<SessionState> {
  const d = db();
  const rows = await d
    .select({
      userId: sessions.userId,
      email: adminUsers.email,
      role: adminUsers.role,
      isAdmin: adminUsers.isAdmin,
      disabled: adminUsers.disabled,
      stage: sessions.stage,
      verifiedAt: sessions.verifiedAt,
      hasSecondFactor: sql<boolean>`(${adminUsers.totpSecret} is not null or exists (select 1 from admin_passkeys p where p.user_id = "admin_users"."id"))`,
      live: sql<boolean>`(${sessions.expiresAt} > now() and ${sessions.lastSeenAt} > now() - make_interval(secs => ${idleSeconds}))`,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  const row = rows[0];
  if (!row) return { status: "none" };
  if (!row.live || row.disabled) {
    if (row.disabled) await d.delete(sessions).where(eq(sessions.userId, row.userId));
    else await d.delete(sessions).where(eq(sessions.idHash, idHash));
    return { status: "none" };
  }
  if (!row.isAdmin) return { status: "not_admin", idHash };
  const user = { id: row.userId, email: row.email, role: row.role };
  if (row.stage !== "full") return { status: "pending", session: { idHash, user, stage: row.stage } };
  if (options.touch !== false) {
    await d
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.idHash, idHash), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`));
  }
  return {
    status: "admin",
    session: { idHash, user, verifiedAt: row.verifiedAt, hasSecondFactor: row.hasSecondFactor },
  };
}

/** The admin session of a page request, or null. Does not throw. */
export async function currentAdmin(request: Request): Promise<AdminSession | null> {
  const s = await getSession(request);
  return s.status === "admin" ? s.session : null;
}

function isResourceRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** The body of roleRefusal's 403, as the admin error page reads it. */
export type RoleRefusalAnswer = FormAnswer & { ok: false; role: Role };

/**
 * The 403 of a signed-in member whose role does not allow what was asked (the page says so): the one answer
 * shape with the member's `role` beside it (what the admin error page tells a role refusal by).
 */
export function roleRefusal(role: Role): Response {
  const answer: RoleRefusalAnswer = {
    ...failedAnswer(`Your role (${ROLE_LABELS[role]}) does not allow this.`),
    role,
  };
  return Response.json(answer, { status: 403, headers: { "Cache-Control": "no-store" } });
}

/** Throws the 403 of roleRefusal unless the session's role has `permission` (an intent inside an action). */
export function assertCan(session: AdminSession, permission: Permission): void {
  if (!can(session.user.role, permission)) {
    logger.warn({ userId: session.user.id, permission }, "admin request refused: role");
    throw roleRefusal(session.user.role);
  }
}

/**
 * The guard of every admin page, action and resource route. Returns the staff member's session, or throws:
 * - a 403 response for a state-changing request that does not come from our own origin;
 * - a redirect to /admin/login for a page (GET, not under /api/) without a finished staff sign-in;
 * - a 401 (no session) or 403 (not staff) response for actions and resource routes;
 * - a 403 when the member's role lacks `permission`. Without a permission only the Owner passes: a new
 *   admin route is closed to the other roles until its permission is declared.
 */
export async function requireAdmin(
  request: Request,
  permission: Permission = "owner",
): Promise<AdminSession> {
  requireSameOrigin(request);
  const state = await getSession(request);
  if (state.status === "admin") {
    assertCan(state.session, permission);
    return state.session;
  }
  if (isSafeMethod(request.method) && !isResourceRequest(request)) throw redirect("/admin/login");
  throw state.status === "not_admin"
    ? refusal(403, "You do not have admin privileges.")
    : refusal(401, "Admin login required");
}

/** requireAdmin by its other name: the guard of a staff member's permission. */
export const requireStaff = requireAdmin;

/** Ends the request's session (if any) and returns the Set-Cookie value that clears the cookie. */
export async function logout(request: Request): Promise<string> {
  const token = sessionToken(request);
  if (token)
    await db()
      .delete(sessions)
      .where(eq(sessions.idHash, hashToken(token)));
  return clearSessionCookie(request);
}

/** Ends every session of an admin (password reset, disabling). Returns how many ended. */
export async function endAllSessions(database: Db | Tx, userId: string): Promise<number> {
  const ended = await database
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.idHash });
  return ended.length;
}

/**
 * The client's address in its one spelling (server/app.ts getLoadContext normalises it), for storing
 * and logging; "unknown" when the adapter passed none. Never count limits by it: use clientNetwork.
 */
export function clientAddress(context: unknown): string {
  return canonicalAddress(contextAddress(context));
}

/**
 * The key every limit and per-customer match counts a client by: its IPv4 address or its IPv6 network
 * (CLIENT_IPV6_PREFIX bits, /64 by default), so addresses rotated inside one network are one client
 * (docs/decisions/027-limits-by-network.md).
 */
export function clientNetwork(context: unknown): string {
  return networkKey(contextAddress(context), env().CLIENT_IPV6_PREFIX);
}

function contextAddress(context: unknown): string | undefined {
  const ip = (context as { clientIp?: unknown } | undefined)?.clientIp;
  return typeof ip === "string" && ip.length > 0 ? ip : undefined;
}
