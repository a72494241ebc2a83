import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { login } from "~/platform/auth/admin-login.server";
import { sessionByIdHash, hashToken } from "~/platform/auth/auth.server";
import {
  enableTotp,
  newTotpSecret,
  saveStaffPolicy,
  spendBackupCode,
  totpCode,
} from "~/platform/auth/second-factor.server";
import { db } from "~/platform/db/client.server";
import { adminPasskeys, sessions, adminUsers } from "~/platform/db/tables.server";
import { inviteStaff } from "~/features/staff/staff.server";
import { ADMIN_PASSWORD, adminSession, ORIGIN, shopRequest } from "../support/admin-session";
import { outbox } from "../support/outbox";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";
import * as securityPage from "~/features/staff/routes/admin-security";
import * as enrolPage from "~/features/staff/routes/enrol";
import * as passkeysApi from "~/features/staff/routes/api-admin-passkeys";
import * as signInCodePage from "~/features/staff/routes/sign-in-code";
import * as stepUpPage from "~/features/staff/routes/step-up";
import * as staffPage from "~/features/staff/routes/admin-staff";
import * as invitePage from "~/features/staff/routes/accept-invite";

/*
 * Issue 41: the holes a stranger found in the second factor. A stale session (second factor proved more than
 * 5 minutes ago) cannot mint backup codes, replace the authenticator, add or remove a passkey or reset its own
 * second factor without step-up; finishing a set-up does not reset the step-up clock; wrong codes count per
 * account whatever the network; invitations refuse weak passwords.
 */

const t = setupTestDatabase({ PUBLIC_URL: ORIGIN, ADMIN_SECRETS_KEY: "b".repeat(64) });

beforeEach(async () => {
  await db().execute(sql`delete from rate_limits`);
  await saveStaffPolicy({ secondFactorRoles: [], auditRetentionDays: 730 });
});

/** A member with an authenticator and a session whose second factor was proved `minutesAgo`. */
async function member(email: string, minutesAgo: number) {
  const s = await adminSession(email);
  const { secret } = newTotpSecret(email);
  const T = Date.now() - 10 * 60_000;
  const r = await enableTotp(s.userId, secret, totpCode(secret, T), T);
  if (!r.ok) throw new Error("enable failed");
  await db()
    .update(sessions)
    .set({ verifiedAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(eq(sessions.idHash, s.idHash));
  return { ...s, secret, backupCodes: r.backupCodes };
}

const secretOf = async (userId: string) =>
  (await db().select({ s: adminUsers.totpSecret }).from(adminUsers).where(eq(adminUsers.id, userId)))[0]!.s;

const stepUpFor = (next: string) => `/admin/step-up?next=${encodeURIComponent(next)}`;

describe("step-up guards every change of the second factor", () => {
  it("new backup codes: a stale session is sent to step-up and gets no codes; the old ones still work", async () => {
    const m = await member("codes@shop.test", 6);
    const r = await outcome(
      callRoute(
        securityPage.action,
        m.request("/admin/security", {
          form: { intent: "backup-codes" },
          headers: { referer: `${ORIGIN}/admin/security` },
        }),
      ),
    );
    expect(r).toMatchObject({ status: 302, location: stepUpFor("/admin/security") });
    expect(await spendBackupCode(m.userId, m.backupCodes[0]!)).toBe(true);
    // Fresh (4 minutes): new codes, and the old ones stop working.
    const fresh = await member("codes-fresh@shop.test", 4);
    const ok = await outcome(
      callRoute(securityPage.action, fresh.request("/admin/security", { form: { intent: "backup-codes" } })),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.backupCodes).toHaveLength(10);
    expect(await spendBackupCode(fresh.userId, fresh.backupCodes[0]!)).toBe(false);
  });

  it("replacing the authenticator: a stale session cannot open or finish the set-up", async () => {
    const m = await member("enrol@shop.test", 6);
    const before = await secretOf(m.userId);
    const page = await outcome(callRoute(enrolPage.loader, m.request("/admin/enrol")));
    expect(page).toMatchObject({ status: 302, location: stepUpFor("/admin/enrol") });
    // A thief's own secret, sealed by a page they opened while the session was fresh, is refused now too.
    await db()
      .update(sessions)
      .set({ verifiedAt: sql`now()` })
      .where(eq(sessions.idHash, m.idHash));
    const opened = await outcome(callRoute(enrolPage.loader, m.request("/admin/enrol")));
    expect(opened.status).toBe(200);
    await db()
      .update(sessions)
      .set({ verifiedAt: sql`now() - interval '6 minutes'` })
      .where(eq(sessions.idHash, m.idHash));
    const thief = opened.body as { secret: string; sealed: string };
    const posted = await outcome(
      callRoute(
        enrolPage.action,
        m.request("/admin/enrol", {
          form: { code: totpCode(thief.secret, Date.now()), sealed: thief.sealed },
          headers: { referer: `${ORIGIN}/admin/enrol` },
        }),
      ),
    );
    expect(posted).toMatchObject({ status: 302, location: stepUpFor("/admin/enrol") });
    expect(await secretOf(m.userId)).toBe(before);
  });

  it("finishing a set-up from a signed-in session leaves the step-up clock where it was", async () => {
    const m = await member("enrol-clock@shop.test", 4);
    const opened = await outcome(callRoute(enrolPage.loader, m.request("/admin/enrol")));
    const fresh = opened.body as { secret: string; sealed: string };
    const posted = await outcome(
      callRoute(
        enrolPage.action,
        m.request("/admin/enrol", {
          form: { code: totpCode(fresh.secret, Date.now()), sealed: fresh.sealed },
        }),
      ),
    );
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ ok: true, signingIn: false });
    const [row] = await db()
      .select({ age: sql<number>`extract(epoch from now() - ${sessions.verifiedAt})::int` })
      .from(sessions)
      .where(eq(sessions.idHash, m.idHash));
    expect(row!.age).toBeGreaterThanOrEqual(235);
  });

  it("passkeys: a stale session cannot add one (JSON answer points to step-up) nor remove one", async () => {
    const m = await member("keys@shop.test", 6);
    const add = await outcome(
      callRoute(
        passkeysApi.action,
        m.request("/api/admin/passkeys", {
          body: JSON.stringify({ step: "options" }),
          headers: { "content-type": "application/json" },
        }),
      ),
    );
    expect(add.status).toBe(403);
    expect(JSON.parse(add.body as string)).toMatchObject({ ok: false, stepUp: stepUpFor("/admin/security") });

    const [key] = await db()
      .insert(adminPasskeys)
      .values({ id: "cred-1", userId: m.userId, publicKey: "pk", name: "Owner's phone" })
      .returning({ id: adminPasskeys.id });
    const remove = await outcome(
      callRoute(
        securityPage.action,
        m.request("/admin/security", {
          form: { intent: "remove-passkey", id: key!.id },
          headers: { referer: `${ORIGIN}/admin/security` },
        }),
      ),
    );
    expect(remove).toMatchObject({ status: 302, location: stepUpFor("/admin/security") });
    expect(await db().select().from(adminPasskeys).where(eq(adminPasskeys.userId, m.userId))).toHaveLength(1);
  });

  it("an Owner resetting their own second factor proves it first", async () => {
    const m = await member("reset-self@shop.test", 6);
    const r = await outcome(
      callRoute(
        staffPage.action,
        m.request("/admin/staff", {
          form: { intent: "reset-second-factor", id: m.userId },
          headers: { referer: `${ORIGIN}/admin/staff` },
        }),
      ),
    );
    expect(r).toMatchObject({ status: 302, location: stepUpFor("/admin/staff") });
    expect(await secretOf(m.userId)).not.toBeNull();
  });
});

describe("wrong codes count per account, whatever the network", () => {
  const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
  const net = (i: number) => `2001:db8:4100:${i.toString(16)}::/64`;

  async function pendingSignIn(email: string, network: string, device?: string) {
    const r = await login(
      shopRequest("/admin/login", { form: {}, headers: device ? { cookie: device } : {} }),
      { email, password: ADMIN_PASSWORD, ip: network },
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.stage).toBe("second_factor");
    return { cookie: cookieOf(r.setCookie), device: cookieOf(r.deviceCookie) };
  }
  const tryCode = (cookie: string, code: string, network: string) =>
    outcome(
      callRoute(
        signInCodePage.action,
        shopRequest("/admin/login/code", { cookie, form: { code } }),
        {},
        { clientIp: network },
      ),
    );

  it("300 wrong codes from 60 networks: 10 are checked, the sign-in dies, the member is mailed; their own browser still signs in", async () => {
    const m = await member("rotated@shop.test", 0);
    // The member's own browser finished a sign-in with a code before.
    const own = await pendingSignIn(m.email, "198.51.100.10");
    const T0 = Date.now();
    expect(
      await tryCode(`${own.cookie}; ${own.device}`, totpCode(m.secret, T0), "198.51.100.10"),
    ).toMatchObject({
      status: 302,
    });

    const thief = await pendingSignIn(m.email, net(0));
    const statuses: number[] = [];
    for (let n = 0; n < 60; n++)
      for (let i = 0; i < 5; i++)
        statuses.push((await tryCode(thief.cookie, String(100000 + n * 5 + i), net(n))).status);
    // Nine wrong answers, the tenth ends the sign-in (429); after it the dead cookie is sent to the sign-in page.
    expect(statuses.filter((s) => s === 401)).toHaveLength(9);
    expect(statuses[9]).toBe(429);
    expect(statuses.slice(10).every((s) => s === 429 || s === 302)).toBe(true);
    // The thief's sign-in has ended: its cookie opens nothing, not even the code page.
    expect((await sessionByIdHash(hashToken(thief.cookie.split("=")[1]!))).status).not.toBe("pending");
    // A new sign-in with the password from yet another network gets no code checked.
    const again = await pendingSignIn(m.email, net(99));
    const right = totpCode(m.secret, Date.now() + 30_000);
    expect(await tryCode(again.cookie, right, net(99))).toMatchObject({ status: 429 });
    // The member is mailed once.
    const mails = outbox(t.dataDir)
      .mails()
      .filter((x) => x.includes("too many wrong second-factor codes"));
    expect(mails).toHaveLength(1);
    // The member's own (proved) browser signs in with the right code.
    const mine = await pendingSignIn(m.email, "198.51.100.10", own.device);
    const code = totpCode(m.secret, Date.now() + 30_000);
    expect(await tryCode(`${mine.cookie}; ${mine.device}`, code, "198.51.100.10")).toMatchObject({
      status: 302,
      location: "/admin",
    });
  });

  it("a stolen session guessing step-up codes from another browser is ended too", async () => {
    const m = await member("stolen@shop.test", 6);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await outcome(
        callRoute(
          stepUpPage.action,
          m.request("/admin/step-up?next=%2Fadmin", { form: { code: String(200000 + i) } }),
          {},
          { clientIp: net(200 + i) },
        ),
      );
      statuses.push(r.status);
    }
    // Nine wrong answers; the tenth ends the session (429); after it the session is unknown (401).
    expect(statuses.slice(0, 10)).toEqual([...Array<number>(9).fill(401), 429]);
    expect(await db().select().from(sessions).where(eq(sessions.idHash, m.idHash))).toHaveLength(0);
  });
});

describe("passwords set by invitation follow admin:create's rule", () => {
  it("refuses password123-like and too-common passwords with a clear message", async () => {
    const owner = await adminSession("inviter-41@shop.test");
    const r = await inviteStaff(owner.actor, null, { email: "weak@shop.test", role: "operations" });
    const token = r.link!.split("/admin/invite/")[1]!;
    const post = (password: string) =>
      outcome(
        callRoute(
          invitePage.action,
          shopRequest(`/admin/invite/${token}`, { form: { password, confirm: password } }),
          { token },
          { clientIp: "198.51.100.77" },
        ),
      );
    for (const weak of ["password123", "Password1234!", "qwertyuiop", "short"]) {
      const a = await post(weak);
      expect(a.status, weak).toBe(400);
      expect(a.body.fieldErrors.password, weak).toMatch(/too (common|short|easy)/);
    }
    // The email's own name is refused too (known only on the server).
    const own = await post("weak2026!!");
    expect(own.status).toBe(400);
    expect(own.body.fieldErrors.password).toMatch(/email address/);
    expect(await db().select().from(adminUsers).where(eq(adminUsers.email, "weak@shop.test"))).toHaveLength(
      0,
    );
    // A good one goes through.
    expect((await post("a sensible long phrase")).status).toBe(302);
  });
});
