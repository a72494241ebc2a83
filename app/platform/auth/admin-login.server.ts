import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pLimit from "p-limit";
import {
  INVALID_CREDENTIALS,
  NOT_ADMIN_AFTER_SIGN_IN,
  SESSION_ABSOLUTE_MS,
  accountLockoutMessage,
  lockoutMessage,
} from "~/shared/sign-in-rules";
import {
  deviceCookie,
  deviceToken,
  hashToken,
  idleSeconds,
  sessionCookie,
  sessionToken,
  type AdminUser,
} from "./auth.server";
import { db } from "~/platform/db/client.server";
import { adminUsers, loginAttempts, sessions } from "~/platform/db/tables.server";
import { logger } from "~/platform/logger.server";
import {
  DEVICE_DAYS,
  isKnownClient,
  recordSignInFailure,
  recordSignInSuccess,
  rememberDevice,
  reserveSignInAttempt,
  signInWait,
} from "./login-throttle.server";
import { isKnownDevice, mailNewDevice, stageAfterPassword } from "./sign-in-stage.server";
import { dummy, hashPassword, needsRehash, verifyPassword } from "./passwords.server";

export type LoginResult =
  | {
      ok: true;
      user: AdminUser;
      setCookie: string;
      deviceCookie: string;
      /** What the sign-in still needs: nothing ("full"), the second factor, or setting one up. */
      stage: "full" | "second_factor" | "enrol";
    }
  | { ok: false; status: 401 | 403 | 429; error: string };

/**
 * At most two password checks at a time per process: argon2 takes ~20 MiB and tens of milliseconds each,
 * so a burst of guesses waits here (in memory, holding no database connection) instead of starving the shop.
 */
const passwordChecks = pLimit(2);

/**
 * Check an email and password and open a new session. Wrong email and wrong password take about the same
 * time and give the same answer. Throttled per (email, network), per network, and per account for clients
 * the account does not know (login-throttle.server.ts); no database connection is held while waiting or
 * while the password is checked. `ip` is the client's network (auth.server clientNetwork).
 */
export async function login(
  request: Request,
  input: { email: string; password: string; ip: string },
): Promise<LoginResult> {
  const emailKey = input.email.trim().toLowerCase();
  const ip = input.ip.slice(0, 100);
  const locked = async (seconds: number, account = false) => {
    logger.warn({ email: emailKey, ip, account }, "admin sign-in refused: locked");
    const error = account ? accountLockoutMessage(seconds * 1000) : lockoutMessage(seconds * 1000);
    return { ok: false as const, status: 429 as const, error };
  };

  const [user] = await db()
    .select()
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = ${emailKey}`)
    .limit(1);
  const device = deviceToken(request);
  const known = await isKnownClient(user?.id, emailKey, ip, device);
  const wait = await signInWait(emailKey, ip, known);
  if (wait.seconds > 0) return locked(wait.seconds, wait.account);
  const reserved = await reserveSignInAttempt(emailKey, ip);
  if (!reserved.ok) return locked(reserved.waitSeconds);
  const hashForUnknown = await dummy();
  const passwordOk = await passwordChecks(() =>
    verifyPassword(user?.passwordHash ?? hashForUnknown, input.password),
  );
  const audit = (succeeded: boolean) => db().insert(loginAttempts).values({ email: emailKey, ip, succeeded });

  if (!user || !passwordOk || user.disabled || !user.isAdmin) {
    await recordSignInFailure(emailKey, ip, known);
    await audit(false);
    if (user && passwordOk && !user.disabled && !user.isAdmin) {
      logger.warn({ email: emailKey, ip }, "admin sign-in refused: not an admin");
      return { ok: false, status: 403, error: NOT_ADMIN_AFTER_SIGN_IN };
    }
    logger.info({ email: emailKey, ip }, "admin sign-in failed");
    return { ok: false, status: 401, error: INVALID_CREDENTIALS };
  }

  await recordSignInSuccess(emailKey, ip);
  const stage = await stageAfterPassword(user.id, user.role, Boolean(user.totpSecret));
  const knownDevice = device ? await isKnownDevice(user.id, device) : false;
  const newHash = needsRehash(user.passwordHash) ? await hashPassword(input.password) : null;
  const previous = sessionToken(request);
  const userAgent = request.headers.get("user-agent")?.slice(0, 400) ?? null;
  const token = crypto.randomBytes(32).toString("base64url");
  const newDevice = await db().transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ email: emailKey, ip, succeeded: true });
    if (newHash) await tx.update(adminUsers).set({ passwordHash: newHash }).where(eq(adminUsers.id, user.id));
    // A new id at every login; the session this browser had before ends.
    if (previous) await tx.delete(sessions).where(eq(sessions.idHash, hashToken(previous)));
    await tx.execute(
      sql`delete from ${sessions} where expires_at <= now() or last_seen_at <= now() - make_interval(secs => ${idleSeconds})`,
    );
    await tx.execute(sql`delete from ${loginAttempts} where created_at < now() - interval '30 days'`);
    await tx.insert(sessions).values({
      idHash: hashToken(token),
      userId: user.id,
      expiresAt: sql`now() + make_interval(secs => ${SESSION_ABSOLUTE_MS / 1000})`,
      ip,
      userAgent,
      stage,
    });
    if (stage === "full")
      await tx
        .update(adminUsers)
        .set({ lastSignInAt: sql`now()` })
        .where(eq(adminUsers.id, user.id));
    return rememberDevice(tx, user.id, device);
  });
  logger.info({ userId: user.id, ip, stage }, "admin signed in");
  // Not awaited: a slow mail server never delays the sign-in (mailNewDevice logs its own failure).
  if (!knownDevice) void mailNewDevice(user.email, userAgent, ip);
  return {
    ok: true,
    stage,
    user: { id: user.id, email: user.email, role: user.role },
    setCookie: sessionCookie(request, token, SESSION_ABSOLUTE_MS / 1000),
    deviceCookie: deviceCookie(request, newDevice, DEVICE_DAYS * 24 * 60 * 60),
  };
}
