import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "~/platform/db/client.server";
import { adminDevices, loginAttempts } from "~/platform/db/tables.server";
import { countQuietly, resetLimit, tryConsume, waitSeconds } from "~/platform/limits/rate-limit.server";

/*
 * Admin sign-in throttling a stranger cannot turn against the owner (docs/decisions/011-login-and-intake.md,
 * 028-account-sign-in-defence.md). Every key that names a client is its network (auth.server clientNetwork):
 * - attempts per (email, network): 5 per 15 minutes, a success clears it;
 * - failures per network, whatever the email: 20 per 15 minutes;
 * - failures per account from *unknown* clients, whatever the network: 10 an hour and 30 a day, then
 *   unknown clients wait. A client is known to an account when its browser carries a device cookie from
 *   an earlier sign-in of that account, or its network signed in to it in the last 30 days. Known clients
 *   never wait for the account-wide count, so an attacker rotating networks slows only other strangers,
 *   never the owner at their own browser or network.
 * Counters live in PostgreSQL (shared by every instance).
 */

const pairKey = (emailKey: string, network: string) => `${emailKey}|${network}`;

/** How long a browser stays known after its last sign-in. */
export const DEVICE_DAYS = 180;
/** How long a network stays known after a sign-in from it (the sign-in audit keeps 30 days). */
const KNOWN_NETWORK_DAYS = 30;

export const hashDeviceToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Whether this browser (its device token) or this network has signed in to the account before. Unknown
 * emails have no known clients: they are slowed like any account, so the answer tells nothing.
 */
export async function isKnownClient(
  userId: string | undefined,
  emailKey: string,
  network: string,
  deviceToken: string | undefined,
): Promise<boolean> {
  if (!userId) return false;
  if (deviceToken) {
    const [device] = await db()
      .select({ userId: adminDevices.userId })
      .from(adminDevices)
      .where(
        and(
          eq(adminDevices.tokenHash, hashDeviceToken(deviceToken)),
          eq(adminDevices.userId, userId),
          sql`${adminDevices.lastUsedAt} > now() - make_interval(days => ${DEVICE_DAYS})`,
        ),
      )
      .limit(1);
    if (device) return true;
  }
  const r = await db().execute(sql`
    select 1 from ${loginAttempts}
    where lower(email) = ${emailKey} and ip = ${network} and succeeded
      and created_at > now() - make_interval(days => ${KNOWN_NETWORK_DAYS})
    limit 1`);
  return r.rows.length > 0;
}

/**
 * Seconds before this email may be tried again from this network (0: now), and whether it is the
 * account-wide count that holds it back (strangers' guesses from many networks).
 */
export async function signInWait(
  emailKey: string,
  network: string,
  known: boolean,
): Promise<{ seconds: number; account: boolean }> {
  const [pair, address, hour, day] = await Promise.all([
    waitSeconds("loginPerEmailAndAddress", pairKey(emailKey, network)),
    waitSeconds("loginFailuresPerAddress", network),
    known ? 0 : waitSeconds("loginFailuresPerAccount", emailKey),
    known ? 0 : waitSeconds("loginFailuresPerAccountDay", emailKey),
  ]);
  const account = Math.max(hour, day);
  return { seconds: Math.max(pair, address, account), account: account > Math.max(pair, address) };
}

/** Count an attempt before the password is checked, so parallel guesses cannot overrun the limit. */
export async function reserveSignInAttempt(
  emailKey: string,
  network: string,
): Promise<{ ok: true } | { ok: false; waitSeconds: number }> {
  const counted = await tryConsume("loginPerEmailAndAddress", pairKey(emailKey, network));
  return counted.ok ? { ok: true } : { ok: false, waitSeconds: counted.retryAfterSeconds };
}

/** A failed sign-in: counted for the network, and for the account when the client is not known to it. */
export async function recordSignInFailure(emailKey: string, network: string, known: boolean): Promise<void> {
  await countQuietly("loginFailuresPerAddress", network);
  if (known) return;
  await countQuietly("loginFailuresPerAccount", emailKey);
  await countQuietly("loginFailuresPerAccountDay", emailKey);
}

/** A success clears the pair's count; the account-wide count stays (a stranger's guesses keep counting). */
export async function recordSignInSuccess(emailKey: string, network: string): Promise<void> {
  await resetLimit("loginPerEmailAndAddress", pairKey(emailKey, network));
}

/**
 * Whether this browser finished a sign-in of the account with its second factor (admin_devices.proved_at):
 * only such browsers skip the account-wide count of code tries. A browser that got only the password right
 * holds a device token too, so the token alone proves nothing at the code step.
 */
export async function isProvedDevice(userId: string, deviceToken: string | undefined): Promise<boolean> {
  if (!deviceToken) return false;
  const [row] = await db()
    .select({ userId: adminDevices.userId })
    .from(adminDevices)
    .where(
      and(
        eq(adminDevices.tokenHash, hashDeviceToken(deviceToken)),
        eq(adminDevices.userId, userId),
        sql`${adminDevices.provedAt} is not null`,
        sql`${adminDevices.lastUsedAt} > now() - make_interval(days => ${DEVICE_DAYS})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** This browser just finished a sign-in of the account with its second factor. */
export async function markDeviceProved(userId: string, deviceToken: string | undefined): Promise<void> {
  if (!deviceToken) return;
  await db()
    .update(adminDevices)
    .set({ provedAt: sql`now()`, lastUsedAt: sql`now()` })
    .where(and(eq(adminDevices.tokenHash, hashDeviceToken(deviceToken)), eq(adminDevices.userId, userId)));
}

/**
 * Remember the browser that signed in (a new token each time; the one it had is replaced) and forget
 * browsers unused for DEVICE_DAYS. Returns the token for the device cookie.
 */
export async function rememberDevice(
  tx: Tx,
  userId: string,
  previousToken: string | undefined,
): Promise<string> {
  // The browser keeps what it proved for this account (a new token, the same browser).
  const [previous] = previousToken
    ? await tx
        .delete(adminDevices)
        .where(eq(adminDevices.tokenHash, hashDeviceToken(previousToken)))
        .returning({ userId: adminDevices.userId, provedAt: adminDevices.provedAt })
    : [];
  await tx.execute(
    sql`delete from ${adminDevices} where last_used_at <= now() - make_interval(days => ${DEVICE_DAYS})`,
  );
  const token = crypto.randomBytes(32).toString("base64url");
  const provedAt = previous?.userId === userId ? previous.provedAt : null;
  await tx.insert(adminDevices).values({ tokenHash: hashDeviceToken(token), userId, provedAt });
  return token;
}

/**
 * Lift every sign-in lock of an email, from every network and the account-wide counts (admin:create).
 * Returns how many were lifted.
 */
export async function clearLoginLocks(database: Db | Tx, email: string): Promise<number> {
  const key = email.trim().toLowerCase();
  const prefix = `loginPerEmailAndAddress:${key}|`;
  const r = await database.execute(
    sql`delete from rate_limits where left(key, ${prefix.length}) = ${prefix}
      or key in (${`loginFailuresPerAccount:${key}`}, ${`loginFailuresPerAccountDay:${key}`})`,
  );
  return r.rowCount ?? 0;
}
