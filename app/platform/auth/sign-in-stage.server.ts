import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { SESSION_ABSOLUTE_MS } from "~/shared/sign-in-rules";
import { deviceToken, hashToken, sessionCookie } from "./auth.server";
import { ROLE_LABELS, type Role } from "~/shared/staff-access";
import { db } from "~/platform/db/client.server";
import { adminDevices, adminPasskeys, sessions, adminUsers } from "~/platform/db/tables.server";
import { sendMail } from "~/platform/email.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import {
  isProvedDevice,
  recordSignInFailure,
  recordSignInSuccess,
  reserveSignInAttempt,
  hashDeviceToken,
} from "./login-throttle.server";
import { refund, tryConsume, waitSeconds } from "~/platform/limits/rate-limit.server";
import { staffPolicyNow, spendBackupCode, spendTotpCode } from "./second-factor.server";

/*
 * The steps of a staff sign-in after the password (issue 31): a member with an authenticator or a passkey
 * gives a code (or a backup code, or uses the passkey) before the session is "full"; a member whose role
 * the staff policy requires a second factor of, and who has none yet, sets one up first ("enrol").
 * Code tries count in the sign-in throttle: 5 per (email, network) per 15 minutes, like passwords.
 */

export async function stageAfterPassword(
  userId: string,
  role: Role,
  hasTotp: boolean,
): Promise<"full" | "second_factor" | "enrol"> {
  if (hasTotp) return "second_factor";
  const [passkey] = await db()
    .select({ id: adminPasskeys.id })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.userId, userId))
    .limit(1);
  if (passkey) return "second_factor";
  const policy = await staffPolicyNow();
  return policy.secondFactorRoles.includes(role) ? "enrol" : "full";
}

/** Whether this browser's device cookie belongs to an earlier sign-in of this member. */
export async function isKnownDevice(userId: string, deviceToken: string): Promise<boolean> {
  const [row] = await db()
    .select({ userId: adminDevices.userId })
    .from(adminDevices)
    .where(and(eq(adminDevices.tokenHash, hashDeviceToken(deviceToken)), eq(adminDevices.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** "A new sign-in to your staff account": mailed when a browser the member never used signs in. */
export async function mailNewDevice(email: string, userAgent: string | null, network: string): Promise<void> {
  const e = env();
  try {
    await sendMail({
      to: email,
      subject: `New sign-in to your ${e.STORE_NAME} staff account`,
      content: {
        preview: "A browser you have not used before signed in.",
        blocks: [
          { kind: "paragraph", text: "Your staff account was just signed in to from a new browser:" },
          {
            kind: "lines",
            lines: [`Browser: ${(userAgent ?? "unknown").slice(0, 200)}`, `Network: ${network}`],
          },
          {
            kind: "paragraph",
            text: "If this was not you, open My Security and sign out everywhere, then ask the shop owner to reset your password.",
          },
          { kind: "link", url: `${e.PUBLIC_URL}/admin/security`, label: "My Security" },
        ],
        shop: { name: e.STORE_NAME, publicUrl: e.PUBLIC_URL },
      },
    });
  } catch (err) {
    logger.error({ err }, "new sign-in mail not sent");
  }
}

export type CodeCheck = { ok: true } | { ok: false; status: 401 | 429; error: string };

export const WRONG_CODE = "That code is not right. Try the newest code, or a backup code.";
export const CODES_LOCKED =
  "Too many wrong codes for this account: this sign-in has ended. Please try again later from a browser you have signed in with before.";

/**
 * Check a code (an authenticator's 6 digits, or a backup code) of a member. Counted twice (issue 41):
 * - by the sign-in throttle: 5 tries per (email, network) per 15 minutes, then a wait;
 * - per account, whatever the network, for browsers that never finished a sign-in of it with a code:
 *   10 an hour and 20 a day (codeTriesPerAccount, a right code gives its try back). Running out ends the
 *   account's unfinished sign-ins (and the session that tried, unless its browser proved itself before) and
 *   mails the member. The member's own browser keeps signing in.
 */
export async function checkSecondFactor(
  request: Request,
  session: { idHash: string; user: { id: string; email: string } },
  code: string,
  network: string,
  now = Date.now(),
): Promise<CodeCheck> {
  const { user } = session;
  const emailKey = user.email.toLowerCase();
  const reserved = await reserveSignInAttempt(emailKey, network);
  if (!reserved.ok) {
    const minutes = Math.max(1, Math.ceil(reserved.waitSeconds / 60));
    return { ok: false, status: 429, error: `Too many wrong codes. Please try again in ${minutes} minutes.` };
  }
  const device = deviceToken(request);
  const proved = await isProvedDevice(user.id, device);
  if (!proved) {
    const hour = await tryConsume("codeTriesPerAccount", user.id);
    const day = hour.ok ? await tryConsume("codeTriesPerAccountDay", user.id) : hour;
    if (!day.ok) return codesRanOut(request, session, network);
  }
  const trimmed = code.trim();
  const ok = /^\d{6}$/.test(trimmed.replace(/\s+/g, ""))
    ? await spendTotpCode(user.id, trimmed, now)
    : await spendBackupCode(user.id, trimmed);
  if (!ok) {
    await recordSignInFailure(emailKey, network, true);
    logger.info({ userId: user.id, network }, "second factor refused");
    if (!proved && (await accountCodesSpent(user.id))) return codesRanOut(request, session, network);
    return { ok: false, status: 401, error: WRONG_CODE };
  }
  await recordSignInSuccess(emailKey, network);
  if (!proved)
    await Promise.all([refund("codeTriesPerAccount", user.id), refund("codeTriesPerAccountDay", user.id)]);
  return { ok: true };
}

async function accountCodesSpent(userId: string): Promise<boolean> {
  const [hour, day] = await Promise.all([
    waitSeconds("codeTriesPerAccount", userId),
    waitSeconds("codeTriesPerAccountDay", userId),
  ]);
  return hour > 0 || day > 0;
}

/**
 * The account's code tries ran out: every unfinished sign-in of it ends, and so does the session that tried
 * (a full session here is a step-up from a browser that never proved itself: a stolen cookie); the member
 * is mailed (once an hour).
 */
async function codesRanOut(
  request: Request,
  session: { idHash: string; user: { id: string; email: string } },
  network: string,
): Promise<CodeCheck> {
  await db()
    .delete(sessions)
    .where(
      sql`${sessions.userId} = ${session.user.id} and (${sessions.stage} <> 'full' or ${sessions.idHash} = ${session.idHash})`,
    );
  logger.warn({ userId: session.user.id, network }, "second factor: the account's code tries ran out");
  if ((await tryConsume("codeLockMailPerAccount", session.user.id)).ok)
    void mailCodesRanOut(session.user.email, request.headers.get("user-agent"), network);
  return { ok: false, status: 429, error: CODES_LOCKED };
}

async function mailCodesRanOut(email: string, userAgent: string | null, network: string): Promise<void> {
  const e = env();
  try {
    await sendMail({
      to: email,
      subject: `Wrong sign-in codes for your ${e.STORE_NAME} staff account`,
      content: {
        preview: "Someone who knows your password entered many wrong codes.",
        blocks: [
          {
            kind: "paragraph",
            text: "Someone who knows your password entered too many wrong second-factor codes for your staff account. Their sign-in has ended, and codes from browsers you have not signed in with are refused for up to a day.",
          },
          {
            kind: "lines",
            lines: [`Last tried from: ${(userAgent ?? "unknown").slice(0, 200)}`, `Network: ${network}`],
          },
          {
            kind: "paragraph",
            text: "You can still sign in from a browser you have used before. Ask the shop owner to reset your password (or run npm run admin:create for the owner's account), then open My Security and sign out everywhere.",
          },
          { kind: "link", url: `${e.PUBLIC_URL}/admin/security`, label: "My Security" },
        ],
        shop: { name: e.STORE_NAME, publicUrl: e.PUBLIC_URL },
      },
    });
  } catch (err) {
    logger.error({ err }, "code lock mail not sent");
  }
}

/** The session passed its second factor (sign-in or step-up): full, and proved now. */
export async function markVerified(idHash: string, userId: string, signIn: boolean): Promise<void> {
  await db()
    .update(sessions)
    .set({ stage: "full", verifiedAt: sql`now()` })
    .where(eq(sessions.idHash, idHash));
  if (signIn)
    await db()
      .update(adminUsers)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(adminUsers.id, userId));
}

export const roleLabel = (role: Role) => ROLE_LABELS[role];

/** Open a session for a member who just proved who they are (an accepted invitation): its Set-Cookie. */
export async function startSession(
  request: Request,
  userId: string,
  stage: "full" | "enrol",
  network: string,
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db()
    .insert(sessions)
    .values({
      idHash: hashToken(token),
      userId,
      expiresAt: sql`now() + make_interval(secs => ${SESSION_ABSOLUTE_MS / 1000})`,
      ip: network,
      userAgent: request.headers.get("user-agent")?.slice(0, 400) ?? null,
      stage,
    });
  if (stage === "full")
    await db()
      .update(adminUsers)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(adminUsers.id, userId));
  return sessionCookie(request, token, SESSION_ABSOLUTE_MS / 1000);
}
