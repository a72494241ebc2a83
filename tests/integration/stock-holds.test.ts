import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmByPhone, sweepCodConfirmations } from "~/features/cod-confirmation/cod-confirmation.server";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import * as purchasesRoute from "~/features/orders/routes/admin-purchases";
import { db } from "~/platform/db/client.server";
import { auditLog } from "~/platform/db/tables.server";
import { codConfirmations } from "~/features/cod-confirmation/tables.server";
import { orderStatusHistory, orders } from "~/features/order-lifecycle/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { adminSession, ORIGIN, type AdminSession } from "../support/admin-session";
import { makeCategory, makeProduct, newShopper, productLine, stockOf } from "../support/checkout-fixtures";
import { postCheckout } from "../support/orders";
import { outcome, routeArgs } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// Issue 41: a stranger with rotated identities (a new IPv6 /64, phone, e-mail and address each time) must not
// be able to hold a product's stock: one unconfirmed order takes at most a share of the stock, an unconfirmed
// COD order holds its stock only for a short window, and staff cancel a burst of orders in one action.
setupTestDatabase({ PAYMENT_MODE: "test", PUBLIC_URL: ORIGIN });
afterAll(() => runQueuedJobs());

const HOUR = 3_600_000;
let categoryId = "";
let owner: AdminSession;
beforeAll(async () => {
  categoryId = await makeCategory();
  owner = await adminSession("owner@neonlights.in");
});

let network = 0;
/** A checkout from a stranger never seen before: a new IPv6 /64 and a new phone, e-mail and address. */
async function stranger(productId: string, quantity: number, method: "cod" | "razorpay" = "cod") {
  network++;
  const r = await postCheckout([productLine(productId, { quantity })], {
    ip: `2001:db8:41:${network.toString(16)}::7`,
    shopper: newShopper(),
    method,
  });
  const checkoutId = (r.body.checkout as { checkoutId?: string } | undefined)?.checkoutId ?? "";
  return { ...r, checkoutId };
}

async function orderOf(checkoutId: string) {
  const [o] = await db().select().from(orders).where(eq(orders.checkoutId, checkoutId));
  return o!;
}

const historyOf = async (orderId: string) =>
  db()
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.createdAt);

describe("one order's share of the stock", () => {
  it("the burst of 3 x 10 from rotated identities no longer sells out a 30-unit product", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 30 });
    for (const method of ["cod", "cod", "razorpay"] as const) {
      const r = await stranger(p.id, 10, method);
      expect(r.status).toBe(422);
      expect(r.body.code).toBe("limits");
      expect(String(r.body.message)).toBe(
        `You can order at most 9 of "${p.name}" in one order right now. For a larger order, please contact us.`,
      );
    }
    expect(await stockOf(p.id)).toBe(30);

    // Taking the most each time: 9, 6, 4, then 3 (the floor) a time. Three strangers leave 11.
    const taken: number[] = [];
    for (const q of [9, 6, 4]) {
      expect((await stranger(p.id, q + 1)).status).toBe(422);
      expect((await stranger(p.id, q)).status).toBe(201);
      taken.push(q);
    }
    expect(await stockOf(p.id)).toBe(11);
    // Selling out needs 7 unrelated strangers (the README's figure).
    while ((await stockOf(p.id)) > 0) {
      const left = await stockOf(p.id);
      const q = Math.min(left, Math.max(3, Math.floor((left * 33) / 100)));
      expect((await stranger(p.id, q)).status).toBe(201);
      taken.push(q);
    }
    expect(taken).toEqual([9, 6, 4, 3, 3, 3, 2]);
  });

  it("small stock: an order of up to 3 always passes the share (1 in stock: 1)", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 4 });
    expect((await stranger(p.id, 4)).status).toBe(422);
    expect((await stranger(p.id, 3)).status).toBe(201);
    expect((await stranger(p.id, 1)).status).toBe(201);
    expect(await stockOf(p.id)).toBe(0);
  });
});

describe("an unconfirmed COD order holds its stock for a short window", () => {
  it("releases it after 2 hours unconfirmed; a later confirmation takes it again, a cancel gives it back once", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 10 });
    const r = await stranger(p.id, 3);
    expect(r.status).toBe(201);
    const order = await orderOf(r.checkoutId);
    expect(await stockOf(p.id)).toBe(7);

    await sweepCodConfirmations(new Date(Date.now() + HOUR));
    expect(await stockOf(p.id)).toBe(7);
    await sweepCodConfirmations(new Date(Date.now() + 2 * HOUR + 60_000));
    expect(await stockOf(p.id)).toBe(10);
    await sweepCodConfirmations(new Date(Date.now() + 3 * HOUR));
    expect(await stockOf(p.id)).toBe(10);
    const released = await orderOf(r.checkoutId);
    expect(released.status).toBe("pending");
    expect(released.stockReleasedAt).not.toBeNull();
    expect((await historyOf(order.id)).map((h) => h.note)).toEqual([
      "Not confirmed within 2 hours: its stock went back on sale (taken again when the order is confirmed)",
    ]);
    const [c] = await db()
      .select()
      .from(codConfirmations)
      .where(eq(codConfirmations.checkoutId, r.checkoutId));
    expect(c!.state).toBe("awaiting");

    // Confirmed later: the stock is taken again.
    expect((await confirmByPhone("order", order.id, owner.actor)).ok).toBe(true);
    expect(await stockOf(p.id)).toBe(7);
    expect((await orderOf(r.checkoutId)).stockReleasedAt).toBeNull();
    // Cancelled after that: back once.
    const cancel = await changeOrderStatus(
      { intent: "status", kind: "order", id: order.id, to: "cancelled" },
      owner.actor,
    );
    expect(cancel.ok).toBe(true);
    expect(await stockOf(p.id)).toBe(10);
  });

  it("a confirmation after the stock sold out is refused and takes nothing; cancelling gives nothing back twice", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 3 });
    const r = await stranger(p.id, 3);
    const order = await orderOf(r.checkoutId);
    await sweepCodConfirmations(new Date(Date.now() + 3 * HOUR));
    expect(await stockOf(p.id)).toBe(3);
    expect((await stranger(p.id, 3)).status).toBe(201);
    expect(await stockOf(p.id)).toBe(0);

    const byPhone = await confirmByPhone("order", order.id, owner.actor);
    expect(byPhone).toMatchObject({ ok: false, status: 409 });
    expect(byPhone.ok ? "" : byPhone.message).toContain(`"${p.name}" sold out`);
    const moved = await changeOrderStatus(
      { intent: "status", kind: "order", id: order.id, to: "confirmed" },
      owner.actor,
    );
    expect(moved).toMatchObject({ ok: false, httpStatus: 409 });
    expect((await orderOf(r.checkoutId)).status).toBe("pending");
    expect(await stockOf(p.id)).toBe(0);

    await changeOrderStatus({ intent: "status", kind: "order", id: order.id, to: "cancelled" }, owner.actor);
    expect(await stockOf(p.id)).toBe(0);
  });

  it("a shopper refused for stock held past the window gets it at once (released on demand)", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 3 });
    const r = await stranger(p.id, 3);
    expect(await stockOf(p.id)).toBe(0);
    expect((await stranger(p.id, 1)).status).toBe(409);
    await db()
      .update(codConfirmations)
      .set({ createdAt: sql`${codConfirmations.createdAt} - interval '121 minutes'` })
      .where(eq(codConfirmations.checkoutId, r.checkoutId));
    expect((await stranger(p.id, 1)).status).toBe(201);
    expect(await stockOf(p.id)).toBe(2);
  });
});

describe("staff cancel several orders at once", () => {
  async function post(who: AdminSession, ids: string[]) {
    const form = new URLSearchParams({ intent: "cancel-several", orders: ids.join(",") });
    return outcome(() =>
      purchasesRoute.action(
        routeArgs(who.request("/admin/purchases", { form }), {}, { clientIp: "10.0.0.9" }),
      ),
    );
  }

  it("cancels the ticked open orders with their stock back, audited; refused without the orders permission", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 30 });
    const burst = [];
    for (let i = 0; i < 3; i++) burst.push(await stranger(p.id, 3));
    const ids = await Promise.all(burst.map(async (b) => (await orderOf(b.checkoutId)).id));
    const real = await stranger(p.id, 1);
    const confirmed = (await orderOf(real.checkoutId)).id;
    expect((await confirmByPhone("order", confirmed, owner.actor)).ok).toBe(true);
    expect(await stockOf(p.id)).toBe(20);

    const accounts = await adminSession(undefined, { role: "accounts" });
    expect((await post(accounts, ids)).status).toBe(403);
    expect(await stockOf(p.id)).toBe(20);

    const ops = await adminSession(undefined, { role: "operations" });
    const r = await post(ops, [...ids, confirmed]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      message: "Cancelled 3 orders; their stock is back. 1 was left as it was.",
    });
    expect(await stockOf(p.id)).toBe(29);
    const rows = await db()
      .select()
      .from(orders)
      .where(inArray(orders.id, [...ids, confirmed]));
    expect(
      rows
        .filter((o) => o.status === "cancelled")
        .map((o) => o.id)
        .sort(),
    ).toEqual([...ids].sort());
    for (const id of ids) {
      const h = await historyOf(id);
      expect(h.at(-1)).toMatchObject({ toValue: "cancelled", changedByEmail: ops.email });
    }
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "cancel-several"), eq(auditLog.actorEmail, ops.email)));
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit.map((a) => a.after))).toContain(ids[0]!);

    // Again: nothing is open any more.
    const again = await post(ops, ids);
    expect(again.status).toBe(409);
    expect(await stockOf(p.id)).toBe(29);
  });
});
