import { beforeAll, describe, expect, it } from "vitest";
import { dashboardData } from "~/features/dashboard/routes/admin-dashboard.server";
import { listCustomOrders, listOrders } from "~/features/orders/admin-order-list.server";
import { parseOrderFilters } from "~/features/orders/order-filters";
import { db } from "~/platform/db/client.server";
import { designProofs } from "~/features/design-proofs/tables.server";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import { refunds, returnRequests } from "~/features/after-sale/tables.server";
import { insertCustomOrder, insertOrder } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

// The owner's to-do queue on the dashboard and the order lists' `todo` filter it links to (issue 27), and the
// dashboard's line about the test orders its figures leave out. One database of its own: the counts are exact.
setupTestDatabase();

const ids: Record<string, string[]> = { confirm: [], confirmCustom: [], proof: [], return: [], refund: [] };

async function proof(
  customOrderId: string,
  version: number,
  state: "sent" | "approved" | "changes_requested",
) {
  await db()
    .insert(designProofs)
    .values({
      customOrderId,
      version,
      imageKey: `proofs/${customOrderId}-${version}.webp`,
      imageWidth: 800,
      imageHeight: 600,
      state,
      shopperComment: state === "changes_requested" ? "Bigger please" : null,
      answeredAt: state === "sent" ? null : new Date(),
    });
}

beforeAll(async () => {
  // Orders to confirm: two COD orders; an unpaid online attempt and a confirmed order are not to-dos.
  for (let i = 0; i < 2; i++) ids.confirm!.push((await insertOrder({ status: "pending" })).id);
  await insertOrder({ status: "pending", paymentMethod: "razorpay", paymentStatus: "pending" });
  await insertOrder({ status: "confirmed" });
  ids.confirmCustom!.push((await insertCustomOrder({ status: "pending" })).id);

  // Proofs to send: confirmed custom signs with no proof, or whose latest proof was sent back for changes.
  const none = await insertCustomOrder({ status: "confirmed" });
  const changes = await insertCustomOrder({ status: "confirmed" });
  await proof(changes.id, 1, "changes_requested");
  ids.proof!.push(none.id, changes.id);
  const waiting = await insertCustomOrder({ status: "confirmed" }); // with the shopper: not a to-do
  await proof(waiting.id, 1, "sent");
  const approved = await insertCustomOrder({ status: "confirmed" });
  await proof(approved.id, 1, "changes_requested");
  await proof(approved.id, 2, "approved");

  // Returns to decide: a requested one; an approved one is decided.
  const returned = await insertOrder({ status: "delivered", paymentStatus: "paid" });
  await db()
    .insert(returnRequests)
    .values({ orderId: returned.id, reason: "defective", details: "Flickers", requestedBy: "shopper" });
  const decided = await insertOrder({ status: "delivered", paymentStatus: "paid" });
  await db().insert(returnRequests).values({
    orderId: decided.id,
    reason: "defective",
    details: "Flickers",
    requestedBy: "shopper",
    status: "approved",
  });
  ids.return!.push(returned.id);

  // Refunds failed: one failed refund; another failed and then refunded again does not wait.
  const failed = await insertOrder({ status: "cancelled", paymentMethod: "razorpay", paymentStatus: "paid" });
  await db()
    .insert(refunds)
    .values({
      orderId: failed.id,
      amount: 500,
      method: "razorpay",
      status: "failed",
      reason: "Cancelled",
      createdAt: new Date(Date.now() - 60_000),
    });
  ids.refund!.push(failed.id);
  const retried = await insertOrder({
    status: "cancelled",
    paymentMethod: "razorpay",
    paymentStatus: "paid",
  });
  await db()
    .insert(refunds)
    .values([
      {
        orderId: retried.id,
        amount: 500,
        method: "razorpay",
        status: "failed",
        reason: "Cancelled",
        createdAt: new Date(Date.now() - 60_000),
      },
      {
        orderId: retried.id,
        amount: 500,
        method: "manual",
        status: "processed",
        reason: "Cancelled",
        reference: "UPI 1",
      },
    ]);

  // Quotes to price: one requested, one priced.
  const quote = {
    customerName: "Logo Shopper",
    customerEmail: "logo@example.com",
    customerPhone: "+919822222222",
    size: "M",
    imageKey: "quotes/logo.webp",
    imageWidth: 400,
    imageHeight: 400,
  };
  await db()
    .insert(logoQuotes)
    .values([quote, { ...quote, state: "priced", price: 4999 }]);

  // Test orders: a paid online one (₹2,000) and a COD one not yet delivered (counted, nothing received).
  await insertOrder({
    isTest: true,
    status: "delivered",
    paymentMethod: "razorpay",
    paymentStatus: "paid",
    subtotal: 2000,
    totalAmount: 2000,
  });
  await insertOrder({ isTest: true, status: "confirmed", subtotal: 1500, totalAmount: 1500 });
  // An abandoned online test attempt is not an order: not counted among the hidden ones.
  await insertOrder({
    isTest: true,
    paymentMethod: "razorpay",
    paymentStatus: "failed",
    subtotal: 999,
    totalAmount: 999,
  });
});

const listed = async (kind: "order" | "custom", todo: string) => {
  const parsed = parseOrderFilters(new URLSearchParams({ todo }));
  expect(parsed.ok).toBe(true);
  const page = kind === "order" ? await listOrders(parsed.filters) : await listCustomOrders(parsed.filters);
  return page.rows.map((r) => r.id).sort();
};

describe("the owner's to-do queue", () => {
  it("counts each to-do, and each line links to the list filtered to exactly those orders", async () => {
    const d = await dashboardData({ range: 30, test: false });
    const byId = Object.fromEntries(d.todos.map((t) => [t.id, t]));
    expect(byId["confirm-order"]).toMatchObject({ count: 2, href: "/admin/purchases?todo=confirm" });
    expect(byId["confirm-custom"]).toMatchObject({ count: 1, href: "/admin/custom-neon?todo=confirm" });
    expect(byId["proof-custom"]).toMatchObject({ count: 2, href: "/admin/custom-neon?todo=proof" });
    expect(byId["return-order"]).toMatchObject({ count: 1, href: "/admin/purchases?todo=return" });
    expect(byId["return-custom"]).toMatchObject({ count: 0 });
    expect(byId["quote"]).toMatchObject({ count: 1, href: "/admin/logo-quotes" });
    expect(byId["refund-failed-order"]).toMatchObject({
      count: 1,
      href: "/admin/purchases?todo=refund-failed",
    });

    expect(await listed("order", "confirm")).toEqual([...ids.confirm!].sort());
    expect(await listed("custom", "confirm")).toEqual(ids.confirmCustom);
    expect(await listed("custom", "proof")).toEqual([...ids.proof!].sort());
    expect(await listed("order", "proof")).toEqual([]);
    expect(await listed("order", "return")).toEqual(ids.return);
    expect(await listed("order", "refund-failed")).toEqual(ids.refund);
  });

  it("refuses an unknown to-do in the list's address, and keeps the other filters", () => {
    const r = parseOrderFilters(new URLSearchParams({ todo: "everything", status: "pending" }));
    expect(r).toMatchObject({
      ok: false,
      errors: { todo: "Unknown to-do." },
      filters: { status: "pending" },
    });
  });
});

describe("test orders the figures leave out", () => {
  it("are counted with what they took while hidden, and nothing is hidden once shown", async () => {
    const hidden = await dashboardData({ range: 30, test: false });
    expect(hidden.hiddenTest).toEqual({ count: 2, revenue: 2000 });
    const shown = await dashboardData({ range: 30, test: true });
    expect(shown.hiddenTest).toEqual({ count: 0, revenue: 0 });
    expect(shown.stats.totalRevenue - hidden.stats.totalRevenue).toBe(2000);
    expect(shown.stats.totalOrders - hidden.stats.totalOrders).toBe(2);
  });
});
