import { execFileSync } from "node:child_process";
import { inspect } from "node:util";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as keysAction, loader as keysLoader } from "~/features/service-keys/routes/admin-keys";
import { createGatewayOrder, paymentGateway } from "~/features/payments/gateway.server";
import { fulfilmentMode } from "~/features/couriers/couriers.server";
import { goLiveStatus } from "~/features/dashboard/go-live.server";
import { deliverWhatsApp } from "~/features/whatsapp/whatsapp-updates.server";
import { enableTotp, newTotpSecret, totpCode } from "~/platform/auth/second-factor.server";
import { sealSecret } from "~/platform/auth/secret-box.server";
import { createBackup } from "~/platform/backup.server";
import { db } from "~/platform/db/client.server";
import { auditLog, serviceKeys } from "~/platform/db/tables.server";
import { sendMail } from "~/platform/email.server";
import { setEnv } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { startEventListener, stopEventListener } from "~/platform/events.server";
import { describeServiceKeys, loadServiceKeys, serviceEnv } from "~/platform/service-keys.server";
import { adminSession, ORIGIN, type AdminSession } from "../support/admin-session";
import { startFakeRazorpay, TEST_RAZORPAY } from "../support/fake-razorpay";
import { startFakeShiprocket, TEST_SHIPROCKET } from "../support/fake-shiprocket";
import { startFakeSmtp } from "../support/fake-smtp";
import { startFakeWhatsApp } from "../support/fake-whatsapp";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// Issue 42: the services' keys entered by the Owner in Settings > Keys (with step-up), sealed at rest, never
// shown again in full (only the last 4 characters), never in loader data, audit rows, logs or backups in
// clear; a key in the environment wins; every reader uses the saved keys at once (this instance and, through
// NOTIFY, another); Check connection against each service's fake; the go-live checklist's payment step.

const t = setupTestDatabase({ PUBLIC_URL: ORIGIN, ADMIN_SECRETS_KEY: "e".repeat(64) });

const razorpay = await startFakeRazorpay();
const shiprocket = await startFakeShiprocket();
const WA = { token: "EAAG-fake-whatsapp-token-1234567890", phoneNumberId: "109876543210987" };
const whatsapp = await startFakeWhatsApp({ ...WA, templates: { order_placed: 3 } });
const SMTP = { user: "mailer@neonlights.test", pass: "smtp-pass-9f3k" };
const smtp = await startFakeSmtp(SMTP);
afterAll(async () => {
  await Promise.all([razorpay.close(), shiprocket.close(), whatsapp.close(), smtp.close()]);
});

type Answer = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
type KeyRow = { name: string; source: string; shown: string | null; saved: boolean };
type Page = { services: Array<{ service: string; status: string; keys: KeyRow[] }> };

/** Every log line of this file (a key must never be in one). */
const logged: string[] = [];

let owner: AdminSession;
/** The shop's environment in these tests: no keys, the services' base URLs at the fakes. */
let base: typeof t.env;
beforeAll(async () => {
  for (const level of ["info", "warn", "error"] as const) {
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
      logged.push(inspect(args, { depth: 8 }));
    }) as never);
  }
  owner = await adminSession("keys-owner@neonlights.in");
  base = {
    ...t.env,
    RAZORPAY_API_BASE: razorpay.url,
    SHIPROCKET_BASE_URL: shiprocket.baseUrl,
    WHATSAPP_API_BASE: whatsapp.url,
  };
  setEnv(base);
});
afterAll(() => setEnv(t.env));

async function page(who = owner): Promise<Page> {
  return (await callRoute(keysLoader, who.request("/admin/settings/keys"))) as Page;
}
async function post(fields: Record<string, string>, who = owner) {
  const request = who.request("/admin/settings/keys", { form: fields });
  const r = await outcome(callRoute(keysAction, request, {}, { clientIp: "203.0.113.9" }));
  return { status: r.status, location: r.location, data: r.body as Answer };
}
const saveKeys = (service: string, keys: Record<string, string>, who = owner) =>
  post({ intent: "save", service, ...keys }, who);
const check = (service: string) => post({ intent: "check", service });
const clear = (name: string) => post({ intent: "clear", name });

const storedRows = () => db().select().from(serviceKeys);
const auditRows = () => db().select().from(auditLog).where(eq(auditLog.action, "keys"));
const keyOf = (p: Page, service: string, name: string) =>
  p.services.find((s) => s.service === service)!.keys.find((k) => k.name === name)!;

describe("saving keys", () => {
  it("refuses one key of a pair alone, and a key that is not one, writing nothing", async () => {
    const only = await saveKeys("razorpay", { RAZORPAY_KEY_ID: TEST_RAZORPAY.keyId });
    expect(only.status).toBe(400);
    expect(only.data.fieldErrors).toEqual({
      RAZORPAY_KEY_SECRET: "Enter the key secret too: Razorpay needs it with the key id.",
    });
    const bad = await saveKeys("whatsapp", { WHATSAPP_TOKEN: "short", WHATSAPP_PHONE_NUMBER_ID: "12ab" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({
      WHATSAPP_TOKEN: "Access token must be a WhatsApp Business access token (letters and digits)",
      WHATSAPP_PHONE_NUMBER_ID:
        "Phone number id must be the phone number ID shown in WhatsApp Manager (digits only)",
    });
    const idAsSecret = await saveKeys("razorpay", {
      RAZORPAY_KEY_ID: TEST_RAZORPAY.keySecret,
      RAZORPAY_KEY_SECRET: TEST_RAZORPAY.keySecret,
    });
    expect(idAsSecret.data.fieldErrors?.RAZORPAY_KEY_ID).toMatch(/^Key id must be the key id from Razorpay/);
    expect((await saveKeys("razorpay", {})).status).toBe(400);
    expect(await storedRows()).toEqual([]);
  });

  it("saves Razorpay's keys sealed: the page shows their last 4 characters only, and the shop uses them at once", async () => {
    expect(paymentGateway().mode).toBe("off");
    expect((await goLiveStatus()).items.find((i) => i.id === "payment-keys")).toMatchObject({
      done: false,
      href: "/admin/settings/keys#keys-razorpay",
    });

    const r = await saveKeys("razorpay", {
      RAZORPAY_KEY_ID: TEST_RAZORPAY.keyId,
      RAZORPAY_KEY_SECRET: TEST_RAZORPAY.keySecret,
      RAZORPAY_WEBHOOK_SECRET: TEST_RAZORPAY.webhookSecret,
    });
    expect(r).toMatchObject({
      status: 200,
      data: { ok: true, message: "Saved: Razorpay key id, Razorpay key secret, Razorpay webhook secret." },
    });

    // Sealed at rest: no row holds a key in clear.
    const rows = await storedRows();
    expect(rows.map((row) => row.name).sort()).toEqual([
      "RAZORPAY_KEY_ID",
      "RAZORPAY_KEY_SECRET",
      "RAZORPAY_WEBHOOK_SECRET",
    ]);
    for (const row of rows) {
      expect(row.sealed).toMatch(/^v1\./);
      expect(row.updatedByEmail).toBe("keys-owner@neonlights.in");
    }
    const dump = JSON.stringify(rows);
    for (const secret of Object.values(TEST_RAZORPAY)) expect(dump).not.toContain(secret);

    // The page: where each key comes from and its last 4 characters, never the key.
    const p = await page();
    expect(keyOf(p, "razorpay", "RAZORPAY_KEY_SECRET")).toMatchObject({
      source: "saved",
      shown: `•••• ${TEST_RAZORPAY.keySecret.slice(-4)}`,
      saved: true,
    });
    for (const secret of Object.values(TEST_RAZORPAY)) expect(JSON.stringify(p)).not.toContain(secret);

    // Every reader, at once: the gateway (against the fake), the checklist, the start-up lines.
    const g = paymentGateway();
    expect(g).toMatchObject({ mode: "razorpay", keyId: TEST_RAZORPAY.keyId });
    await createGatewayOrder(g as Exclude<typeof g, { mode: "off" }>, {
      amountPaise: 49_900,
      receipt: "chk_keys",
    });
    expect(razorpay.orders.size).toBe(1);
    expect((await goLiveStatus()).items.find((i) => i.id === "payment-keys")!.done).toBe(true);
    const lines = describeServiceKeys().map((l) => l.message);
    expect(lines).toContain("Razorpay keys: key id, key secret, webhook secret saved in the admin");
    for (const secret of Object.values(TEST_RAZORPAY)) expect(lines.join("\n")).not.toContain(secret);

    // The audit trail names each key, never its value.
    const audit = await auditRows();
    expect(audit.map((a) => a.subject).sort()).toEqual([
      "Razorpay key id changed",
      "Razorpay key secret changed",
      "Razorpay webhook secret changed",
    ]);
    expect(audit[0]).toMatchObject({
      kind: "setting",
      actorEmail: "keys-owner@neonlights.in",
      ip: "203.0.113.9",
    });
    for (const secret of Object.values(TEST_RAZORPAY)) expect(JSON.stringify(audit)).not.toContain(secret);

    // The same keys again change nothing (no new audit row).
    const again = await saveKeys("razorpay", { RAZORPAY_KEY_SECRET: TEST_RAZORPAY.keySecret });
    expect(again.data.message).toBe("Nothing changed: those are the saved keys.");
    expect(await auditRows()).toHaveLength(3);
  });

  it("keeps them sealed in a backup", async () => {
    const archive = path.join(os.tmpdir(), `neon-keys-backup-${Date.now()}.tar.gz`);
    await createBackup(archive);
    const copy = execFileSync("tar", ["-xzOf", archive, "./db/service_keys.copy"], { encoding: "utf8" });
    expect(copy).toContain("RAZORPAY_KEY_SECRET\tv1.");
    for (const secret of Object.values(TEST_RAZORPAY)) expect(copy).not.toContain(secret);
  });

  it("clears a saved key (audited by name); clearing one not saved is refused", async () => {
    const r = await clear("RAZORPAY_WEBHOOK_SECRET");
    expect(r).toMatchObject({ status: 200, data: { ok: true, message: "Razorpay webhook secret cleared." } });
    expect((await storedRows()).map((row) => row.name)).not.toContain("RAZORPAY_WEBHOOK_SECRET");
    expect(paymentGateway()).toMatchObject({ mode: "razorpay", webhookSecret: undefined });
    expect((await auditRows()).map((a) => a.subject)).toContain("Razorpay webhook secret cleared");
    expect((await clear("RAZORPAY_WEBHOOK_SECRET")).status).toBe(404);
    expect((await clear("NOT_A_KEY")).status).toBe(400);
  });
});

describe("the environment wins", () => {
  it("uses an environment variable that is set over the saved key, says so, and refuses to save over it", async () => {
    const envKeys = { RAZORPAY_KEY_ID: "rzp_live_fromTheEnv", RAZORPAY_KEY_SECRET: "env-secret-abcd" };
    setEnv({ ...base, ...envKeys, RAZORPAY_WEBHOOK_SECRET: undefined });
    try {
      expect(serviceEnv()).toMatchObject(envKeys);
      expect(paymentGateway()).toMatchObject({ mode: "razorpay", keyId: "rzp_live_fromTheEnv" });
      const p = await page();
      expect(keyOf(p, "razorpay", "RAZORPAY_KEY_ID")).toMatchObject({
        source: "env",
        shown: "•••• eEnv",
        saved: true,
      });
      expect(JSON.stringify(p)).not.toContain("env-secret-abcd");
      const r = await saveKeys("razorpay", { RAZORPAY_KEY_ID: "rzp_test_other" });
      expect(r.status).toBe(400);
      expect(r.data.fieldErrors).toEqual({
        RAZORPAY_KEY_ID: "Set in the environment (RAZORPAY_KEY_ID): change it there.",
      });
      expect(describeServiceKeys().map((l) => l.message)).toContain(
        "Razorpay keys: key id, key secret from the environment; webhook secret not set",
      );
    } finally {
      setEnv(base);
    }
    expect(paymentGateway()).toMatchObject({ keyId: TEST_RAZORPAY.keyId });
  });
});

describe("Check connection", () => {
  it("Razorpay: the saved keys answer; a wrong secret is refused, never repeated", async () => {
    expect(await check("razorpay")).toMatchObject({
      status: 200,
      data: { ok: true, message: "Razorpay accepted the keys (test mode)." },
    });
    const wrong = "wrong_secret_5150";
    await saveKeys("razorpay", { RAZORPAY_KEY_SECRET: wrong });
    const r = await check("razorpay");
    expect(r).toMatchObject({
      status: 502,
      data: {
        ok: false,
        message: "Not connected. Razorpay refused the keys (401): check the key id and key secret.",
      },
    });
    expect(JSON.stringify(r.data)).not.toContain(wrong);
    await saveKeys("razorpay", { RAZORPAY_KEY_SECRET: TEST_RAZORPAY.keySecret });
  });

  it("Shiprocket: its login; the shop books through it at once", async () => {
    expect((await check("shiprocket")).data).toEqual({
      ok: false,
      intent: "check",
      message: "Save the API user's e-mail and API user's password first.",
    });
    expect(fulfilmentMode()).toBe("manual");
    await saveKeys("shiprocket", {
      SHIPROCKET_EMAIL: TEST_SHIPROCKET.email,
      SHIPROCKET_PASSWORD: "not-the-password",
    });
    expect(fulfilmentMode()).toBe("shiprocket");
    const refused = await check("shiprocket");
    expect(refused).toMatchObject({ status: 502, data: { ok: false } });
    expect(refused.data.message).toMatch(/^Not connected\. Shiprocket refused the login \(HTTP 400\)/);
    expect(refused.data.message).not.toContain("not-the-password");
    await saveKeys("shiprocket", { SHIPROCKET_PASSWORD: TEST_SHIPROCKET.password });
    expect(await check("shiprocket")).toMatchObject({
      status: 200,
      data: { ok: true, message: "Shiprocket accepted the API user's login." },
    });
  });

  it("WhatsApp: the phone number id with the token; a wrong token is refused; messages go out through the saved keys", async () => {
    await saveKeys("whatsapp", {
      WHATSAPP_TOKEN: `${WA.token}x`,
      WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
    });
    const refused = await check("whatsapp");
    expect(refused).toMatchObject({ status: 502, data: { ok: false } });
    expect(refused.data.message).toMatch(/^Not connected\. WhatsApp refused the access token/);
    expect(refused.data.message).not.toContain(WA.token);
    await saveKeys("whatsapp", { WHATSAPP_TOKEN: WA.token });
    expect(await check("whatsapp")).toMatchObject({
      status: 200,
      data: {
        ok: true,
        message: "WhatsApp accepted the keys: messages go out from +91 98765 43210 (NeonLights).",
      },
    });
    const sent = await deliverWhatsApp("keys-test:1", {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919876543210",
      type: "template",
      template: {
        name: "order_placed",
        language: { code: "en" },
        components: [
          { type: "body", parameters: ["A", "B", "C"].map((text) => ({ type: "text" as const, text })) },
        ],
      },
    });
    expect(sent.via).toBe("api");
    expect(whatsapp.accepted.at(-1)!.authorization).toBe(`Bearer ${WA.token}`);
  });

  it("SMTP: the server's greeting and login; a wrong password is refused; mail goes out through it", async () => {
    await saveKeys("smtp", { SMTP_URL: smtp.url(SMTP.user, "wrong-pass-77") });
    const refused = await check("smtp");
    expect(refused).toMatchObject({ status: 502, data: { ok: false } });
    expect(refused.data.message).toMatch(/^Not connected\. .*535/);
    expect(refused.data.message).not.toContain("wrong-pass-77");
    await saveKeys("smtp", { SMTP_URL: smtp.url() });
    expect(await check("smtp")).toMatchObject({
      status: 200,
      data: { ok: true, message: "The mail server accepted the connection and the login." },
    });
    const r = await sendMail({
      to: "buyer@example.in",
      subject: "Keys test",
      content: { blocks: [{ kind: "paragraph", text: "Hello" }], shop: { name: "Glow", publicUrl: ORIGIN } },
    });
    expect(r.via).toBe("smtp");
    expect(smtp.state.messages.at(-1)).toContain("Subject: Keys test");
    expect(describeServiceKeys().map((l) => l.message)).toContain(
      "Mail server (SMTP): e-mail sent over SMTP; keys: SMTP URL saved in the admin",
    );
  });
});

describe("every instance", () => {
  it("uses a key another instance saved at once (NOTIFY), not after the cache's minute", async () => {
    await startEventListener(t.url);
    try {
      await loadServiceKeys();
      expect(serviceEnv().RAZORPAY_WEBHOOK_SECRET).toBeUndefined();
      const other = new pg.Client({ connectionString: t.url });
      await other.connect();
      try {
        await other.query(`insert into service_keys (name, sealed) values ('RAZORPAY_WEBHOOK_SECRET', $1)`, [
          sealSecret("saved-elsewhere-1234"),
        ]);
      } finally {
        await other.end();
      }
      await expect
        .poll(() => serviceEnv().RAZORPAY_WEBHOOK_SECRET, { timeout: 5_000 })
        .toBe("saved-elsewhere-1234");
    } finally {
      await stopEventListener();
    }
  });
});

describe("who may see and change the keys", () => {
  it("only the Owner: another role is refused (403) and nothing changes", async () => {
    const before = await storedRows();
    for (const role of ["operations", "catalogue", "accounts"] as const) {
      const member = await adminSession(`keys-${role}@neonlights.in`, { role });
      await expect(callRoute(keysLoader, member.request("/admin/settings/keys"))).rejects.toMatchObject({
        status: 403,
      });
      expect((await saveKeys("razorpay", { RAZORPAY_KEY_SECRET: "theirs-1234567" }, member)).status).toBe(
        403,
      );
      expect((await post({ intent: "clear", name: "RAZORPAY_KEY_SECRET" }, member)).status).toBe(403);
      expect((await post({ intent: "check", service: "razorpay" }, member)).status).toBe(403);
    }
    expect(await storedRows()).toEqual(before);
  });

  it("asks an Owner whose second factor is older than 5 minutes to prove it again before saving or clearing", async () => {
    const s = await adminSession("keys-stepup@neonlights.in");
    const { secret } = newTotpSecret(s.email);
    const T = Date.now() - 10 * 60_000;
    expect((await enableTotp(s.userId, secret, totpCode(secret, T), T)).ok).toBe(true);
    const stale = await adminSession(s.email, { verifiedAt: new Date(Date.now() - 6 * 60_000) });
    const before = await storedRows();
    for (const fields of [
      { intent: "save", service: "razorpay", RAZORPAY_KEY_SECRET: "stale-secret-123" } as Record<
        string,
        string
      >,
      { intent: "clear", name: "RAZORPAY_KEY_SECRET" },
    ]) {
      const r = await post(fields, stale);
      expect(r.status).toBe(302);
      expect(r.location).toMatch(/^\/admin\/step-up\?next=/);
    }
    expect(await storedRows()).toEqual(before);
    // Checking a connection changes nothing: no step-up.
    expect((await post({ intent: "check", service: "razorpay" }, stale)).status).toBe(200);
  });
});

describe("the log", () => {
  it("never holds a key: saves, clears, checks and sends were logged by name only", () => {
    expect(logged.join("\n")).toMatch(/service keys saved/);
    expect(logged.join("\n")).toMatch(/connection check/);
    const keys = [
      ...Object.values(TEST_RAZORPAY),
      "wrong_secret_5150",
      TEST_SHIPROCKET.password,
      "not-the-password",
      WA.token,
      SMTP.pass,
      "wrong-pass-77",
      "saved-elsewhere-1234",
    ];
    for (const key of keys) expect(logged.join("\n")).not.toContain(key);
  });
});
