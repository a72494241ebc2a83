import crypto from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Role } from "~/shared/staff-access";
import { adminPasswordProblem } from "~/features/admin-shell/admin-auth";
import { endAllSessions, hashToken } from "~/platform/auth/auth.server";
import { hashPassword } from "~/platform/auth/passwords.server";
import { resetSecondFactor } from "~/platform/auth/second-factor.server";
import { recordAudit, type AuditActor } from "~/platform/audit.server";
import { db, type Tx } from "~/platform/db/client.server";
import { adminPasskeys, adminUsers } from "~/platform/db/tables.server";
import { staffInvitations } from "./tables.server";
import { sendMail } from "~/platform/email.server";
import { env } from "~/platform/env.server";
import { INVITE_HOURS } from "./staff-forms";

/*
 * The staff of the shop (issue 31): invitations by a one-time link, roles, disabling and removing, and
 * the one rule that keeps the shop reachable: there is always an active Owner. `npm run admin:create`
 * makes (or recovers) an Owner from the command line.
 */

export type StaffRow = {
  id: string;
  email: string;
  role: Role;
  disabled: boolean;
  lastSignInAt: Date | null;
  hasAuthenticator: boolean;
  passkeys: number;
};

export async function listStaff(): Promise<StaffRow[]> {
  return db()
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      role: adminUsers.role,
      disabled: adminUsers.disabled,
      lastSignInAt: adminUsers.lastSignInAt,
      hasAuthenticator: sql<boolean>`${adminUsers.totpSecret} is not null`,
      passkeys: sql<number>`(select count(*)::int from ${adminPasskeys} p where p.user_id = "admin_users"."id")`,
    })
    .from(adminUsers)
    .where(eq(adminUsers.isAdmin, true))
    .orderBy(asc(adminUsers.email));
}

export type PendingInvite = { id: string; email: string; role: Role; expiresAt: Date };

export async function listPendingInvites(): Promise<PendingInvite[]> {
  return db()
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.usedAt), sql`${staffInvitations.expiresAt} > now()`))
    .orderBy(asc(staffInvitations.createdAt));
}

export type StaffResult = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };
const refused = (message: string, status: 404 | 409 = 409): StaffResult => ({ ok: false, status, message });

/** Invite a member: a one-time link (only its hash is kept) valid INVITE_HOURS, mailed to them. */
export async function inviteStaff(
  by: AuditActor,
  ip: string | null,
  input: { email: string; role: Role },
): Promise<StaffResult & { link?: string }> {
  const email = input.email.trim();
  const [member] = await db()
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = ${email.toLowerCase()}`);
  if (member) return refused(`${email} is already on the staff.`);
  const token = crypto.randomBytes(32).toString("base64url");
  await db().transaction(async (tx) => {
    // A new invitation replaces an unused one to the same address (its link stops working).
    await tx
      .delete(staffInvitations)
      .where(
        and(sql`lower(${staffInvitations.email}) = ${email.toLowerCase()}`, isNull(staffInvitations.usedAt)),
      );
    await tx.insert(staffInvitations).values({
      tokenHash: hashToken(token),
      email,
      role: input.role,
      invitedBy: by.id,
      expiresAt: sql`now() + make_interval(hours => ${INVITE_HOURS})`,
    });
    await recordAudit(
      { actor: by, ip, kind: "staff", action: "invite", subject: email, after: { email, role: input.role } },
      tx,
    );
  });
  const e = env();
  const link = `${e.PUBLIC_URL}/admin/invite/${token}`;
  await sendMail({
    to: email,
    subject: `You are invited to the ${e.STORE_NAME} staff`,
    content: {
      preview: "Set your password to join the shop's admin.",
      blocks: [
        { kind: "paragraph", text: `${by.email} invited you to the ${e.STORE_NAME} admin.` },
        {
          kind: "paragraph",
          text: `The link works once, for ${INVITE_HOURS} hours: it asks you to choose a password (and, if the shop requires it, to set up an authenticator app).`,
        },
        { kind: "button", url: link, label: "Accept the invitation" },
      ],
      shop: { name: e.STORE_NAME, publicUrl: e.PUBLIC_URL },
    },
  });
  return { ok: true, message: `Invitation sent to ${email}.`, link };
}

/** The invitation behind a link, if it is unused and not expired. */
export async function openInvitation(token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db()
    .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(token)),
        isNull(staffInvitations.usedAt),
        sql`${staffInvitations.expiresAt} > now()`,
      ),
    );
  return row ?? null;
}

/** Accept an invitation: the account is made with the chosen password; the link is used up. */
export async function acceptInvitation(
  token: string,
  password: string,
  ip: string | null,
): Promise<
  { ok: true; userId: string; email: string; role: Role } | { ok: false; passwordProblem?: string }
> {
  const invite = await openInvitation(token);
  if (!invite) return { ok: false };
  // The same rule as admin:create, now with the email known (the form's schema checked the rest).
  const passwordProblem = adminPasswordProblem(password, invite.email);
  if (passwordProblem) return { ok: false, passwordProblem };
  const passwordHash = await hashPassword(password);
  return db().transaction(async (tx) => {
    const used = await tx
      .update(staffInvitations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(staffInvitations.id, invite.id), isNull(staffInvitations.usedAt)))
      .returning({ id: staffInvitations.id });
    if (used.length !== 1) return { ok: false as const };
    const [made] = await tx
      .insert(adminUsers)
      .values({ email: invite.email, passwordHash, role: invite.role })
      .onConflictDoNothing()
      .returning({ id: adminUsers.id });
    if (!made) return { ok: false as const };
    const actor = { id: made.id, email: invite.email };
    await recordAudit(
      {
        actor,
        ip,
        kind: "staff",
        action: "join",
        subject: made.id,
        after: { email: invite.email, role: invite.role },
      },
      tx,
    );
    return { ok: true as const, userId: made.id, email: invite.email, role: invite.role };
  });
}

/** Whether `userId` is the only active Owner (locking the owners' rows for the caller's transaction). */
async function isLastActiveOwner(tx: Tx, userId: string): Promise<boolean> {
  const owners = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "owner"), eq(adminUsers.disabled, false), eq(adminUsers.isAdmin, true)))
    .for("update");
  return owners.length === 1 && owners[0]!.id === userId;
}

export const LAST_OWNER =
  "The shop must keep at least one active Owner: make someone else an Owner first (or use npm run admin:create).";

type Change = "role" | "disable" | "enable" | "remove" | "reset-second-factor";

/** Change a member: role, disable/enable, remove, reset the second factor. Never leaves no active Owner. */
export async function changeStaff(
  by: AuditActor,
  ip: string | null,
  id: string,
  change: Change,
  role?: Role,
): Promise<StaffResult> {
  return db().transaction(async (tx) => {
    const [member] = await tx
      .select({
        id: adminUsers.id,
        email: adminUsers.email,
        role: adminUsers.role,
        disabled: adminUsers.disabled,
      })
      .from(adminUsers)
      .where(eq(adminUsers.id, id))
      .for("update");
    if (!member) return refused("Unknown staff member.", 404);
    const losesOwner =
      member.role === "owner" &&
      !member.disabled &&
      (change === "disable" || change === "remove" || (change === "role" && role !== "owner"));
    if (losesOwner && (await isLastActiveOwner(tx, id))) return refused(LAST_OWNER);
    const before = { role: member.role, disabled: member.disabled };
    let after: Record<string, unknown> = {};
    let message = "";
    if (change === "role" && role) {
      await tx
        .update(adminUsers)
        .set({ role, updatedAt: sql`now()` })
        .where(eq(adminUsers.id, id));
      after = { role, disabled: member.disabled };
      message = `${member.email} is now ${role}.`;
    } else if (change === "disable" || change === "enable") {
      const disabled = change === "disable";
      await tx
        .update(adminUsers)
        .set({ disabled, updatedAt: sql`now()` })
        .where(eq(adminUsers.id, id));
      if (disabled) await endAllSessions(tx, id);
      after = { role: member.role, disabled };
      message = `${member.email} ${disabled ? "disabled: their sessions ended" : "enabled again"}.`;
    } else if (change === "remove") {
      await tx.delete(adminUsers).where(eq(adminUsers.id, id));
      after = { removed: true };
      message = `${member.email} removed.`;
    } else if (change === "reset-second-factor") {
      await resetSecondFactor(tx, id);
      await endAllSessions(tx, id);
      after = { secondFactor: "reset" };
      message = `${member.email}'s second factor was reset: they set it up again at their next sign-in.`;
    }
    await recordAudit(
      { actor: by, ip, kind: "staff", action: change, subject: member.email, before, after },
      tx,
    );
    return { ok: true as const, message };
  });
}
