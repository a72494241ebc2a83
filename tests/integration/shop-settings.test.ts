import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flattenValues } from "~/features/settings/shop-settings";
import { loader as rootLoader } from "~/root";
import {
  action as settingsAction,
  loader as settingsLoader,
} from "~/features/settings/routes/admin-settings";
import { placeOrder } from "~/features/checkout/place-order.server";
import { db } from "~/platform/db/client.server";
import { shopSettings as settingsTable } from "~/features/settings/tables.server";
import { setEnv } from "~/platform/env.server";
import { startEventListener, stopEventListener } from "~/platform/events.server";
import { consume, RateLimited } from "~/platform/limits/rate-limit.server";
import {
  invalidateShopSettings,
  loadStoreSettings,
  shopSettings,
} from "~/features/settings/store-settings.server";
import { placeOrderRequestSchema } from "~/features/checkout/checkout";
import { adminSession, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import { makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { checkoutBody } from "../support/orders";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// The shop settings: first-start defaults from the environment, the admin page (guards, checks, nothing
// written on bad input, stale saves refused), and every reader following a save at once, on this
// instance and (through NOTIFY) on others.

const t = setupTestDatabase({
  PUBLIC_URL: ORIGIN,
  STORE_NAME: "Glow Test Shop",
  STORE_PHONE: "+91 90000 00001",
  MAX_ORDER_TOTAL: "150000",
  CHECKOUT_RATE_PER_HOUR: "7",
});

type Answer = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
/** Post the settings form: as the admin unless `cookie` says otherwise ("": none), from `origin`. */
async function save(fields: Record<string, string>, cookie = owner.cookie, origin = ORIGIN) {
  const request = shopRequest("/admin/settings", { form: fields, cookie, origin });
  const r = await outcome(callRoute(settingsAction, request));
  return { status: r.status, data: r.body as Answer };
}

const storedRow = async () => (await db().select().from(settingsTable).where(eq(settingsTable.id, 1)))[0];

let owner: AdminSession;
async function formNow(): Promise<Record<string, string>> {
  const loaded = (await callRoute(settingsLoader, owner.request("/admin/settings"))) as {
    values: Record<string, string>;
    version: string;
  };
  return { intent: "save", version: loaded.version, ...loaded.values };
}

beforeAll(async () => {
  owner = await adminSession("settings-admin@neonlights.in");
});

describe("first start", () => {
  it("stores the environment's values once, and keeps them when the environment changes later", async () => {
    // Written with the migrations (the first start), before any page asked for them.
    expect((await storedRow())!.settings).toMatchObject({ store: { name: "Glow Test Shop" } });
    const s = await shopSettings();
    expect(s.store).toMatchObject({ name: "Glow Test Shop", phone: "+91 90000 00001" });
    expect(s.limits).toMatchObject({ maxOrderTotal: 150_000, checkoutRatePerHour: 7 });
    expect(s.shipping).toMatchObject({ standardFee: 299, freeFrom: 5000, codFee: 50, expressFee: 599 });
    expect((await storedRow())!.settings).toMatchObject({ store: { name: "Glow Test Shop" } });

    // A later start with other environment values: the stored settings win.
    setEnv({ ...t.env, STORE_NAME: "Another Name" });
    try {
      expect((await loadStoreSettings()).name).toBe("Glow Test Shop");
    } finally {
      setEnv(t.env);
    }
  });
});

describe("the settings page", () => {
  it("refuses requests without an admin session, and cross-site posts, writing nothing", async () => {
    const before = await storedRow();
    const fields = { ...(await formNow()), "store.name": "Hijacked" };
    expect((await save(fields, "")).status).toBe(401);
    expect((await save(fields, owner.cookie, "https://evil.example")).status).toBe(403);
    await expect(callRoute(settingsLoader, shopRequest("/admin/settings"))).rejects.toMatchObject({
      status: 302,
    });
    expect(await storedRow()).toEqual(before);
  });

  it("answers every bad field with its message and writes nothing", async () => {
    const before = await storedRow();
    const r = await save({
      ...(await formNow()),
      "store.name": "Half Saved",
      "legal.gstin": "27AAPFU0939F1ZW",
      "store.email": "nobody@",
      "social.youtubeUrl": "youtube",
      "grievance.phone": "12",
      "shipping.freeFrom": "five thousand",
    });
    expect(r.status).toBe(400);
    expect(r.data.fieldErrors).toEqual({
      "legal.gstin":
        "This GSTIN's check character does not match. Please copy it again from your GST certificate.",
      "store.email": "Store email must be a valid email address",
      "social.youtubeUrl": "YouTube channel must be a web address starting with https://",
      "grievance.phone": "Grievance officer's phone must be a phone number such as +91 98765 43210",
      "shipping.freeFrom": "Free delivery threshold must be a whole number",
    });
    expect(await storedRow()).toEqual(before);
    expect((await shopSettings()).store.name).toBe("Glow Test Shop");
  });

  it("saves valid settings: the next read anywhere in this instance shows them", async () => {
    await shopSettings(); // a warm copy, to prove the save drops it
    const r = await save({
      ...(await formNow()),
      "store.name": "Glow Saved",
      "store.email": "care@glow.example",
      "legal.legalName": "Glow Lights LLP",
      "legal.gstin": "27aapfu0939f1zv",
      "grievance.name": "Meera Iyer",
      "shipping.freeFrom": "4,000",
      "limits.maxOrderTotal": "3000",
    });
    expect(r).toMatchObject({
      status: 200,
      data: { ok: true, message: "Settings saved successfully" },
    });
    const store = await loadStoreSettings();
    expect(store).toMatchObject({
      name: "Glow Saved",
      email: "care@glow.example",
      legalName: "Glow Lights LLP",
      gstin: "27AAPFU0939F1ZV",
      grievance: { name: "Meera Iyer" },
    });
    const root = (await rootLoader()) as unknown as {
      data: { store: { name: string }; shipping: { freeFrom: number } };
    };
    expect(root.data.store.name).toBe("Glow Saved");
    expect(root.data.shipping.freeFrom).toBe(4000);
    expect((await storedRow())!.updatedByEmail).toBe("settings-admin@neonlights.in");
  });

  it("refuses a save made from a form older than the last save (409), writing nothing", async () => {
    const stale = await formNow();
    const first = await save({ ...stale, "store.hoursSunday": "Sun: 11-2" });
    expect(first.status).toBe(200);
    const second = await save({ ...stale, "store.hoursSunday": "Sun: Open" });
    expect(second.status).toBe(409);
    expect((await shopSettings()).store.hoursSunday).toBe("Sun: 11-2");
  });
});

describe("readers follow the settings", () => {
  it("checkout uses the saved order ceiling and names the saved contact", async () => {
    const categoryId = await makeCategory();
    const p = await makeProduct(categoryId, { mediumPrice: 2499, stockQuantity: 5 });
    const r = await placeOrder(
      placeOrderRequestSchema.parse(checkoutBody([productLine(p.id, { quantity: 2 })])),
    );
    expect(r).toMatchObject({ ok: false, code: "ceiling" });
    expect(!r.ok && r.message).toContain("₹3,000");
    expect(!r.ok && r.message).toContain("care@glow.example");
  });

  it("the checkout rate limit uses the saved number", async () => {
    const fields = await formNow();
    await save({ ...fields, "limits.checkoutRatePerHour": "2" });
    const ip = `10.9.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
    await consume("checkoutPerClient", ip);
    await consume("checkoutPerClient", ip);
    await expect(consume("checkoutPerClient", ip)).rejects.toBeInstanceOf(RateLimited);
  });

  it("a change saved by another instance shows here at once (NOTIFY), not after the cache's minute", async () => {
    await startEventListener(t.url);
    try {
      invalidateShopSettings();
      expect((await shopSettings()).store.name).toBe("Glow Saved");
      // Another instance saves: a separate connection, as another app process would.
      const other = new pg.Client({ connectionString: t.url });
      await other.connect();
      try {
        await other.query(
          `update shop_settings set settings = jsonb_set(settings, '{store,name}', '"Glow Elsewhere"'), updated_at = now()`,
        );
      } finally {
        await other.end();
      }
      await expect
        .poll(async () => (await shopSettings()).store.name, { timeout: 5_000 })
        .toBe("Glow Elsewhere");
    } finally {
      await stopEventListener();
    }
  });

  it("falls back to the defaults for fields a stored copy lacks (settings added by a later version)", async () => {
    await db().execute(sql`update shop_settings set settings = settings #- '{shipping,codFee}'`);
    invalidateShopSettings();
    expect((await shopSettings()).shipping.codFee).toBe(50);
    expect(flattenValues((await shopSettings()).shipping)).toHaveProperty("codFee", "50");
  });
});

afterAll(() => setEnv(t.env));
