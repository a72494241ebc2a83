import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookCourier, shipmentOf } from "~/features/shipments/courier-booking.server";
import { BOOKING_MESSAGES } from "~/features/couriers/courier-rules";
import { forgetCourierAnswers } from "~/features/couriers/couriers.server";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { displayOrderId } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { orders, orderStatusHistory } from "~/features/order-lifecycle/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import * as purchasesRoute from "~/features/orders/routes/admin-purchases";
import { getOrderDetails } from "~/features/orders/admin-order-details.server";
import { adminSession, shopRequest, type AdminSession } from "../support/admin-session";
import { outcome, routeArgs } from "../support/route-calls";
import { FAKE_COURIERS, fakeShiprocketEnv, startFakeShiprocket } from "../support/fake-shiprocket";
import { insertCustomOrder, insertOrder } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

// "Book courier" on an order (issue 28, step 2) against the fake Shiprocket: the order created as COD or
// prepaid, the cheapest courier that collects cash assigned, pickup and label, the order dispatched with
// the AWB once; a failure half-way is taken up where it stopped (no second order at the courier).

const fake = await startFakeShiprocket({
  routes: { "243001": [FAKE_COURIERS.bluedart, FAKE_COURIERS.ecom, FAKE_COURIERS.delhivery] },
});
setupTestDatabase(fakeShiprocketEnv(fake));
afterAll(async () => {
  await runQueuedJobs();
  await fake.close();
});
let actor: Actor;
let admin: AdminSession;
beforeAll(async () => {
  admin = await adminSession("shipper@example.com");
  actor = admin.actor;
});
/** The Purchase Details page's action as the router calls it, as the admin (or with no session). */
const purchasesAction = (fields: Record<string, string>, who: AdminSession | null = admin) => {
  const request = who
    ? who.request("/admin/purchases", { form: fields })
    : shopRequest("/admin/purchases", { form: fields });
  return outcome(() => purchasesRoute.action(routeArgs(request)));
};
beforeEach(() => {
  forgetCourierAnswers();
  fake.state.failNext = [];
});

describe("booking the courier", () => {
  it("sends a COD order with the amount to collect, takes the cheapest courier that collects cash, and dispatches it", async () => {
    const o = await insertOrder({ status: "in_production", paymentMethod: "cod" }, [
      { price: 2499, quantity: 2 },
    ]);
    const r = await bookCourier({ kind: "order", id: o.id }, actor);
    expect(r).toMatchObject({ ok: true });
    if (!r.ok) return;
    // Blue Dart collects no cash; Delhivery (₹54) is cheaper than Ecom (₹151).
    expect(r.shipment).toMatchObject({ courierName: "Delhivery Surface", courierCharge: 54, cod: true });
    expect(r.shipment.labelUrl).toMatch(/\/files\/label-\d+\.pdf$/);
    const sent = fake.shipments.get(Number(r.shipment.providerShipmentId))!;
    expect(sent.body).toMatchObject({
      order_id: displayOrderId(o.id),
      payment_method: "COD",
      sub_total: o.totalAmount,
      billing_pincode: "243001",
      billing_state: "Uttar Pradesh",
    });
    expect(sent.pickupScheduled).toBe(true);
    const [after] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect(after).toMatchObject({
      status: "dispatched",
      courier: "Delhivery Surface",
      trackingNumber: sent.awb,
    });
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(history.map((h) => h.toValue)).toContain("dispatched");
  });

  it("books a prepaid custom order with staff's courier", async () => {
    const c = await insertCustomOrder({
      status: "in_production",
      paymentMethod: "razorpay",
      paymentStatus: "paid",
    });
    const r = await bookCourier(
      { kind: "custom", id: c.id, courierId: FAKE_COURIERS.bluedart.courier_company_id },
      actor,
    );
    expect(r.ok && r.shipment).toMatchObject({ courierName: "Blue Dart", cod: false, courierCharge: 119 });
    expect(fake.shipments.get(Number(r.ok && r.shipment.providerShipmentId))!.body.payment_method).toBe(
      "Prepaid",
    );
  });

  it("a repeat changes nothing: the same shipment, no second order at the courier", async () => {
    const o = await insertOrder({ status: "in_production" });
    const first = await bookCourier({ kind: "order", id: o.id }, actor);
    expect(first).toMatchObject({ ok: true });
    const count = fake.shipments.size;
    const again = await bookCourier({ kind: "order", id: o.id }, actor);
    expect(again.ok && again.shipment.awb).toBe(first.ok && first.shipment.awb);
    expect(fake.shipments.size).toBe(count);
  });

  it("a courier failure half-way is shown, and the retry continues from where it stopped", async () => {
    const o = await insertOrder({ status: "in_production" });
    const created = fake.shipments.size;
    // The order is created, then the serviceability call fails.
    fake.state.failNext = [0, 503];
    const failed = await bookCourier({ kind: "order", id: o.id }, actor);
    expect(failed).toMatchObject({ ok: false, httpStatus: 502 });
    expect((await shipmentOf("order", o.id))!.lastError).toMatch(/HTTP 503/);
    expect((await db().select().from(orders).where(eq(orders.id, o.id)))[0]!.status).toBe("in_production");
    const retried = await bookCourier({ kind: "order", id: o.id }, actor);
    expect(retried).toMatchObject({ ok: true });
    expect(fake.shipments.size).toBe(created + 1);
    expect((await shipmentOf("order", o.id))!.lastError).toBeNull();
  });

  it("refuses international orders, orders not ready, and unknown ids", async () => {
    const abroad = await insertOrder({
      status: "in_production",
      shippingMethod: "international",
      shippingAddress: { address1: "1 Main St", city: "Dubai", state: "Dubai", pincode: "", country: "AE" },
    });
    expect(await bookCourier({ kind: "order", id: abroad.id }, actor)).toMatchObject({
      ok: false,
      message: BOOKING_MESSAGES.abroad,
    });
    // The dialog says so before anyone clicks, and offers no courier.
    expect((await getOrderDetails(abroad.id))!.courierShipping.offers).toEqual({
      couriers: [],
      picked: null,
      pickedWhy: null,
      refusal: BOOKING_MESSAGES.abroad,
      parcel: null,
    });
    const pending = await insertOrder({ status: "confirmed" });
    expect(await bookCourier({ kind: "order", id: pending.id }, actor)).toMatchObject({
      ok: false,
      message: BOOKING_MESSAGES.status,
    });
    expect(
      await bookCourier({ kind: "order", id: "00000000-0000-4000-8000-000000000000" }, actor),
    ).toMatchObject({
      ok: false,
      httpStatus: 404,
    });
  });
});

describe("the order page's Book courier", () => {
  it("books from the dialog and shows the courier, AWB, charge and label; no session books nothing", async () => {
    const o = await insertOrder({ status: "in_production" });
    const before = fake.shipments.size;
    const anonymous = await purchasesAction({ intent: "book-courier", id: o.id }, null);
    expect(anonymous.status).not.toBe(200);
    expect(fake.shipments.size).toBe(before);
    // Before booking, staff see each courier serving the PIN with its price and days, the cheapest ticked.
    const offered = (await getOrderDetails(o.id))!.courierShipping;
    expect(offered).toMatchObject({ booking: true, shipment: null });
    // Blue Dart collects no cash: not offered for this COD order.
    expect(offered.offers!.couriers.map((c) => [c.name, c.rate, c.transitDays])).toEqual([
      ["Delhivery Surface", 54, 4],
      ["Ecom Express Surface 2kg", 151, 6],
    ]);
    expect(offered.offers!.picked).toBe(offered.offers!.couriers[0]!.courierId);

    const r = await purchasesAction({ intent: "book-courier", id: o.id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Booked with Delhivery Surface, AWB \d+/),
    });
    const shown = (await getOrderDetails(o.id))!.courierShipping.shipment!;
    expect(shown).toMatchObject({
      booked: true,
      courierName: "Delhivery Surface",
      courierCharge: 54,
      lastError: null,
    });
    expect(shown.labelUrl).toMatch(/\.pdf$/);
  });

  it("answers a bad id with 400 and an order not ready with 409, booking nothing", async () => {
    const before = fake.shipments.size;
    expect((await purchasesAction({ intent: "book-courier", id: "not-an-id" })).status).toBe(400);
    const confirmed = await insertOrder({ status: "confirmed" });
    const r = await purchasesAction({ intent: "book-courier", id: confirmed.id });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ ok: false, message: BOOKING_MESSAGES.status });
    expect(fake.shipments.size).toBe(before);
  });
});
