import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as webhookAction } from "~/features/shipments/routes/api-courier-updates";
import { bookCourier } from "~/features/shipments/courier-booking.server";
import { pollQuietShipments } from "~/features/shipments/courier-tracking.server";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { db } from "~/platform/db/client.server";
import { orders, orderStatusHistory } from "~/features/order-lifecycle/tables.server";
import { shipments } from "~/features/shipments/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { adminSession } from "../support/admin-session";
import { callAs } from "../support/checkout-fixtures";
import { FAKE_COURIERS, fakeShiprocketEnv, startFakeShiprocket } from "../support/fake-shiprocket";
import { insertOrder, newClientIp } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

// Tracking drives the order (issue 28, step 3): Shiprocket's webhook (token-checked, the stage read again
// from the tracking API) and the poll move a booked order by themselves; replays and late events change
// nothing; delivered marks a COD order paid; RTO delivered returns the stock once.

const TOKEN = "webhook-token-for-tests-0123456789";
const fake = await startFakeShiprocket({ routes: { "243001": [FAKE_COURIERS.delhivery] } });
setupTestDatabase({ ...fakeShiprocketEnv(fake), SHIPROCKET_WEBHOOK_TOKEN: TOKEN });
afterAll(async () => {
  await runQueuedJobs();
  await fake.close();
});
let actor: Actor;
beforeAll(async () => {
  actor = (await adminSession("tracker@example.com")).actor;
});

/** A COD order booked with the courier: its id and AWB. */
async function bookedOrder() {
  const o = await insertOrder({ status: "in_production", paymentMethod: "cod" });
  const r = await bookCourier({ kind: "order", id: o.id }, actor);
  if (!r.ok) throw new Error(r.message);
  return { id: o.id, awb: r.shipment.awb! };
}
const webhook = (body: unknown, token: string | null = TOKEN, ip = newClientIp()) =>
  callAs(ip, webhookAction, body, {
    "content-type": "application/json",
    ...(token === null ? {} : { "x-api-key": token }),
  });
/** Shiprocket's event for an AWB (what it says is not trusted: the tracking API is asked again). */
const event = (awb: string, statusId: number, label: string) => ({
  awb,
  current_status: label,
  shipment_status_id: statusId,
  current_timestamp: "23 05 2026 11:43:52",
});
const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const historyTo = async (id: string, to: string) =>
  (
    await db()
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toValue, to)))
  ).length;

describe("the tracking webhook", () => {
  it("moves the order in order: in transit, out for delivery, delivered (COD paid); replays and late events change nothing", async () => {
    const o = await bookedOrder();
    fake.setTracking(o.awb, 18, "IN TRANSIT");
    expect((await webhook(event(o.awb, 18, "IN TRANSIT"))).body).toMatchObject({ ok: true, changed: true });
    fake.setTracking(o.awb, 17, "OUT FOR DELIVERY");
    expect((await webhook(event(o.awb, 17, "OUT FOR DELIVERY"))).body).toMatchObject({ changed: true });
    fake.setTracking(o.awb, 7, "DELIVERED");
    expect((await webhook(event(o.awb, 7, "DELIVERED"))).body).toMatchObject({ changed: true });
    expect(await orderOf(o.id)).toMatchObject({ status: "delivered", paymentStatus: "paid" });
    // The same event again, and a late "in transit" (the API still says delivered): nothing more.
    expect((await webhook(event(o.awb, 7, "DELIVERED"))).body).toMatchObject({ changed: false });
    expect((await webhook(event(o.awb, 18, "IN TRANSIT"))).body).toMatchObject({ changed: false });
    expect(await historyTo(o.id, "delivered")).toBe(1);
    const notes = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, o.id))
      .orderBy(orderStatusHistory.createdAt);
    expect(
      notes
        .map((n) => n.note)
        .filter((n) => n?.startsWith("Courier:"))
        .slice(1),
    ).toEqual([
      "Courier: In transit (IN TRANSIT)",
      "Courier: Out for delivery (OUT FOR DELIVERY)",
      "Courier: DELIVERED",
    ]);
  });

  it("believes the tracking API, not the event: a forged 'delivered' changes nothing", async () => {
    const o = await bookedOrder();
    fake.setTracking(o.awb, 18, "IN TRANSIT");
    await webhook(event(o.awb, 7, "DELIVERED"));
    expect((await orderOf(o.id)).status).toBe("dispatched");
  });

  it("a return to origin runs the RTO flow once: stock back, status RTO", async () => {
    const o = await bookedOrder();
    fake.setTracking(o.awb, 9, "RTO INITIATED");
    await webhook(event(o.awb, 9, "RTO INITIATED"));
    expect((await orderOf(o.id)).status).toBe("dispatched");
    fake.setTracking(o.awb, 10, "RTO DELIVERED");
    await webhook(event(o.awb, 10, "RTO DELIVERED"));
    await webhook(event(o.awb, 10, "RTO DELIVERED"));
    const after = await orderOf(o.id);
    expect(after.status).toBe("rto");
    expect(after.stockReleasedAt).not.toBeNull();
    expect(await historyTo(o.id, "rto")).toBe(1);
  });

  it("refuses a wrong or missing token, an event without an AWB, and a body over its cap; changes nothing", async () => {
    const o = await bookedOrder();
    fake.setTracking(o.awb, 7, "DELIVERED");
    expect((await webhook(event(o.awb, 7, "DELIVERED"), "not-the-token-0123456789")).status).toBe(401);
    expect((await webhook(event(o.awb, 7, "DELIVERED"), null)).status).toBe(401);
    expect((await webhook({ current_status: "DELIVERED" })).status).toBe(400);
    expect((await webhook(JSON.stringify({ awb: o.awb, pad: "x".repeat(70_000) }))).status).toBe(413);
    expect((await orderOf(o.id)).status).toBe("dispatched");
    // An AWB the shop never booked is answered and ignored.
    expect((await webhook(event("999999999999", 7, "DELIVERED"))).body).toMatchObject({
      ok: true,
      changed: false,
    });
  });
});

describe("the tracking poll", () => {
  it("moves a parcel whose webhook went quiet, and leaves it once delivered", async () => {
    const o = await bookedOrder();
    fake.setTracking(o.awb, 7, "DELIVERED");
    expect(await pollQuietShipments()).toBeGreaterThanOrEqual(1);
    expect((await orderOf(o.id)).status).toBe("delivered");
    // Read just now: the next poll leaves it (and a delivered parcel is never read again).
    await db().update(shipments).set({ trackedAt: null }).where(eq(shipments.awb, o.awb));
    expect(await pollQuietShipments()).toBe(0);
  });
});
