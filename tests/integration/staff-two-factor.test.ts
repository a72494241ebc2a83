import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { login } from "~/platform/auth/admin-login.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import {
  finishRegistration,
  finishSignIn,
  registrationOptions,
  signInOptions,
} from "~/platform/auth/passkeys.server";
import {
  enableTotp,
  newBackupCodes,
  newTotpSecret,
  saveStaffPolicy,
  spendBackupCode,
  spendTotpCode,
  totpCode,
} from "~/platform/auth/second-factor.server";
import { db } from "~/platform/db/client.server";
import { adminBackupCodes, sessions, adminUsers } from "~/platform/db/tables.server";
import { ADMIN_PASSWORD, adminSession, ORIGIN, shopRequest } from "../support/admin-session";
import { callRoute, outcome } from "../support/route-calls";
import { softAuthenticator } from "../support/soft-authenticator";
import { setupTestDatabase } from "../support/test-db";
import * as signInCodePage from "~/features/staff/routes/sign-in-code";
import * as refundPage from "~/features/after-sale/routes/admin-refund";
import * as ordersCsv from "~/features/orders/routes/api-admin-orders-csv";
import * as stepUpPage from "~/features/staff/routes/step-up";

/*
 * The staff second factor (issue 31): TOTP against a fixed clock (the ±1 step window, replay refused),
 * backup codes used once, the sign-in's code step and its throttle, the set-up the policy asks for,
 * step-up after 5 minutes, secrets encrypted at rest, and passkeys with a software authenticator.
 */

setupTestDatabase({ PUBLIC_URL: ORIGIN, ADMIN_SECRETS_KEY: "a".repeat(64) });

const T = Date.UTC(2026, 10, 27, 6, 0, 0); // a step boundary (divisible by 30 s)
const NET = "203.0.113.40";

beforeEach(async () => {
  await db().execute(sql`delete from rate_limits`);
  await saveStaffPolicy({ secondFactorRoles: [], auditRetentionDays: 730 });
});

async function withAuthenticator(email: string) {
  const s = await adminSession(email);
  const { secret } = newTotpSecret(email);
  const r = await enableTotp(s.userId, secret, totpCode(secret, T), T);
  if (!r.ok) throw new Error("enable failed");
  return { ...s, secret, backupCodes: r.backupCodes };
}

describe("TOTP with a fixed clock", () => {
  it("accepts a code one step either side, never the same step twice, never an older one", async () => {
    const m = await withAuthenticator("totp@shop.test");
    // The code that turned it on (step T) is used up.
    expect(await spendTotpCode(m.userId, totpCode(m.secret, T), T)).toBe(false);
    // At T+90 s: the code of T+60 (one step back) passes once; replaying it fails.
    const now = T + 90_000;
    expect(await spendTotpCode(m.userId, totpCode(m.secret, T + 60_000), now)).toBe(true);
    expect(await spendTotpCode(m.userId, totpCode(m.secret, T + 60_000), now)).toBe(false);
    // Two steps back is outside the window; the current step (newer) passes; one ahead passes once.
    expect(await spendTotpCode(m.userId, totpCode(m.secret, now - 60_000), now)).toBe(false);
    expect(await spendTotpCode(m.userId, totpCode(m.secret, now), now)).toBe(true);
    expect(await spendTotpCode(m.userId, totpCode(m.secret, now + 30_000), now)).toBe(true);
    expect(await spendTotpCode(m.userId, totpCode(m.secret, now + 30_000), now)).toBe(false);
    // Two steps ahead is outside the window too; a wrong code never passes.
    expect(await spendTotpCode(m.userId, totpCode(m.secret, now + 90_000), now)).toBe(false);
    expect(await spendTotpCode(m.userId, "000000", now + 300_000)).toBe(false);
  });

  it("keeps the secret encrypted (AES-256-GCM) and refuses two parallel uses of one code", async () => {
    const m = await withAuthenticator("sealed@shop.test");
    const [row] = await db().select().from(adminUsers).where(eq(adminUsers.id, m.userId));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(m.secret);
    const code = totpCode(m.secret, T + 300_000);
    const both = await Promise.all([
      spendTotpCode(m.userId, code, T + 300_000),
      spendTotpCode(m.userId, code, T + 300_000),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });
});

describe("backup codes", () => {
  it("gives 10 codes, stored hashed, each usable once", async () => {
    const m = await withAuthenticator("backup@shop.test");
    expect(m.backupCodes).toHaveLength(10);
    expect(new Set(m.backupCodes).size).toBe(10);
    const rows = await db().select().from(adminBackupCodes).where(eq(adminBackupCodes.userId, m.userId));
    expect(rows).toHaveLength(10);
    for (const r of rows) expect(m.backupCodes).not.toContain(r.codeHash);
    expect(await spendBackupCode(m.userId, m.backupCodes[3]!)).toBe(true);
    expect(await spendBackupCode(m.userId, m.backupCodes[3]!)).toBe(false);
    expect(await spendBackupCode(m.userId, m.backupCodes[3]!.toUpperCase().replace("-", " "))).toBe(false);
    expect(await spendBackupCode(m.userId, newBackupCodes()[0]!)).toBe(false);
  });
});

describe("sign-in with a second factor", () => {
  const signIn = (email: string) =>
    login(shopRequest("/admin/login", { form: {} }), { email, password: ADMIN_PASSWORD, ip: NET });
  const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

  it("asks for the code after the password; the half-signed-in session opens nothing until then", async () => {
    const m = await withAuthenticator("twostep@shop.test");
    const r = await signIn(m.email);
    if (!r.ok) throw new Error(r.error);
    expect(r.stage).toBe("second_factor");
    const cookie = cookieOf(r.setCookie);
    await expect(requireAdmin(shopRequest("/admin", { cookie }), "self")).rejects.toMatchObject({
      status: 302,
    });

    const code = (c: string) =>
      outcome(
        callRoute(
          signInCodePage.action,
          shopRequest("/admin/login/code", { cookie, form: { code: c } }),
          {},
          { clientIp: NET },
        ),
      );
    expect(await code("123456")).toMatchObject({ status: 401 });
    // A backup code works too, and the session is then full and proved now.
    const ok = await code(m.backupCodes[0]!);
    expect(ok).toMatchObject({ status: 302, location: "/admin" });
    const s = await requireAdmin(shopRequest("/admin", { cookie }), "self");
    expect(s.verifiedAt).not.toBeNull();
  });

  it("limits wrong codes like passwords: 5 per 15 minutes from one network", async () => {
    const m = await withAuthenticator("guess@shop.test");
    const r = await signIn(m.email);
    if (!r.ok) throw new Error(r.error);
    const cookie = cookieOf(r.setCookie);
    const code = (c: string) =>
      outcome(
        callRoute(
          signInCodePage.action,
          shopRequest("/admin/login/code", { cookie, form: { code: c } }),
          {},
          { clientIp: NET },
        ),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await code(String(100000 + i))).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    // Even the right backup code waits now.
    expect(await code(m.backupCodes[1]!)).toMatchObject({ status: 429 });
  });

  it("sends a member the policy requires a second factor of, without one, to set it up first", async () => {
    await saveStaffPolicy({ secondFactorRoles: ["owner", "accounts"], auditRetentionDays: 730 });
    await adminSession("needs@shop.test", { role: "accounts" });
    const r = await signIn("needs@shop.test");
    expect(r).toMatchObject({ ok: true, stage: "enrol" });
    await adminSession("free@shop.test", { role: "catalogue" });
    expect(await signIn("free@shop.test")).toMatchObject({ ok: true, stage: "full" });
  });
});

describe("step-up", () => {
  const ages = async (email: string, minutesAgo: number | null) => {
    const m = await withAuthenticator(email);
    await db()
      .update(sessions)
      .set({ verifiedAt: minutesAgo === null ? null : sql`now() - make_interval(mins => ${minutesAgo})` })
      .where(eq(sessions.idHash, m.idHash));
    return m;
  };

  it("sends a refund and an export to re-verify when the second factor is older than 5 minutes, then back", async () => {
    const stale = await ages("stale@shop.test", 6);
    const refund = await outcome(
      callRoute(
        refundPage.action,
        stale.request("/admin/refund", {
          form: { kind: "order" },
          headers: { referer: `${ORIGIN}/admin/refund?kind=order&id=x` },
        }),
      ),
    );
    expect(refund).toMatchObject({
      status: 302,
      location: `/admin/step-up?next=${encodeURIComponent("/admin/refund?kind=order&id=x")}`,
    });
    const csv = await outcome(callRoute(ordersCsv.loader, stale.request("/api/admin/orders.csv?kind=order")));
    expect(csv.location).toBe(
      `/admin/step-up?next=${encodeURIComponent("/api/admin/orders.csv?kind=order")}`,
    );

    // The step-up page checks a code and returns to the page.
    const back = await outcome(
      callRoute(
        stepUpPage.action,
        stale.request("/admin/step-up?next=%2Fadmin%2Frefund", { form: { code: stale.backupCodes[0]! } }),
        {},
        { clientIp: NET },
      ),
    );
    expect(back).toMatchObject({ status: 302, location: "/admin/refund" });
    // Proved just now: the export goes through.
    expect(
      (await outcome(callRoute(ordersCsv.loader, stale.request("/api/admin/orders.csv?kind=order")))).status,
    ).toBe(200);
    // Never to another site.
    const away = await outcome(
      callRoute(
        stepUpPage.action,
        stale.request("/admin/step-up?next=https%3A%2F%2Fevil.example", {
          form: { code: stale.backupCodes[1]! },
        }),
        {},
        { clientIp: NET },
      ),
    );
    expect(away.location).toBe("/admin");
  });

  it("lets a fresh check (under 5 minutes) and a member without a second factor straight through", async () => {
    const fresh = await ages("fresh@shop.test", 4);
    expect(
      (await outcome(callRoute(ordersCsv.loader, fresh.request("/api/admin/orders.csv?kind=order")))).status,
    ).toBe(200);
    const none = await adminSession("nofactor@shop.test");
    expect(
      (await outcome(callRoute(ordersCsv.loader, none.request("/api/admin/orders.csv?kind=order")))).status,
    ).toBe(200);
  });
});

describe("passkeys (software authenticator, ES256, attestation none)", () => {
  it("registers a passkey and signs in with it; a replayed or foreign assertion is refused", async () => {
    const m = await adminSession("passkey@shop.test");
    const auth = softAuthenticator(ORIGIN);
    const reg = await registrationOptions(shopRequest("/api/admin/passkeys"), {
      id: m.userId,
      email: m.email,
    });
    expect(reg.options.rp.id).toBe("shop.test");
    expect(
      await finishRegistration(
        shopRequest("/api/admin/passkeys"),
        { id: m.userId },
        {
          response: auth.register(reg.options) as never,
          sealed: reg.sealed,
          name: "Test key",
        },
      ),
    ).toBe(true);
    // The same answer cannot register for someone else.
    const other = await adminSession("other-passkey@shop.test");
    expect(
      await finishRegistration(
        shopRequest("/api/admin/passkeys"),
        { id: other.userId },
        {
          response: auth.register(reg.options) as never,
          sealed: reg.sealed,
          name: "Stolen",
        },
      ),
    ).toBe(false);

    const start = await signInOptions(shopRequest("/api/passkey-sign-in"));
    const assertion = auth.assert(start.options);
    expect(
      await finishSignIn(shopRequest("/api/passkey-sign-in"), {
        response: assertion as never,
        sealed: start.sealed,
      }),
    ).toEqual({
      userId: m.userId,
    });
    // Replayed: the counter did not move on.
    expect(
      await finishSignIn(shopRequest("/api/passkey-sign-in"), {
        response: assertion as never,
        sealed: start.sealed,
      }),
    ).toBeNull();
    // Signed for another site's origin.
    const again = await signInOptions(shopRequest("/api/passkey-sign-in"));
    expect(
      await finishSignIn(shopRequest("/api/passkey-sign-in"), {
        response: auth.assert(again.options, { origin: "https://evil.example" }) as never,
        sealed: again.sealed,
      }),
    ).toBeNull();
    // A forged ceremony (not sealed by the shop) is refused.
    expect(
      await finishSignIn(shopRequest("/api/passkey-sign-in"), {
        response: auth.assert({ challenge: "x" }) as never,
        sealed: "v1.a.b.c",
      }),
    ).toBeNull();
  });
});
