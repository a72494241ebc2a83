import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as estimateAction } from "~/features/couriers/routes/api-delivery-estimate";
import { deliveryForPin, fulfilmentMode } from "~/features/couriers/couriers.server";
import { PIN_MESSAGE } from "~/features/couriers/courier-messages";
import {
  invalidateShopSettings,
  loadShopSettings,
  saveShopSettings,
} from "~/features/settings/store-settings.server";
import type { ShippingRules } from "~/features/settings/shop-settings";
import { addBusinessDays } from "~/shared/business-days";
import { todayInIndia } from "~/shared/ist-dates";
import { db } from "~/platform/db/client.server";
import { env, setEnv } from "~/platform/env.server";
import { adminSession } from "../support/admin-session";
import { callAs, makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { FAKE_COURIERS } from "../support/fake-shiprocket";
import { newClientIp, postQuote } from "../support/orders";
import { shopWithFakeShiprocket } from "../support/courier-test-shop";

// The delivery date for a PIN (issue 28) and the shop's own rules behind it (decision 034): the courier's
// answer plus production days, the settings' window when there is no courier or it fails, made-to-order
// days, and the stored settings' migration to days in transit.

const SERVED = "400050"; // Delhivery (COD, 4 days, cheapest) and Blue Dart (prepaid, 2 days)
const PREPAID_ONLY = "560001";
const NOWHERE = "793001";

const fake = await shopWithFakeShiprocket({
  [SERVED]: [FAKE_COURIERS.delhivery, FAKE_COURIERS.bluedart],
  [PREPAID_ONLY]: [FAKE_COURIERS.bluedart],
});

const estimate = (body: unknown) => callAs(newClientIp(), estimateAction, body);
const after = (...days: number[]) => days.reduce((d, n) => addBusinessDays(d, n), todayInIndia());

async function withShipping(change: Partial<ShippingRules>, work: () => Promise<void>) {
  const { settings, version } = await loadShopSettings();
  const { actor } = await adminSession("owner@neonlights.in");
  const saved = await saveShopSettings(
    { ...settings, shipping: { ...settings.shipping, ...change } },
    actor,
    version,
  );
  expect(saved.ok).toBe(true);
  try {
    await work();
  } finally {
    const now = await loadShopSettings();
    await saveShopSettings(settings, actor, now.version);
  }
}

/** The shop without Shiprocket keys (manual mode) while `work` runs. */
async function manually(work: () => Promise<void>) {
  const before = env();
  setEnv({ ...before, SHIPROCKET_EMAIL: undefined, SHIPROCKET_PASSWORD: undefined });
  try {
    expect(fulfilmentMode()).toBe("manual");
    await work();
  } finally {
    setEnv(before);
  }
}

describe("the PIN look-up", () => {
  it("serviceable: production days, then the cheapest courier's days; cash on delivery said", async () => {
    const r = await estimate({ pincode: SERVED });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ source: "courier", serviceable: true, cod: true, to: after(2, 4) });
    const custom = await estimate({ pincode: SERVED, custom: true });
    expect(custom.body).toMatchObject({ to: after(5, 4) });
  });

  it("not serviceable, and cash on delivery not available, are said", async () => {
    expect((await estimate({ pincode: NOWHERE })).body).toEqual({
      ok: true,
      pincode: NOWHERE,
      source: "courier",
      serviceable: false,
    });
    expect((await estimate({ pincode: PREPAID_ONLY })).body).toMatchObject({
      serviceable: true,
      cod: false,
      to: after(2, 2),
    });
  });

  it("adds a made-to-order sign's extra days, and refuses extra days out of range", async () => {
    expect((await estimate({ pincode: SERVED, extraDays: 5 })).body).toMatchObject({ to: after(7, 4) });
    for (const extraDays of [-1, 61, 1.5, "3"]) {
      const r = await estimate({ pincode: SERVED, extraDays });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ ok: false, message: PIN_MESSAGE });
    }
  });

  it("when Shiprocket is down, the settings' rules give the dates (ready-made and custom)", async () => {
    fake.state.failNext = [500, 500];
    expect(await deliveryForPin(SERVED, { custom: false })).toEqual({
      source: "settings",
      serviceable: true,
      cod: true,
      from: after(7),
      to: after(14),
    });
    expect(await deliveryForPin(SERVED, { custom: true, extraDays: 0 })).toMatchObject({
      source: "settings",
      from: after(10),
      to: after(17),
    });
  });

  it("without courier keys the settings' rules give the dates, and follow a change at once", async () => {
    await manually(async () => {
      const asked = fake.state.requests.length;
      const r = await estimate({ pincode: NOWHERE, custom: true });
      expect(r.body).toMatchObject({ source: "settings", serviceable: true, from: after(10), to: after(17) });
      await withShipping(
        { readyDispatchDays: 0, customMakingDays: 3, standardDaysMin: 2, standardDaysMax: 4 },
        async () => {
          expect((await estimate({ pincode: SERVED })).body).toMatchObject({ from: after(2), to: after(4) });
          expect((await estimate({ pincode: SERVED, custom: true })).body).toMatchObject({
            from: after(5),
            to: after(7),
          });
        },
      );
      expect(fake.state.requests.length).toBe(asked);
    });
  });
});

describe("the checkout's windows", () => {
  it("are the settings' production days plus transit: a custom sign's making days hold the order", async () => {
    const product = (await makeProduct(await makeCategory())).id;
    await manually(async () => {
      const ready = await postQuote({ items: [productLine(product)], pincode: "110001" });
      const options = ready.body.options as { method: string; daysMin: number; daysMax: number }[];
      expect(options.map((o) => [o.method, o.daysMin, o.daysMax])).toEqual([
        ["standard", 7, 14],
        ["express", 3, 5],
      ]);
      await withShipping({ readyDispatchDays: 1, standardDaysMin: 3, standardDaysMax: 4 }, async () => {
        const q = await postQuote({ items: [productLine(product)], pincode: "110001" });
        const o = q.body.options as { method: string; daysMin: number; daysMax: number }[];
        expect(o.map((x) => [x.method, x.daysMin, x.daysMax])).toEqual([
          ["standard", 4, 5],
          ["express", 2, 4],
        ]);
      });
    });
  });
});

describe("migration 0028", () => {
  it("turns stored windows from the order into days in transit, keeping every ready-made promise", async () => {
    const file = fs
      .readdirSync(path.resolve("drizzle"))
      .find((f) => f.startsWith("0028_") && f.endsWith(".sql"))!;
    const migration = fs.readFileSync(path.resolve("drizzle", file), "utf8");
    await loadShopSettings(); // the row exists
    const rolledBack = new Error("rolled back");
    await expect(
      db().transaction(async (tx) => {
        const stored = (shipping: Record<string, unknown>) =>
          tx.execute(
            sql`update shop_settings set settings = jsonb_set(settings, '{shipping}', ${JSON.stringify(shipping)}::jsonb)`,
          );
        const read = async () =>
          (
            (await tx.execute(sql`select settings->'shipping' as s from shop_settings`)).rows[0] as {
              s: Record<string, unknown>;
            }
          ).s;
        // The old defaults, counted from the order, with 2 days to dispatch.
        await stored({
          standardDaysMin: 7,
          standardDaysMax: 14,
          expressDaysMin: 3,
          expressDaysMax: 5,
          readyDispatchDays: 2,
          standardFee: 299,
        });
        await tx.execute(sql.raw(migration));
        expect(await read()).toEqual({
          standardDaysMin: 5,
          standardDaysMax: 12,
          expressDaysMin: 1,
          expressDaysMax: 3,
          readyDispatchDays: 2,
          standardFee: 299,
        });
        // Saved before days to dispatch existed (their default 2), and a window too short to lose them.
        await stored({ standardDaysMin: 2, standardDaysMax: 9 });
        await tx.execute(sql.raw(migration));
        expect(await read()).toEqual({ standardDaysMin: 1, standardDaysMax: 7 });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    invalidateShopSettings();
  });
});
