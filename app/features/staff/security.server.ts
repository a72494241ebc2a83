import { and, desc, eq, sql } from "drizzle-orm";
import { endAllSessions, idleSeconds } from "~/platform/auth/auth.server";
import { backupCodesLeft, newBackupCodes, replaceBackupCodes } from "~/platform/auth/second-factor.server";
import { db } from "~/platform/db/client.server";
import { adminPasskeys, sessions, adminUsers } from "~/platform/db/tables.server";

/** A staff member's own security (My Security): their sessions, second factor and passkeys. */

/** One of the member's passkeys as My Security lists it. */
export type PasskeyRow = Awaited<ReturnType<typeof mySecurity>>["passkeys"][number];

export async function mySecurity(userId: string, currentIdHash: string) {
  const [user] = await db()
    .select({ hasAuthenticator: sql<boolean>`${adminUsers.totpSecret} is not null` })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  const live = await db()
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        sql`${sessions.expiresAt} > now() and ${sessions.lastSeenAt} > now() - make_interval(secs => ${idleSeconds})`,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  const passkeys = await db()
    .select({
      id: adminPasskeys.id,
      name: adminPasskeys.name,
      createdAt: adminPasskeys.createdAt,
      lastUsedAt: adminPasskeys.lastUsedAt,
    })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.userId, userId))
    .orderBy(desc(adminPasskeys.createdAt));
  return {
    hasAuthenticator: Boolean(user?.hasAuthenticator),
    backupCodesLeft: await backupCodesLeft(userId),
    passkeys,
    sessions: live.map(({ idHash, ...s }) => ({ ...s, current: idHash === currentIdHash })),
  };
}

/** "Sign out everywhere": every session of the member ends, this one too. */
export async function signOutEverywhere(userId: string): Promise<number> {
  return endAllSessions(db(), userId);
}

/** New backup codes (the old ones stop working), shown once. */
export async function renewBackupCodes(userId: string): Promise<string[]> {
  const codes = newBackupCodes();
  await db().transaction((tx) => replaceBackupCodes(tx, userId, codes));
  return codes;
}

export async function removePasskey(userId: string, id: string): Promise<boolean> {
  const r = await db()
    .delete(adminPasskeys)
    .where(and(eq(adminPasskeys.userId, userId), eq(adminPasskeys.id, id)))
    .returning({ id: adminPasskeys.id });
  return r.length === 1;
}
