import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sweepAuditLog } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { adminUsers, auditLog, sessions } from "~/platform/db/tables.server";
import { categories } from "~/features/catalog/tables.server";
import { staffInvitations } from "~/features/staff/tables.server";
import {
  acceptInvitation,
  changeStaff,
  inviteStaff,
  LAST_OWNER,
  openInvitation,
} from "~/features/staff/staff.server";
import * as categoriesPage from "~/features/catalog/routes/admin-categories";
import * as purchasesPage from "~/features/orders/routes/admin-purchases";
import * as ordersCsv from "~/features/orders/routes/api-admin-orders-csv";
import * as staffPage from "~/features/staff/routes/admin-staff";
import * as invitePage from "~/features/staff/routes/accept-invite";
import * as securityPage from "~/features/staff/routes/admin-security";
import { login } from "~/platform/auth/admin-login.server";
import { ADMIN_PASSWORD, adminSession, ORIGIN, shopRequest } from "../support/admin-session";
import { insertOrder } from "../support/orders";
import { outbox } from "../support/outbox";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

/*
 * Staff accounts (issue 31): invitations (one-time link, 72 hours, reuse refused), the last active Owner
 * kept, and the audit trail: rows with before and after for admin changes, written by the one hook in
 * formAction, and the table append-only.
 */

const t = setupTestDatabase({ PUBLIC_URL: ORIGIN });
const IP = { clientIp: "198.51.100.7" };

beforeEach(async () => {
  await db().execute(sql`delete from rate_limits`);
});

const tokenOf = (link: string) => link.split("/admin/invite/")[1]!;

describe("invitations", () => {
  it("mails a one-time link that makes the member with the invited role; reuse and expiry are refused", async () => {
    const owner = await adminSession("inviter@shop.test");
    const r = await inviteStaff(owner.actor, "198.51.100.7", { email: "ops@shop.test", role: "operations" });
    expect(r).toMatchObject({ ok: true });
    const mail = outbox(t.dataDir)
      .rawMails()
      .map((m) => m.replace(/=\r?\n/g, ""))
      .find((m) => m.includes("/admin/invite/"))!;
    const link = /https?:\/\/[^\s"<>]+\/admin\/invite\/[A-Za-z0-9_-]{43}/.exec(mail)![0];
    expect(link).toBe(r.link);
    const [row] = await db()
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, "ops@shop.test"));
    expect(row!.tokenHash).not.toContain(tokenOf(link));
    expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000)).toBe(72);

    // The link's page sets the password and signs the member in.
    const accepted = await outcome(
      callRoute(
        invitePage.action,
        shopRequest(`/admin/invite/${tokenOf(link)}`, {
          form: { password: "operations neon pass", confirm: "operations neon pass" },
        }),
        { token: tokenOf(link) },
        IP,
      ),
    );
    expect(accepted).toMatchObject({ status: 302, location: "/admin/purchases" });
    const [member] = await db().select().from(adminUsers).where(eq(adminUsers.email, "ops@shop.test"));
    expect(member!.role).toBe("operations");
    // Used once: the link is gone.
    expect(await openInvitation(tokenOf(link))).toBeNull();
    expect(await acceptInvitation(tokenOf(link), "another long password", null)).toEqual({ ok: false });

    const late = await inviteStaff(owner.actor, null, { email: "late@shop.test", role: "catalogue" });
    await db()
      .update(staffInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(staffInvitations.email, "late@shop.test"));
    expect(await openInvitation(tokenOf(late.link!))).toBeNull();
    const page = await outcome(
      callRoute(invitePage.loader, shopRequest(`/admin/invite/${tokenOf(late.link!)}`), {
        token: tokenOf(late.link!),
      }),
    );
    expect(page.status).toBe(410);
    // Someone already on the staff is not invited again.
    expect(await inviteStaff(owner.actor, null, { email: "OPS@shop.test", role: "owner" })).toMatchObject({
      ok: false,
    });
  });
});

describe("the last active Owner", () => {
  it("cannot be demoted, disabled or removed; with a second Owner it can", async () => {
    await db().update(adminUsers).set({ role: "catalogue" }).where(eq(adminUsers.role, "owner"));
    const only = await adminSession("only-owner@shop.test", { role: "owner" });
    for (const change of ["disable", "remove"] as const)
      expect(await changeStaff(only.actor, null, only.userId, change)).toEqual({
        ok: false,
        status: 409,
        message: LAST_OWNER,
      });
    expect(await changeStaff(only.actor, null, only.userId, "role", "accounts")).toMatchObject({
      ok: false,
      status: 409,
    });
    // Through the page too (a 409, nothing changed).
    const viaPage = await outcome(
      callRoute(
        staffPage.action,
        only.request("/admin/staff", { form: { intent: "disable", id: only.userId } }),
        {},
        IP,
      ),
    );
    expect(viaPage.status).toBe(409);
    expect((await db().select().from(adminUsers).where(eq(adminUsers.id, only.userId)))[0]).toMatchObject({
      role: "owner",
      disabled: false,
    });

    const second = await adminSession("second-owner@shop.test", { role: "owner" });
    expect(await changeStaff(second.actor, null, only.userId, "role", "accounts")).toMatchObject({
      ok: true,
    });
    // Now `second` is the last one.
    expect(await changeStaff(second.actor, null, second.userId, "disable")).toMatchObject({
      ok: false,
      status: 409,
    });
    // A disabled owner does not count as active.
    await changeStaff(second.actor, null, only.userId, "role", "owner");
    await changeStaff(second.actor, null, only.userId, "disable");
    expect(await changeStaff(second.actor, null, second.userId, "remove")).toMatchObject({ ok: false });
  });
});

describe("audit trail", () => {
  const rowsOf = (kind: string) =>
    db().select().from(auditLog).where(eq(auditLog.kind, kind)).orderBy(auditLog.at);

  it("records category changes with before and after, from the admin list kit's intents", async () => {
    const owner = await adminSession("catalogue-auditor@shop.test");
    const post = (form: Record<string, string>) =>
      outcome(callRoute(categoriesPage.action, owner.request("/admin/categories", { form }), {}, IP));
    expect((await post({ intent: "create", name: "Wall Signs" })).status).toBe(200);
    const [cat] = await db().select().from(categories).where(eq(categories.name, "Wall Signs"));
    expect((await post({ intent: "update", id: cat!.id, name: "Wall Neon" })).status).toBe(200);
    expect((await post({ intent: "delete", id: cat!.id })).status).toBe(200);
    // A refused change (unknown id) writes nothing.
    await post({ intent: "update", id: crypto.randomUUID(), name: "Ghost" });
    const rows = await rowsOf("category");
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "delete"]);
    expect(rows[0]).toMatchObject({
      actorEmail: owner.email,
      ip: "198.51.100.7",
      after: { name: "Wall Signs" },
    });
    expect(rows[1]).toMatchObject({
      subject: cat!.id,
      before: { name: "Wall Signs" },
      after: { name: "Wall Neon" },
    });
    expect(Object.keys(rows[1]!.after!)).toEqual(["name"]);
    expect(rows[2]!.before).toMatchObject({ name: "Wall Neon" });
    expect(rows[2]!.after).toBeNull();
  });

  it("records an order's status change, an export and a staff change", async () => {
    const owner = await adminSession("orders-auditor@shop.test");
    const order = await insertOrder({ status: "pending" });
    const changed = await outcome(
      callRoute(
        purchasesPage.action,
        owner.request("/admin/purchases", {
          form: { intent: "status", kind: "order", id: order.id, to: "confirmed", expected: "pending" },
        }),
        {},
        IP,
      ),
    );
    expect(changed.status).toBe(200);
    const [statusRow] = await rowsOf("order");
    expect(statusRow).toMatchObject({
      action: "status",
      subject: order.id,
      before: { status: "pending" },
      after: { status: "confirmed" },
    });

    await outcome(
      callRoute(ordersCsv.loader, owner.request("/api/admin/orders.csv?kind=order&status=confirmed"), {}, IP),
    );
    expect(await rowsOf("export")).toMatchObject([
      { action: "orders.csv", after: { kind: "order", status: "confirmed" } },
    ]);

    const member = await adminSession("audited-member@shop.test", { role: "catalogue" });
    await outcome(
      callRoute(
        staffPage.action,
        owner.request("/admin/staff", { form: { intent: "role", id: member.userId, role: "accounts" } }),
        {},
        IP,
      ),
    );
    const staffRows = await rowsOf("staff");
    expect(staffRows.at(-1)).toMatchObject({
      action: "role",
      subject: member.email,
      before: { role: "catalogue" },
      after: { role: "accounts" },
    });
  });

  it("is append-only: UPDATE and DELETE are refused, only the retention sweep removes old rows", async () => {
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => "changed",
        (e: { cause?: { message?: string } }) => e.cause?.message ?? "",
      );
    expect(await refusal(db().execute(sql`update audit_log set actor_email = 'x'`))).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`delete from audit_log`))).toMatch(/append-only/);
    const before = (await db().select().from(auditLog)).length;
    expect(before).toBeGreaterThan(0);
    await db()
      .insert(auditLog)
      .values({
        actorEmail: "old@shop.test",
        kind: "product",
        action: "update",
        at: sql`now() - interval '800 days'`,
      });
    expect(await sweepAuditLog(730)).toBe(1);
    expect((await db().select().from(auditLog)).length).toBe(before);
  });
});

describe("sessions", () => {
  it("mails a sign-in from a new browser (not from a known one) and signs out everywhere", async () => {
    const m = await adminSession("roaming@shop.test");
    const mails = () =>
      outbox(t.dataDir)
        .mails()
        .filter((x) => x.includes("new browser") && x.includes("Network: 192.0.2.9"));
    const first = await login(shopRequest("/admin/login", { form: {} }), {
      email: m.email,
      password: ADMIN_PASSWORD,
      ip: "192.0.2.9",
    });
    if (!first.ok) throw new Error(first.error);
    await expect.poll(() => mails().length).toBe(1);
    // The same browser (its device cookie) again: no mail.
    const again = await login(
      shopRequest("/admin/login", { form: {}, headers: { cookie: first.deviceCookie.split(";")[0]! } }),
      {
        email: m.email,
        password: ADMIN_PASSWORD,
        ip: "192.0.2.9",
      },
    );
    expect(again.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(mails()).toHaveLength(1);

    const page = await outcome(callRoute(securityPage.loader, m.request("/admin/security")));
    expect(page.body.sessions.length).toBeGreaterThanOrEqual(2);
    expect(page.body.sessions.filter((x: { current: boolean }) => x.current)).toHaveLength(1);
    const out = await outcome(
      callRoute(
        securityPage.action,
        m.request("/admin/security", { form: { intent: "sign-out-everywhere" } }),
        {},
        IP,
      ),
    );
    expect(out).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await db().select().from(sessions).where(eq(sessions.userId, m.userId))).toHaveLength(0);
  });
});
