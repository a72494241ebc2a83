import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as pinLoader } from "~/features/couriers/routes/api-pin";
import { action as estimateAction } from "~/features/couriers/routes/api-delivery-estimate";
import { deliveryForPin, fulfilmentMode } from "~/features/couriers/couriers.server";
import { COD_UNAVAILABLE_MESSAGE, PIN_MESSAGE } from "~/features/couriers/courier-messages";
import type { InvoiceSnapshot } from "~/features/invoices/gst-invoice";
import { issueInvoiceInTx } from "~/features/invoices/invoices.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import type { CourierSettings } from "~/features/settings/courier-settings";
import { addBusinessDays } from "~/shared/business-days";
import { gstinCheckCharacter } from "~/shared/gstin";
import { todayInIndia } from "~/shared/ist-dates";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { invoices } from "~/features/invoices/tables.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import { adminSession } from "../support/admin-session";
import { callAs, makeCategory, makeProduct, newShopper, productLine } from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS, newClientIp, postCheckout, postQuote } from "../support/orders";
import { countRows, setupTestDatabase } from "../support/test-db";

// Issue 42: PIN codes the shop knows (India Post's directory), and the tax follows them. The look-up
// endpoint and its limit, the checkout refusing a PIN that does not exist or is in another state than the
// one chosen (the invoice's place of supply), and manual mode's dates and cash on delivery per state.

setupTestDatabase(NO_ORDER_LIMITS);

const SHOP_GSTIN = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z"); // Uttar Pradesh
const BENGALURU = { city: "Bengaluru", state: "karnataka" };
let productId = "";

beforeAll(async () => {
  productId = (await makeProduct(await makeCategory("PIN codes"))).id;
});

async function pin(code: string, ip = newClientIp()) {
  const request = new Request(`http://shop.test/api/pin/${code}`);
  const res = await pinLoader({ request, params: { pin: code }, context: { clientIp: ip } } as never);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const after = (...days: number[]) => days.reduce((d, n) => addBusinessDays(d, n), todayInIndia());

/** The owner's settings changed while `work` runs. */
async function withSettings(
  change: (s: Awaited<ReturnType<typeof loadShopSettings>>["settings"]) => object,
  work: () => Promise<void>,
) {
  const { settings, version } = await loadShopSettings();
  const { actor } = await adminSession("owner@neonlights.in");
  expect((await saveShopSettings({ ...settings, ...change(settings) }, actor, version)).ok).toBe(true);
  try {
    await work();
  } finally {
    await saveShopSettings(settings, actor, (await loadShopSettings()).version);
  }
}

describe("GET /api/pin/:pin", () => {
  it("answers a PIN's state (the shop's code) and districts, cached a day", async () => {
    const r = await pin("560034");
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(r.body).toEqual({
      ok: true,
      pin: "560034",
      state: { slug: "karnataka", code: "29", name: "Karnataka" },
      states: [{ slug: "karnataka", code: "29", name: "Karnataka" }],
      districts: ["Bangalore"],
    });
    expect((await pin("500001")).body).toMatchObject({
      state: { slug: "telangana" },
      districts: ["Hyderabad"],
    });
    expect((await pin("194101")).body).toMatchObject({ state: { slug: "ladakh", code: "38" } });
  });

  it("says a PIN that does not exist is not an Indian PIN code, and refuses one that is not six digits", async () => {
    const unknown = await pin("999999");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      ok: false,
      message: "999999 is not an Indian PIN code",
      fieldErrors: { pincode: "999999 is not an Indian PIN code" },
    });
    for (const bad of ["12345", "012345", "abcdef", "5600341"]) {
      const r = await pin(bad);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ ok: false, message: PIN_MESSAGE });
    }
  });

  it("is limited per network, with the other PIN look-ups", async () => {
    const ip = newClientIp();
    for (let i = 0; i < 59; i++) expect((await pin("110001", ip)).status).toBe(200);
    // The delivery-date look-up counts in the same budget (60 in 10 minutes).
    expect((await callAs(ip, estimateAction, { pincode: "110001" })).status).toBe(200);
    const over = await pin("110001", ip);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
    expect(over.headers.get("cache-control")).toBe("no-store");
    expect((await pin("110001")).status).toBe(200); // another network
  });
});

describe("a PIN that does not exist", () => {
  it("gets no delivery date and no cash on delivery", async () => {
    const r = await callAs(newClientIp(), estimateAction, { pincode: "999999" });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      ok: false,
      message: "999999 is not an Indian PIN code",
      fieldErrors: { pincode: "999999 is not an Indian PIN code" },
    });
    expect(await deliveryForPin("999999", { custom: false })).toEqual({
      source: "settings",
      serviceable: false,
    });
    const q = await postQuote({ items: [productLine(productId)], pincode: "999999", paymentMethod: "cod" });
    expect(q.body.delivery).toEqual({ source: "directory", serviceable: false });
  });

  it("is refused at the checkout on its field, writing nothing", async () => {
    const before = await countRows(checkouts);
    const r = await postCheckout([productLine(productId)], {
      shopper: { ...newShopper(), pincode: "999999" },
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      ok: false,
      message: "999999 is not an Indian PIN code",
      fieldErrors: { pincode: "999999 is not an Indian PIN code" },
    });
    expect(await countRows(checkouts)).toBe(before);
  });
});

describe("the PIN's state is the order's state", () => {
  it("refuses a Bengaluru PIN with Uttar Pradesh chosen, before anything is written", async () => {
    const before = await countRows(checkouts);
    const r = await postCheckout([productLine(productId)], {
      shopper: { ...newShopper(), pincode: "560034" },
      form: { city: "Lucknow", state: "uttar-pradesh" },
    });
    expect(r.status).toBe(422);
    const message = "PIN 560034 is in Karnataka, not Uttar Pradesh: check the PIN or the state";
    expect(r.body).toMatchObject({ ok: false, message, fieldErrors: { state: message } });
    expect(await countRows(checkouts)).toBe(before);
  });

  it("takes the PIN with its own state, and the invoice's place of supply is that state (IGST from UP)", async () => {
    const r = await postCheckout([productLine(productId)], {
      shopper: { ...newShopper(), pincode: "560034" },
      form: BENGALURU,
    });
    expect(r.status).toBe(201);
    const checkoutId = (r.body.checkout as { checkoutId: string }).checkoutId;
    const [order] = await db().select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(order!.shippingAddress).toMatchObject({ state: "karnataka", pincode: "560034" });
    await withSettings(
      (s) => ({ legal: { ...s.legal, gstin: SHOP_GSTIN } }),
      async () => {
        const { settings } = await loadShopSettings();
        await db().transaction((tx) =>
          issueInvoiceInTx(tx, { kind: "order", id: order!.id }, "test", settings),
        );
        const [inv] = await db().select().from(invoices).where(eq(invoices.orderId, order!.id));
        const s = inv!.snapshot as unknown as InvoiceSnapshot;
        expect(s.placeOfSupply).toEqual({ code: "29", name: "Karnataka" });
        expect(s.supply).toBe("inter");
        expect(s.totals.igst).toBeGreaterThan(0);
      },
    );
  });
});

describe("manual mode: delivery dates and cash on delivery by the PIN's state", () => {
  const ladakhSlow = (s: { courier: CourierSettings }) => ({
    courier: {
      ...s.courier,
      byState: { ...s.courier.byState, ladakh: { extraDays: 4, cod: "no" as const } },
    },
  });

  it("adds the state's days to the settings' window and turns COD off where the owner says", async () => {
    expect(fulfilmentMode()).toBe("manual");
    // Before: the settings' window everywhere (2 days to dispatch, 5-12 in transit), COD everywhere.
    expect(await deliveryForPin("194101", { custom: false })).toEqual({
      source: "settings",
      serviceable: true,
      cod: true,
      from: after(7),
      to: after(14),
    });
    await withSettings(ladakhSlow, async () => {
      expect(await deliveryForPin("194101", { custom: false })).toEqual({
        source: "settings",
        serviceable: true,
        cod: false,
        from: after(11),
        to: after(18),
      });
      const estimate = await callAs(newClientIp(), estimateAction, { pincode: "194101", custom: true });
      expect(estimate.body).toMatchObject({ cod: false, from: after(14), to: after(21) });
      // Another state keeps the settings' window and its cash on delivery.
      expect(await deliveryForPin("560034", { custom: false })).toMatchObject({
        cod: true,
        from: after(7),
        to: after(14),
      });

      const q = await postQuote({ items: [productLine(productId)], pincode: "194101", paymentMethod: "cod" });
      expect(q.body.codRefusal).toBe(COD_UNAVAILABLE_MESSAGE);
      const standard = (q.body.options as { method: string; daysMin: number; daysMax: number }[]).find(
        (o) => o.method === "standard",
      );
      expect(standard).toMatchObject({ daysMin: 11, daysMax: 18, from: after(11), to: after(18) });
      const bengaluru = await postQuote({
        items: [productLine(productId)],
        pincode: "560034",
        paymentMethod: "cod",
      });
      expect(bengaluru.body.codRefusal).toBeNull();

      const before = await countRows(checkouts);
      const cod = await postCheckout([productLine(productId)], {
        shopper: { ...newShopper(), pincode: "194101" },
        form: { city: "Leh", state: "ladakh" },
      });
      expect(cod.status).toBe(422);
      expect(cod.body).toMatchObject({ fieldErrors: { paymentMethod: COD_UNAVAILABLE_MESSAGE } });
      expect(await countRows(checkouts)).toBe(before);
    });
  });
});
