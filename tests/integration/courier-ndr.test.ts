import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as webhookAction } from "~/features/shipments/routes/api-courier-updates";
import { bookCourier, cancelCourierShipment } from "~/features/shipments/courier-booking.server";
import { orderPageAction } from "~/features/order-page/routes/order-page-route.server";
import { loadShopperOrder } from "~/features/order-page/shopper-order.server";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { db } from "~/platform/db/client.server";
import { orders, orderStatusHistory } from "~/features/order-lifecycle/tables.server";
import { shipments } from "~/features/shipments/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { adminSession } from "../support/admin-session";
import { callAs } from "../support/checkout-fixtures";
import { FAKE_COURIERS, fakeShiprocketEnv, startFakeShiprocket } from "../support/fake-shiprocket";
import { insertOrder, newClientIp } from "../support/orders";
import { outbox } from "../support/outbox";
import { outcome } from "../support/route-calls";
import { shipmentCounts, shipmentsIn } from "~/features/shipments/admin-shipments.server";
import { ownerTodos } from "~/features/dashboard/routes/dashboard-queue.server";
import { setupTestDatabase } from "../support/test-db";

// A failed delivery (NDR, issue 28): tracking says the courier could not deliver; the shopper is told
// once (mail, WhatsApp when asked for), answers once on the order page, and the answer reaches the
// courier's NDR action API once. And "Cancel shipment" before pickup.

const TOKEN = "webhook-token-for-ndr-tests-0123456789";
const fake = await startFakeShiprocket({ routes: { "243001": [FAKE_COURIERS.delhivery] } });
const t = setupTestDatabase({ ...fakeShiprocketEnv(fake), SHIPROCKET_WEBHOOK_TOKEN: TOKEN });
afterAll(async () => {
  await runQueuedJobs();
  await fake.close();
});
let actor: Actor;
beforeAll(async () => {
  actor = (await adminSession("ndr@example.com")).actor;
});
const box = outbox(t.dataDir);

async function bookedOrder(over: Partial<typeof orders.$inferInsert> = {}) {
  const o = await insertOrder({ status: "in_production", paymentMethod: "cod", ...over });
  const r = await bookCourier({ kind: "order", id: o.id }, actor);
  if (!r.ok) throw new Error(r.message);
  return { id: o.id, token: o.accessToken, awb: r.shipment.awb! };
}
const track = (awb: string, statusId: number, label: string) => {
  fake.setTracking(awb, statusId, label);
  return callAs(
    newClientIp(),
    webhookAction,
    { awb, shipment_status_id: statusId },
    {
      "content-type": "application/json",
      "x-api-key": TOKEN,
    },
  );
};
const answer = (token: string, fields: Record<string, string>, ip = newClientIp()) => {
  const body = new URLSearchParams({ intent: "ndr-answer", ...fields });
  const request = new Request(`http://shop.test/orders/${token}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  return outcome(orderPageAction(token, request, { clientIp: ip }));
};
const shipmentOf = async (id: string) =>
  (await db().select().from(shipments).where(eq(shipments.orderId, id)))[0]!;

describe("a failed delivery (NDR)", () => {
  it("tells the shopper once, takes one answer on the order page, and sends it to the courier once", async () => {
    const o = await bookedOrder({ customerEmail: "ndr-shopper@example.com", whatsappUpdates: true });
    await track(o.awb, 18, "IN TRANSIT");
    expect((await track(o.awb, 21, "UNDELIVERED - CUSTOMER NOT AVAILABLE")).body).toMatchObject({
      changed: true,
    });
    // Replayed: nothing more.
    expect((await track(o.awb, 21, "UNDELIVERED - CUSTOMER NOT AVAILABLE")).body).toMatchObject({
      changed: false,
    });
    await runQueuedJobs();
    const mails = box.mails(`ndr-order-${o.id}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("could not deliver your order");
    expect(mails[0]).toContain(`/orders/${o.token}`);
    expect(box.messages(`whatsapp-order-ndr-${o.id}`)).toEqual([
      expect.objectContaining({
        to: "919800000000",
        template: expect.objectContaining({ name: "delivery_failed" }),
      }),
    ]);

    const waiting = async () => (await ownerTodos()).find((l) => l.id === "ndr")!;
    const before = await waiting();
    expect(before).toMatchObject({ href: "/admin/shipments?group=ndr" });
    expect(before.count).toBeGreaterThanOrEqual(1);

    const page = await loadShopperOrder(o.token);
    expect(page!.ndr).toMatchObject({ reason: "UNDELIVERED - CUSTOMER NOT AVAILABLE", answer: null });

    // A "change" without the new details, and a bad phone: told what to fix, nothing kept.
    expect((await answer(o.token, { answer: "change" })).status).toBe(400);
    const badPhone = await answer(o.token, { answer: "change", phone: "12345" });
    expect(badPhone.body.fieldErrors).toHaveProperty("phone");
    expect((await shipmentOf(o.id)).ndrAnswer).toBeNull();

    const ok = await answer(o.token, { answer: "change", phone: "+91 98765 43210" });
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    // A second answer (a double click, another tab) is refused; the first one stands.
    const again = await answer(o.token, { answer: "cancel" });
    expect(again.status).toBe(409);
    await runQueuedJobs();
    await runQueuedJobs();
    expect(fake.ndrActions.filter((a) => a.awb === o.awb)).toEqual([
      expect.objectContaining({ action: "re-attempt", phone: "9876543210" }),
    ]);
    const s = await shipmentOf(o.id);
    expect(s).toMatchObject({ ndrAnswer: "change", ndrLastError: null });
    expect(s.ndrSentAt).not.toBeNull();
    // Answered and sent: off the owner's queue.
    expect((await waiting()).count).toBe(before.count - 1);
    expect((await loadShopperOrder(o.token))!.ndr).toMatchObject({
      answer: "Change my address or phone, then try again",
    });
    const notes = (
      await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id))
    ).map((h) => h.note);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Delivery failed (NDR)"),
        expect.stringContaining("the shopper answered"),
        "Courier: the shopper's answer was sent",
      ]),
    );

    // Staff's shipments view lists it under "Delivery failed" with the answer, and its margin.
    const listed = (await shipmentsIn("ndr")).find((r) => r.orderId === o.id);
    expect(listed).toMatchObject({
      ndrAnswer: "change",
      courierName: "Delhivery Surface",
      courierCharge: 54,
    });
    expect(listed!.margin).toBe(listed!.deliveryFee + listed!.codFee - 54);
    expect((await shipmentCounts()).ndr).toBeGreaterThanOrEqual(1);
    expect((await shipmentsIn("pickup")).some((r) => r.orderId === o.id)).toBe(false);

    // Out for delivery again, then delivered: the NDR form is gone.
    await track(o.awb, 17, "OUT FOR DELIVERY");
    const shown = (await loadShopperOrder(o.token))!;
    expect(shown.ndr).toBeNull();
    // Every courier step is on the shopper's timeline, under Dispatched, with its time.
    expect(shown.timeline.find((s) => s.status === "dispatched")!.events!.map((e) => e.label)).toEqual([
      "In transit",
      "Delivery attempt failed",
      "Out for delivery",
    ]);
    expect((await shipmentsIn("transit")).some((r) => r.orderId === o.id)).toBe(true);
  });

  it("a new address and phone become the order's own, the timeline says what changed, the courier gets them once", async () => {
    const o = await bookedOrder();
    await track(o.awb, 21, "UNDELIVERED - ADDRESS INCOMPLETE");
    const orderRow = async () => (await db().select().from(orders).where(eq(orders.id, o.id)))[0]!;
    const before = await orderRow();
    // Checked as the checkout checks: one line each, a valid Indian mobile; refused, nothing changes.
    const bad = await answer(o.token, {
      answer: "change",
      address1: "Flat 4B\nSunrise Apartments",
      phone: "12345 67890",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({
      address1: expect.stringContaining("one line"),
      phone: "Enter a valid 10-digit Indian mobile number.",
    });
    expect(await orderRow()).toMatchObject({
      shippingAddress: before.shippingAddress,
      customerPhone: before.customerPhone,
    });
    expect((await shipmentOf(o.id)).ndrAnswer).toBeNull();

    const page = await loadShopperOrder(o.token);
    expect(page!.ndr!.area).toBe("Bareilly, Uttar Pradesh - 243001");
    const ok = await answer(o.token, {
      answer: "change",
      address1: "Flat 4B, Sunrise Apartments",
      address2: "Station Road",
      landmark: "Hanuman Temple",
      phone: "98111 22334",
    });
    expect(ok.status).toBe(200);
    const after = await orderRow();
    expect(after.shippingAddress).toEqual({
      address1: "Flat 4B, Sunrise Apartments",
      address2: "Station Road",
      landmark: "Hanuman Temple",
      city: "Bareilly",
      state: "uttar-pradesh",
      pincode: "243001",
    });
    expect(after.customerPhone).toBe("+919811122334");
    expect((await loadShopperOrder(o.token))!.address).toBe(
      "Flat 4B, Sunrise Apartments, Station Road, Near Hanuman Temple, Bareilly, Uttar Pradesh - 243001",
    );
    const notes = (
      await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id))
    ).map((h) => h.note ?? "");
    expect(notes.find((n) => n.includes("the shopper answered"))).toBe(
      'Delivery failed: the shopper answered "Change my address or phone, then try again"; address changed from "12, MG Road, Bareilly, Uttar Pradesh - 243001" to "Flat 4B, Sunrise Apartments, Station Road, Near Hanuman Temple, Bareilly, Uttar Pradesh - 243001"; phone changed from +919800000000 to +919811122334',
    );
    await runQueuedJobs();
    await runQueuedJobs();
    expect(fake.ndrActions.filter((a) => a.awb === o.awb)).toEqual([
      {
        awb: o.awb,
        action: "re-attempt",
        comments: "Customer gave a new address or phone",
        phone: "9811122334",
        address1: "Flat 4B, Sunrise Apartments",
        address2: "Station Road, Near Hanuman Temple",
      },
    ]);
    // A second answer changes nothing more.
    expect((await answer(o.token, { answer: "change", phone: "98111 00000" })).status).toBe(409);
    expect((await orderRow()).customerPhone).toBe("+919811122334");
  });

  it("a courier failure keeps the answer, shows why, and the queue sends it later", async () => {
    const o = await bookedOrder();
    await track(o.awb, 21, "UNDELIVERED");
    expect((await answer(o.token, { answer: "cancel" })).status).toBe(200);
    fake.state.failNext.push(500);
    await runQueuedJobs().catch(() => undefined);
    const failed = await shipmentOf(o.id);
    expect(failed.ndrSentAt).toBeNull();
    expect(failed.ndrLastError).toContain("HTTP 500");
    expect(fake.ndrActions.filter((a) => a.awb === o.awb)).toHaveLength(0);
  });

  it("refuses an answer when nothing waits, from another order's link, or a made-up token", async () => {
    const o = await bookedOrder();
    const other = await bookedOrder();
    await track(other.awb, 21, "UNDELIVERED");
    expect((await answer(o.token, { answer: "reattempt" })).status).toBe(409);
    expect((await answer("f".repeat(64), { answer: "reattempt" })).status).toBe(404);
    expect((await answer(o.token, { answer: "drop-table" })).status).toBe(400);
    expect((await shipmentOf(other.id)).ndrAnswer).toBeNull();
    // A body over the cap is refused before it is read.
    const huge = await answer(other.token, { answer: "change", address: "x".repeat(20_000) });
    expect(huge.status).toBe(413);
    expect((await shipmentOf(other.id)).ndrAnswer).toBeNull();
  });
});

describe("a flood of answers", () => {
  it("is cut off per network after 30 in 10 minutes, before the body is read", async () => {
    const o = await bookedOrder();
    const ip = newClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await answer(o.token, { answer: "bogus" }, ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another network is not held up by it.
    expect((await answer(o.token, { answer: "bogus" })).status).toBe(400);
  });
});

describe("cancel shipment", () => {
  it("cancels the AWB with the courier before pickup and puts the order back in production, once", async () => {
    const o = await bookedOrder();
    const r = await cancelCourierShipment({ kind: "order", id: o.id }, actor);
    expect(r.ok).toBe(true);
    expect(fake.cancelled.has(o.awb)).toBe(true);
    const [row] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ status: "in_production", courier: null, trackingNumber: null });
    expect((await cancelCourierShipment({ kind: "order", id: o.id }, actor)).ok).toBe(false);
    // Booked again: a new AWB.
    const again = await bookCourier({ kind: "order", id: o.id }, actor);
    expect(again.ok && again.shipment.awb).toBeTruthy();
    expect(again.ok && again.shipment.awb).not.toBe(o.awb);
  });

  it("is refused once the courier has the parcel", async () => {
    const o = await bookedOrder();
    await track(o.awb, 18, "IN TRANSIT");
    const r = await cancelCourierShipment({ kind: "order", id: o.id }, actor);
    expect(r).toMatchObject({ ok: false, httpStatus: 409 });
    expect(fake.cancelled.has(o.awb)).toBe(false);
  });
});
