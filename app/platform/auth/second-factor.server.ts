import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { ROLES, type Role } from "~/shared/staff-access";
import { db, type Db, type Tx } from "~/platform/db/client.server";
import { adminBackupCodes, staffPolicy, adminUsers } from "~/platform/db/tables.server";
import { env } from "~/platform/env.server";
import { openSecret, sealSecret } from "./secret-box.server";

/*
 * The staff second factor (issue 31): an authenticator app's codes (TOTP, RFC 6238: SHA-1, 6 digits,
 * 30-second steps, one step either side accepted) and 10 one-time backup codes. A code is accepted once:
 * the last accepted time-step is stored and a code of that step or an earlier one is refused (replay).
 * Backup codes are kept as SHA-256 hashes and marked used. Tries are counted by the sign-in throttle
 * (the caller: second-factor-flow.server.ts).
 */

export const TOTP_PERIOD = 30;
export const TOTP_WINDOW = 1;
export const BACKUP_CODE_COUNT = 10;

function totpOf(secretBase32: string, label = "staff"): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: env().STORE_NAME,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A new authenticator secret (160 bits, base32) and its otpauth:// address for the QR code. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, email).toString() };
}

/** The time-step a code is valid for at `now` (ms), or null when it is not one of the accepted steps. */
export function matchingStep(secretBase32: string, code: string, now: number): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32).validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

/** The code an authenticator shows at `now` (tests, and the set-up page's self-check). */
export function totpCode(secretBase32: string, now: number): string {
  return totpOf(secretBase32).generate({ timestamp: now });
}

/**
 * Check an authenticator code of a member and use it up: true once per time-step. The step is stored in
 * the same statement that checks it is newer, so two requests with one code cannot both pass.
 */
export async function spendTotpCode(userId: string, code: string, now = Date.now()): Promise<boolean> {
  const [user] = await db()
    .select({ secret: adminUsers.totpSecret })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  const secret = user?.secret ? openSecret(user.secret) : null;
  if (!secret) return false;
  const step = matchingStep(secret, code, now);
  if (step === null) return false;
  const used = await db()
    .update(adminUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(adminUsers.id, userId),
        sql`(${adminUsers.totpLastStep} is null or ${adminUsers.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: adminUsers.id });
  return used.length === 1;
}

/** Turn on the authenticator with a secret the member has proved (their first code at `now`). */
export async function enableTotp(
  userId: string,
  secretBase32: string,
  code: string,
  now = Date.now(),
): Promise<{ ok: true; backupCodes: string[] } | { ok: false }> {
  const step = matchingStep(secretBase32, code, now);
  if (step === null) return { ok: false };
  const backupCodes = newBackupCodes();
  await db().transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ totpSecret: sealSecret(secretBase32), totpLastStep: step, updatedAt: sql`now()` })
      .where(eq(adminUsers.id, userId));
    await replaceBackupCodes(tx, userId, backupCodes);
  });
  return { ok: true, backupCodes };
}

/** Remove a member's authenticator, backup codes and passkeys (lost device: the owner resets them). */
export async function resetSecondFactor(database: Db | Tx, userId: string): Promise<void> {
  await database
    .update(adminUsers)
    .set({ totpSecret: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(adminUsers.id, userId));
  await database.delete(adminBackupCodes).where(eq(adminBackupCodes.userId, userId));
  await database.execute(sql`delete from admin_passkeys where user_id = ${userId}`);
}

// ---------------------------------------------------------------------------------------------------
// Backup codes

const hashCode = (code: string) =>
  crypto
    .createHash("sha256")
    .update(code.replace(/[^0-9a-z]/gi, "").toLowerCase())
    .digest("hex");

/** Ten codes like "k3f9-2m7q" (40 bits each), shown once. */
export function newBackupCodes(): string[] {
  const alphabet = "23456789abcdefghjkmnpqrstuvwxyz";
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from(crypto.randomBytes(8), (b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

export async function replaceBackupCodes(database: Db | Tx, userId: string, codes: string[]): Promise<void> {
  await database.delete(adminBackupCodes).where(eq(adminBackupCodes.userId, userId));
  await database.insert(adminBackupCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
}

/** Use a backup code: true once per code. */
export async function spendBackupCode(userId: string, code: string): Promise<boolean> {
  if (code.replace(/[^0-9a-z]/gi, "").length !== 8) return false;
  const used = await db()
    .update(adminBackupCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(adminBackupCodes.userId, userId),
        eq(adminBackupCodes.codeHash, hashCode(code)),
        isNull(adminBackupCodes.usedAt),
      ),
    )
    .returning({ id: adminBackupCodes.id });
  return used.length === 1;
}

export async function backupCodesLeft(userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(adminBackupCodes)
    .where(and(eq(adminBackupCodes.userId, userId), isNull(adminBackupCodes.usedAt)));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// The staff policy

export type StaffPolicy = { secondFactorRoles: Role[]; auditRetentionDays: number };

function defaultRoles(): Role[] {
  const v = env().ADMIN_SECOND_FACTOR_ROLES;
  if (v === "none") return [];
  return ROLES.filter((r) =>
    v
      .split(",")
      .map((x) => x.trim())
      .includes(r),
  );
}

/** The policy (made on first use from ADMIN_SECOND_FACTOR_ROLES). */
export async function staffPolicyNow(): Promise<StaffPolicy> {
  await db().insert(staffPolicy).values({ id: 1, secondFactorRoles: defaultRoles() }).onConflictDoNothing();
  const [row] = await db().select().from(staffPolicy).where(eq(staffPolicy.id, 1));
  return {
    secondFactorRoles: (row?.secondFactorRoles ?? []).filter((r): r is Role =>
      (ROLES as readonly string[]).includes(r),
    ),
    auditRetentionDays: row?.auditRetentionDays ?? 730,
  };
}

export async function saveStaffPolicy(policy: StaffPolicy): Promise<void> {
  await db()
    .insert(staffPolicy)
    .values({ id: 1, ...policy })
    .onConflictDoUpdate({ target: staffPolicy.id, set: { ...policy, updatedAt: sql`now()` } });
}
