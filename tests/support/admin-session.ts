import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { upsertAdmin } from "~/platform/auth/admin-accounts.server";
import { hashToken } from "~/platform/auth/auth.server";
import { db } from "~/platform/db/client.server";
import { adminUsers, sessions } from "~/platform/db/tables.server";
import { env } from "~/platform/env.server";
import type { Role } from "~/shared/staff-access";

/**
 * The one way integration tests act as staff: an account made as `admin:create` makes it, and a signed-in
 * session of it (a `sessions` row keyed by the hash of a random token, as sign-in writes it), without the
 * sign-in form's throttle and rate limits (tests/integration/admin-auth.test.ts covers sign-in itself).
 */

/** The origin integration tests address the shop by (set PUBLIC_URL to it for same-origin checks). */
export const ORIGIN = "http://shop.test";

/** The password of every account adminSession() makes. */
export const ADMIN_PASSWORD = "a long enough admin passphrase";

export type RequestOptions = {
  /** POST these fields (a form, as a browser posts one); `method` may say otherwise. */
  form?: Record<string, string> | FormData | URLSearchParams;
  method?: string;
  /** The Cookie header; none when left out. */
  cookie?: string;
  /** The page the request comes from: this shop unless given (`null`: no Origin header at all). */
  origin?: string | null;
  headers?: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
};

/**
 * A request to the shop at ORIGIN + `path` as a browser on one of the shop's pages sends it: Origin and
 * Sec-Fetch-Site say same-origin (unless `origin` names another site), `form` fields are posted.
 */
export function shopRequest(path: string, o: RequestOptions = {}): Request {
  const origin = o.origin === undefined ? ORIGIN : o.origin;
  const form =
    o.form === undefined || o.form instanceof FormData || o.form instanceof URLSearchParams
      ? o.form
      : new URLSearchParams(o.form);
  return new Request(`${ORIGIN}${path}`, {
    method: o.method ?? (form || o.body ? "POST" : "GET"),
    body: form ?? o.body,
    signal: o.signal,
    headers: {
      ...(origin === null ? {} : { origin }),
      ...(origin === ORIGIN ? { "sec-fetch-site": "same-origin" } : {}),
      ...(o.cookie ? { cookie: o.cookie } : {}),
      ...o.headers,
    },
  });
}

export type AdminSession = {
  userId: string;
  email: string;
  /** Who did it, for server functions that record the staff member (changeOrderStatus, saveShopSettings...). */
  actor: { id: string; email: string; role: Role };
  role: Role;
  /** The session's row key (the SHA-256 of its token). */
  idHash: string;
  /** The Cookie header of the session: `neon_admin=<token>` (`__Host-neon_admin` under https). */
  cookie: string;
  /** A request from the shop's own page with this session's cookie (see shopRequest). */
  request(path: string, options?: Omit<RequestOptions, "cookie">): Request;
};

let made = 0;

export type SessionOptions = {
  /** false: a signed-in account that is not an admin (staff without rights). A new account is an admin. */
  isAdmin?: boolean;
  /** The staff role (a new account is an Owner, as admin:create makes it; an existing one keeps its role). */
  role?: Role;
  /** When the session last proved a second factor (null, as after a sign-in without one, when left out). */
  verifiedAt?: Date | null;
  /** How long ago the session was last used (0), and how long it has left (60 minutes), in minutes. */
  idleMinutes?: number;
  expiresInMinutes?: number;
};

/**
 * A signed-in session of the account `email` (a new address each call when left out): the account is made
 * with ADMIN_PASSWORD when it does not exist yet; an existing one keeps its password and flags unless
 * `isAdmin` is given. The cookie is named as the shop names it (`__Host-` under an https PUBLIC_URL).
 */
export async function adminSession(
  email = `admin-${++made}-${crypto.randomBytes(3).toString("hex")}@neonlights.in`,
  options: SessionOptions = {},
): Promise<AdminSession> {
  const [existing] = await db()
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = ${email.toLowerCase()}`);
  const userId = existing?.id ?? (await upsertAdmin(db(), email, ADMIN_PASSWORD)).userId;
  if (options.isAdmin !== undefined)
    await db().update(adminUsers).set({ isAdmin: options.isAdmin }).where(eq(adminUsers.id, userId));
  if (options.role !== undefined)
    await db().update(adminUsers).set({ role: options.role }).where(eq(adminUsers.id, userId));
  const [{ role }] = (await db()
    .select({ role: adminUsers.role })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId))) as [{ role: Role }];
  const token = crypto.randomBytes(32).toString("base64url");
  const idHash = hashToken(token);
  await db()
    .insert(sessions)
    .values({
      idHash,
      userId,
      lastSeenAt: sql`now() - make_interval(mins => ${options.idleMinutes ?? 0})`,
      expiresAt: sql`now() + make_interval(mins => ${options.expiresInMinutes ?? 60})`,
      verifiedAt: options.verifiedAt ?? null,
    });
  const name = env().PUBLIC_URL.startsWith("https:") ? "__Host-neon_admin" : "neon_admin";
  const cookie = `${name}=${token}`;
  return {
    userId,
    email,
    actor: { id: userId, email, role },
    role,
    idHash,
    cookie,
    request: (path, o = {}) => shopRequest(path, { ...o, cookie }),
  };
}
