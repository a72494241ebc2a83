import { eq, sql } from "drizzle-orm";
import { endAllSessions } from "./auth.server";
import type { Db } from "~/platform/db/client.server";
import { adminDevices, adminUsers } from "~/platform/db/tables.server";
import { clearLoginLocks } from "./login-throttle.server";
import { hashPassword } from "./passwords.server";
import { resetSecondFactor } from "./second-factor.server";

/* Admin accounts, for the admin:create command: it makes (or recovers) an Owner. */

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
        .set({ passwordHash, isAdmin: true, disabled: false, role: "owner", updatedAt: sql`now()` })
        .where(eq(adminUsers.id, existing.id));
      const ended = await endAllSessions(tx, existing.id);
      // A reset also lifts every sign-in lock of this email, from every address, and forgets the browsers
      // it signed in from (a reset after a stolen laptop must not leave that browser known).
      await clearLoginLocks(tx, email);
      await tx.delete(adminDevices).where(eq(adminDevices.userId, existing.id));
      // A recovery from the command line (issue 31): the account is an Owner again and its lost second
      // factor is cleared; it sets one up again at the next sign-in when the staff policy asks for it.
      await resetSecondFactor(tx, existing.id);
      return { action: "reset" as const, userId: existing.id, sessionsEnded: ended };
    }
    const [created] = await tx
      .insert(adminUsers)
      .values({ email, passwordHash })
      .returning({ id: adminUsers.id });
    return { action: "created" as const, userId: created!.id, sessionsEnded: 0 };
  });
}

/** Disable or re-enable an admin; disabling ends every session at once. Null when the email is unknown. */
export async function setAdminDisabled(
  database: Db,
  email: string,
  disabled: boolean,
): Promise<{ sessionsEnded: number } | null> {
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
