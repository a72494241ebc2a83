import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as webhookAction } from "~/features/shipments/routes/api-courier-updates";
import { bookCourier } from "~/features/shipments/courier-booking.server";
import { readyToShip } from "~/features/shipments/courier-batch.server";
import { shippingMargin } from "~/features/month-end/money-figures.server";
import { todayInIndia } from "~/shared/ist-dates";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { gstinCheckCharacter } from "~/shared/gstin";
import { db } from "~/platform/db/client.server";
import { invoices } from "~/features/invoices/tables.server";
import { orderStatusHistory, orders } from "~/features/order-lifecycle/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { callAs, makeCategory, makeProduct, stockOf } from "../support/checkout-fixtures";
import { FAKE_COURIERS, fakeShiprocketEnv, startFakeShiprocket } from "../support/fake-shiprocket";
import { insertOrder, newClientIp } from "../support/orders";
import { outbox } from "../support/outbox";
import { setupTestDatabase } from "../support/test-db";
import * as shipmentsRoute from "~/features/shipments/routes/admin-shipments";
import { adminSession as openAdmin, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import { outcome, routeArgs } from "../support/route-calls";

// The whole courier journey against the fake (issue 28): a COD order shipped with its label, tracking
// events in order, out of order and replayed until delivered (mail and WhatsApp once), and a return to
// origin from tracking (stock back once, a credit note for the invoice issued at dispatch).

const TOKEN = "webhook-token-for-lifecycle-0123456789";
const fake = await startFakeShiprocket({
  routes: { "243001": [FAKE_COURIERS.delhivery, FAKE_COURIERS.ecom] },
});
const t = setupTestDatabase({
  ...fakeShiprocketEnv(fake),
  SHIPROCKET_WEBHOOK_TOKEN: TOKEN,
  PUBLIC_URL: ORIGIN,
});
afterAll(async () => {
  await runQueuedJobs();
  await fake.close();
});
const box = outbox(t.dataDir);
let actor: Actor;
let admin: AdminSession;
let productId: string;
beforeAll(async () => {
  admin = await openAdmin("journey@example.com");
  actor = admin.actor;
  const category = await makeCategory("Courier journey");
  productId = (await makeProduct(category, { name: "Journey Neon", stockQuantity: 10 })).id;
  // A GSTIN: the dispatch issues the tax invoice, so an RTO makes its credit note.
  const gstin = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z");
  const { settings, version } = await loadShopSettings();
  expect(
    (await saveShopSettings({ ...settings, legal: { ...settings.legal, gstin } }, actor, version)).ok,
  ).toBe(true);
});

async function shipped() {
  const o = await insertOrder({ status: "in_production", paymentMethod: "cod", whatsappUpdates: true }, [
    { productId, quantity: 2 },
  ]);
  // (Inserted as the checkout left it; an RTO puts its 2 units back on the shelf.)
  const r = await bookCourier({ kind: "order", id: o.id }, actor);
  if (!r.ok) throw new Error(r.message);
  return { id: o.id, awb: r.shipment.awb!, label: r.shipment.labelUrl! };
}
const track = (awb: string, statusId: number, label: string, said = statusId) => {
  fake.setTracking(awb, statusId, label);
  return callAs(
    newClientIp(),
    webhookAction,
    { awb, shipment_status_id: said },
    {
      "content-type": "application/json",
      "x-api-key": TOKEN,
    },
  );
};
const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const historyTo = async (id: string, to: string) =>
  (
    await db()
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toValue, to)))
  ).length;

describe("a COD parcel from label to doorstep", () => {
  it("ships with a label, survives out-of-order and replayed events, and mails 'delivered' once", async () => {
    const o = await shipped();
    expect(o.label).toMatch(/\/files\/label-\d+\.pdf$/);
    const sent = [...fake.shipments.values()].find((s) => s.awb === o.awb)!;
    expect(sent.body).toMatchObject({ payment_method: "COD", sub_total: 2 * 1499 });
    await track(o.awb, 18, "IN TRANSIT");
    await track(o.awb, 7, "DELIVERED");
    // Late and replayed events after delivery: the API still says delivered; nothing moves.
    await track(o.awb, 17, "DELIVERED", 17);
    await track(o.awb, 18, "DELIVERED", 18);
    await track(o.awb, 7, "DELIVERED");
    await runQueuedJobs();
    await track(o.awb, 7, "DELIVERED");
    await runQueuedJobs();
    expect(await orderOf(o.id)).toMatchObject({ status: "delivered", paymentStatus: "paid" });
    expect(await historyTo(o.id, "delivered")).toBe(1);
    expect(box.files(`status-order-${o.id}-delivered`, ".eml")).toHaveLength(1);
    expect(box.messages(`whatsapp-order-delivered-${o.id}`)).toHaveLength(1);
  });
});

describe("a return to origin from tracking", () => {
  it("RTO delivered before RTO initiated (out of order), replayed: stock back once, one credit note", async () => {
    const before = await stockOf(productId);
    const o = await shipped();
    await track(o.awb, 18, "IN TRANSIT");
    await track(o.awb, 10, "RTO DELIVERED");
    await track(o.awb, 9, "RTO DELIVERED", 9);
    await track(o.awb, 10, "RTO DELIVERED");
    await runQueuedJobs();
    const after = await orderOf(o.id);
    expect(after.status).toBe("rto");
    expect(await historyTo(o.id, "rto")).toBe(1);
    expect(await stockOf(productId)).toBe(before + 2);
    const docs = await db().select().from(invoices).where(eq(invoices.orderId, o.id));
    expect(docs.filter((d) => d.kind === "invoice")).toHaveLength(1);
    expect(docs.filter((d) => d.kind === "credit_note")).toHaveLength(1);
    expect(box.files(`status-order-${o.id}-rto`, ".eml")).toHaveLength(1);
  });
});

describe("several orders shipped at once", () => {
  const ship = (values: string[], who: AdminSession | null = admin) => {
    const form = new URLSearchParams([["intent", "ship-several"], ...values.map((v) => ["order", v])]);
    const request = who
      ? who.request("/admin/shipments", { form })
      : shopRequest("/admin/shipments", { form });
    return outcome(() => shipmentsRoute.action(routeArgs(request)));
  };

  it("books each ticked order, says which could not be booked, and makes one manifest", async () => {
    const a = await insertOrder({ status: "in_production", paymentMethod: "cod" });
    const b = await insertOrder({
      status: "in_production",
      paymentMethod: "razorpay",
      paymentStatus: "paid",
    });
    const abroad = await insertOrder({
      status: "in_production",
      shippingMethod: "international",
      shippingAddress: {
        address1: "1 Main St",
        city: "Dubai",
        state: "Dubai",
        pincode: "00000",
        country: "AE",
      },
    });
    const ready = await readyToShip();
    expect(ready.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ready.map((r) => r.id)).not.toContain(abroad.id);

    // No session: nothing booked.
    const before = fake.shipments.size;
    expect((await ship([`order:${a.id}`], null)).status).not.toBe(200);
    expect(fake.shipments.size).toBe(before);

    const r = await ship([`order:${a.id}`, `order:${b.id}`, `order:${abroad.id}`, "order:not-an-id"]);
    expect(r.status).toBe(200);
    expect(r.body.batch.booked).toHaveLength(2);
    expect(r.body.batch.failed).toEqual([
      expect.objectContaining({
        message: expect.stringContaining("International orders are shipped manually"),
      }),
    ]);
    expect(r.body.batch.manifestUrl).toMatch(/\/files\/manifest-\d+-\d+\.pdf$/);
    for (const id of [a.id, b.id]) expect((await orderOf(id)).status).toBe("dispatched");
    expect((await orderOf(abroad.id)).status).toBe("in_production");
    // Shipped again: already booked, nothing new at the courier.
    const size = fake.shipments.size;
    await ship([`order:${a.id}`]);
    expect(fake.shipments.size).toBe(size);
    expect((await readyToShip()).map((x) => x.id)).not.toContain(a.id);
  });

  it("refuses nothing ticked and more than 25", async () => {
    expect((await ship([])).status).toBe(400);
    const many = Array.from({ length: 26 }, () => `order:${crypto.randomUUID()}`);
    expect((await ship(many)).status).toBe(400);
  });
});

describe("the dashboard's shipping margin", () => {
  it("adds up the delivery and COD fees of parcels booked with the courier, less its charges", async () => {
    const today = todayInIndia();
    const before = await shippingMargin(today, today, false);
    const o = await insertOrder({
      status: "in_production",
      paymentMethod: "cod",
      deliveryFee: 99,
      codFee: 50,
    });
    const r = await bookCourier({ kind: "order", id: o.id }, actor);
    expect(r.ok).toBe(true);
    const after = await shippingMargin(today, today, false);
    // Delhivery Surface (₹54) is the cheapest courier that collects cash here.
    expect(after).toEqual({
      parcels: before.parcels + 1,
      fees: before.fees + 149,
      charges: before.charges + 54,
      margin: before.margin + 95,
    });
  });
});
