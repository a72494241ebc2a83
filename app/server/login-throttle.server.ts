import { sql } from "drizzle-orm";
import type { Db, Tx } from "./db/client.server";
import { consume, RateLimited, resetLimit, waitSeconds } from "./rate-limit.server";

/*
 * Admin sign-in throttling a stranger cannot turn against the owner (docs/decisions/011-login-and-intake.md):
 * attempts are counted per (email, address) pair — 5 per 15 minutes, a success clears it — and failures per
 * address — 20 per 15 minutes, whatever the email. Failures from one address never lock another address
 * out of the same account. Counters live in PostgreSQL (shared by every instance).
 */

const pairKey = (emailKey: string, ip: string) => `${emailKey}|${ip}`;

/** Seconds before this email may be tried again from this address (0: now). */
export async function signInWait(emailKey: string, ip: string): Promise<number> {
  const [pair, address] = await Promise.all([
    waitSeconds("loginPerEmailAndAddress", pairKey(emailKey, ip)),
    waitSeconds("loginFailuresPerAddress", ip),
  ]);
  return Math.max(pair, address);
}

/** Count an attempt before the password is checked, so parallel guesses cannot overrun the limit. */
export async function reserveSignInAttempt(
  emailKey: string,
  ip: string,
): Promise<{ ok: true } | { ok: false; waitSeconds: number }> {
  try {
    await consume("loginPerEmailAndAddress", pairKey(emailKey, ip));
    return { ok: true };
  } catch (err) {
    if (err instanceof RateLimited) return { ok: false, waitSeconds: err.retryAfterSeconds };
    throw err;
  }
}

export async function recordSignInFailure(ip: string): Promise<void> {
  await consume("loginFailuresPerAddress", ip).catch((err: unknown) => {
    if (!(err instanceof RateLimited)) throw err;
  });
}

export async function recordSignInSuccess(emailKey: string, ip: string): Promise<void> {
  await resetLimit("loginPerEmailAndAddress", pairKey(emailKey, ip));
}

/** Lift every sign-in lock of an email, from every address (admin:create). Returns how many were lifted. */
export async function clearLoginLocks(database: Db | Tx, email: string): Promise<number> {
  const prefix = `loginPerEmailAndAddress:${email.trim().toLowerCase()}|`;
  const r = await database.execute(
    sql`delete from rate_limits where left(key, ${prefix.length}) = ${prefix}`,
  );
  return r.rowCount ?? 0;
}
