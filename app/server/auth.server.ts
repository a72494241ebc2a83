import crypto from "node:crypto";
import { hash, parseOptions, verify, type Options } from "@node-rs/argon2";
import { and, eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import {
  INVALID_CREDENTIALS,
  LOCKOUT_MS,
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_EMAIL,
  NOT_ADMIN_AFTER_SIGN_IN,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  lockoutMessage,
} from "~/domain/admin-auth";
import { db, type Db, type Tx } from "./db/client.server";
import { adminUsers, loginAttempts, sessions } from "./db/schema";
import { env } from "./env.server";
import { logger } from "./logger.server";

/*
 * Admin sign-in and sessions. The server is the authority: every admin page, action and resource route
 * calls requireAdmin(request). A session is a row in `sessions` keyed by the SHA-256 of a random token;
 * the token lives only in the admin's HttpOnly cookie.
 */

// ---------------------------------------------------------------------------------------------------
// Passwords

/** argon2id, 19 MiB, 2 passes, 1 lane (OWASP's minimum recommendation). */
export const ARGON2_OPTIONS: Options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker settings than today's and should be replaced. */
function needsRehash(stored: string): boolean {
  try {
    const o = parseOptions(stored);
    return o.algorithm !== 2 || o.memoryCost < ARGON2_OPTIONS.memoryCost! || o.timeCost < ARGON2_OPTIONS.timeCost!;
  } catch {
    return true;
  }
}

/** A hash of a random secret: verifying against it when the email is unknown costs the same time. */
let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(24).toString("base64url"));
  return dummyHash;
}

// ---------------------------------------------------------------------------------------------------
// Cookies and origins

const COOKIE_SECURE = "__Host-neon_admin";
const COOKIE_PLAIN = "neon_admin";

/** HTTPS when the request came over TLS (directly or through a trusted proxy) or the public URL is https. */
function servedOverHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || env().PUBLIC_URL.startsWith("https:");
}

function cookieName(request: Request): string {
  return servedOverHttps(request) ? COOKIE_SECURE : COOKIE_PLAIN;
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

function sessionToken(request: Request): string | undefined {
  return readCookie(request, cookieName(request));
}

function sessionCookie(request: Request, token: string, maxAgeSeconds: number): string {
  const secure = servedOverHttps(request);
  const attrs = [`${cookieName(request)}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (secure) attrs.push("Secure");
  return attrs.join("; ");
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

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * True when a state-changing request comes from one of our own pages: the Origin header (or, when a
 * browser leaves it out, the Referer) must be one of our origins, and Sec-Fetch-Site must not say otherwise.
 * `requestOrigin` is the origin the request was addressed to (scheme and Host).
 */
export function isSameOrigin(header: (name: string) => string | null | undefined, requestOrigin: string): boolean {
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

function refusal(status: 401 | 403, message: string): Response {
  return Response.json(
    { error: message },
    { status, headers: { "Cache-Control": "no-store", ...(status === 401 ? { "WWW-Authenticate": 'Cookie realm="admin"' } : {}) } },
  );
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

export type AdminUser = { id: string; email: string };
export type AdminSession = { idHash: string; user: AdminUser };
export type SessionState = { status: "admin"; session: AdminSession } | { status: "not_admin"; idHash: string } | { status: "none" };

const idleSeconds = SESSION_IDLE_MS / 1000;

/**
 * The session behind the request's cookie. Ended sessions (idle 2 h, 12 h in all, admin disabled) are
 * deleted on sight. `touch` marks the session as used now (at most once a minute).
 */
export async function getSession(request: Request, options: { touch?: boolean } = {}): Promise<SessionState> {
  const token = sessionToken(request);
  if (!token) return { status: "none" };
  return sessionByIdHash(hashToken(token), options);
}

export async function sessionByIdHash(idHash: string, options: { touch?: boolean } = {}): Promise<SessionState> {
  const d = db();
  const rows = await d
    .select({
      userId: sessions.userId,
      email: adminUsers.email,
      isAdmin: adminUsers.isAdmin,
      disabled: adminUsers.disabled,
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
  if (options.touch !== false) {
    await d
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.idHash, idHash), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`));
  }
  return { status: "admin", session: { idHash, user: { id: row.userId, email: row.email } } };
}

/** The admin session of a page request, or null. Does not throw. */
export async function currentAdmin(request: Request): Promise<AdminSession | null> {
  const s = await getSession(request);
  return s.status === "admin" ? s.session : null;
}

function isResourceRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

/**
 * The guard of every admin page, action and resource route. Returns the admin's session, or throws:
 * - a 403 response for a state-changing request that does not come from our own origin;
 * - a redirect to /admin/login for a page (GET, not under /api/) without an admin session;
 * - a 401 (no session) or 403 (not an admin) response for actions and resource routes.
 */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  requireSameOrigin(request);
  const state = await getSession(request);
  if (state.status === "admin") return state.session;
  if (isSafeMethod(request.method) && !isResourceRequest(request)) throw redirect("/admin/login");
  throw state.status === "not_admin"
    ? refusal(403, "You do not have admin privileges.")
    : refusal(401, "Admin login required");
}

/** Ends the request's session (if any) and returns the Set-Cookie value that clears the cookie. */
export async function logout(request: Request): Promise<string> {
  const token = sessionToken(request);
  if (token) await db().delete(sessions).where(eq(sessions.idHash, hashToken(token)));
  return clearSessionCookie(request);
}

/** Ends every session of an admin (password reset, disabling). Returns how many ended. */
export async function endAllSessions(database: Db | Tx, userId: string): Promise<number> {
  const ended = await database.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.idHash });
  return ended.length;
}

// ---------------------------------------------------------------------------------------------------
// Login

export type LoginResult =
  | { ok: true; user: AdminUser; setCookie: string }
  | { ok: false; status: 401 | 403 | 429; error: string };

/**
 * When the failures (oldest first) lock sign-in: the lock starts at the failure that makes `max` within the
 * window and lasts LOCKOUT_MS. Refused attempts are not recorded, so a lock always ends on time.
 */
export function lockedUntil(failures: Date[], max: number): Date | null {
  let until: Date | null = null;
  for (let i = max - 1; i < failures.length; i++) {
    const first = failures[i - max + 1]!;
    const last = failures[i]!;
    if (last.getTime() - first.getTime() <= LOGIN_WINDOW_MS) {
      const end = new Date(last.getTime() + LOCKOUT_MS);
      if (!until || end > until) until = end;
    }
  }
  return until;
}

const lookback = `${(LOGIN_WINDOW_MS + LOCKOUT_MS) / 1000} seconds`;

async function failuresForEmail(tx: Tx, emailKey: string): Promise<Date[]> {
  // Failures since the last success of this email (a success clears its count).
  const r = await tx.execute<{ created_at: Date | string }>(sql`
    select created_at from ${loginAttempts}
    where lower(email) = ${emailKey} and succeeded = false and created_at > now() - ${lookback}::interval
      and created_at > coalesce((select max(created_at) from ${loginAttempts} where lower(email) = ${emailKey} and succeeded), '-infinity')
    order by created_at`);
  return r.rows.map((x) => new Date(x.created_at));
}

async function failuresForAddress(tx: Tx, ip: string): Promise<Date[]> {
  const r = await tx.execute<{ created_at: Date | string }>(sql`
    select created_at from ${loginAttempts}
    where ip = ${ip} and succeeded = false and created_at > now() - ${lookback}::interval
    order by created_at`);
  return r.rows.map((x) => new Date(x.created_at));
}

async function dbNow(tx: Tx): Promise<Date> {
  const r = await tx.execute<{ now: Date | string }>(sql`select now() as now`);
  return new Date(r.rows[0]!.now);
}

/**
 * Check an email and password and open a new session. Wrong email and wrong password take about the same
 * time and give the same answer. After MAX_FAILURES_PER_EMAIL failures for an email (or
 * MAX_FAILURES_PER_ADDRESS from one address) within the window, attempts are refused for LOCKOUT_MS.
 */
export async function login(
  request: Request,
  input: { email: string; password: string; ip: string },
): Promise<LoginResult> {
  const emailKey = input.email.trim().toLowerCase();
  const ip = input.ip.slice(0, 100);
  const userAgent = request.headers.get("user-agent")?.slice(0, 400) ?? null;
  const previous = sessionToken(request);
  const hashForUnknown = await dummy();

  return db().transaction(async (tx) => {
    // One attempt at a time per email and per address, so parallel guesses cannot overrun the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-email:${emailKey}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);

    const now = await dbNow(tx);
    const locks = [
      lockedUntil(await failuresForEmail(tx, emailKey), MAX_FAILURES_PER_EMAIL),
      lockedUntil(await failuresForAddress(tx, ip), MAX_FAILURES_PER_ADDRESS),
    ].filter((d): d is Date => d !== null && d > now);
    if (locks.length > 0) {
      const until = Math.max(...locks.map((d) => d.getTime()));
      logger.warn({ email: emailKey, ip }, "admin sign-in refused: locked");
      return { ok: false as const, status: 429 as const, error: lockoutMessage(until - now.getTime()) };
    }

    const [user] = await tx.select().from(adminUsers).where(sql`lower(${adminUsers.email}) = ${emailKey}`).limit(1);
    const passwordOk = await verifyPassword(user?.passwordHash ?? hashForUnknown, input.password);
    const record = (succeeded: boolean) => tx.insert(loginAttempts).values({ email: emailKey, ip, succeeded });

    if (!user || !passwordOk || user.disabled) {
      await record(false);
      logger.info({ email: emailKey, ip }, "admin sign-in failed");
      return { ok: false as const, status: 401 as const, error: INVALID_CREDENTIALS };
    }
    if (!user.isAdmin) {
      await record(false);
      logger.warn({ email: emailKey, ip }, "admin sign-in refused: not an admin");
      return { ok: false as const, status: 403 as const, error: NOT_ADMIN_AFTER_SIGN_IN };
    }

    await record(true);
    if (needsRehash(user.passwordHash)) {
      await tx.update(adminUsers).set({ passwordHash: await hashPassword(input.password) }).where(eq(adminUsers.id, user.id));
    }
    // A new id at every login; the session this browser had before ends.
    if (previous) await tx.delete(sessions).where(eq(sessions.idHash, hashToken(previous)));
    await tx.execute(sql`delete from ${sessions} where expires_at <= now() or last_seen_at <= now() - make_interval(secs => ${idleSeconds})`);
    await tx.execute(sql`delete from ${loginAttempts} where created_at < now() - interval '1 day'`);
    const token = crypto.randomBytes(32).toString("base64url");
    await tx.insert(sessions).values({
      idHash: hashToken(token),
      userId: user.id,
      expiresAt: sql`now() + make_interval(secs => ${SESSION_ABSOLUTE_MS / 1000})`,
      ip,
      userAgent,
    });
    logger.info({ userId: user.id, ip }, "admin signed in");
    return {
      ok: true as const,
      user: { id: user.id, email: user.email },
      setCookie: sessionCookie(request, token, SESSION_ABSOLUTE_MS / 1000),
    };
  });
}

/** The client address passed by the Express adapter (server/app.ts getLoadContext). */
export function clientIp(context: unknown): string {
  const ip = (context as { clientIp?: unknown } | undefined)?.clientIp;
  return typeof ip === "string" && ip.length > 0 ? ip : "unknown";
}

// ---------------------------------------------------------------------------------------------------
// Accounts (admin:create)

export type UpsertAdminResult = { action: "created" | "reset"; userId: string; sessionsEnded: number };

/** Create an admin, or reset an existing one's password (re-enabling it and ending its sessions). */
export async function upsertAdmin(database: Db, email: string, password: string): Promise<UpsertAdminResult> {
  const passwordHash = await hashPassword(password);
  return database.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(sql`lower(${adminUsers.email}) = ${email.toLowerCase()}`)
      .for("update")
      .limit(1);
    if (existing) {
      await tx
        .update(adminUsers)
        .set({ passwordHash, isAdmin: true, disabled: false, updatedAt: sql`now()` })
        .where(eq(adminUsers.id, existing.id));
      const ended = await endAllSessions(tx, existing.id);
      return { action: "reset" as const, userId: existing.id, sessionsEnded: ended };
    }
    const [created] = await tx.insert(adminUsers).values({ email, passwordHash }).returning({ id: adminUsers.id });
    return { action: "created" as const, userId: created!.id, sessionsEnded: 0 };
  });
}

/** Disable or re-enable an admin; disabling ends every session at once. Null when the email is unknown. */
export async function setAdminDisabled(database: Db, email: string, disabled: boolean): Promise<{ sessionsEnded: number } | null> {
  return database.transaction(async (tx) => {
    const [user] = await tx
      .update(adminUsers)
      .set({ disabled, updatedAt: sql`now()` })
      .where(sql`lower(${adminUsers.email}) = ${email.toLowerCase()}`)
      .returning({ id: adminUsers.id });
    if (!user) return null;
    return { sessionsEnded: disabled ? await endAllSessions(tx, user.id) : 0 };
  });
}
