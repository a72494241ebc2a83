import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CartItem } from "~/features/checkout/cart";
import { placeOrderRequestSchema } from "~/features/checkout/checkout";
import * as purchasesRoute from "~/features/orders/routes/admin-purchases";
import * as customRoute from "~/features/orders/routes/admin-custom-neon";
import * as orderPageRoute from "~/features/order-page/routes/order-page";
import { db } from "~/platform/db/client.server";
import {
  adminUsers,
  checkouts,
  customNeonOrders,
  orders,
  orderStatusHistory,
  refunds,
  returnRequests,
  sessions,
  type products,
} from "~/platform/db/schema";
import { setEnv } from "~/platform/env.server";
import { placeOrder } from "~/features/checkout/place-order.server";
import type { PlacedCheckout } from "~/features/checkout/records.server";
import { verifyPayment } from "~/features/checkout/settlement.server";
import { runQueuedJobs } from "~/platform/jobs/jobs.server";
import { paymentSignature } from "~/features/checkout/razorpay.server";
import {
  customLine,
  makeCategory,
  makeProduct as makeProductIn,
  productLine,
  stockOf,
} from "../support/checkout-fixtures";
import { emlText } from "../support/eml";
import { startFakeRazorpay } from "../support/fake-razorpay";
import { setupTestDatabase } from "../support/test-db";

// Staff refunds and returns through the admin order action (as the router calls it), and the shopper's
// return request through the order page's action, against a fake Razorpay.

const KEY_ID = "rzp_test_fake";
const KEY_SECRET = "fake_key_secret_for_tests";
const ORIGIN = "http://shop.test";
const fake = await startFakeRazorpay(KEY_ID, KEY_SECRET);
const t = setupTestDatabase({
  PUBLIC_URL: ORIGIN,
  RAZORPAY_KEY_ID: KEY_ID,
  RAZORPAY_KEY_SECRET: KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: "whsec",
  RAZORPAY_API_BASE: fake.url,
  MAX_OPEN_ORDERS_PER_CUSTOMER: "1000",
  MAX_HELD_UNITS_PER_CUSTOMER: "100000",
});
afterAll(() => fake.close());

let categoryId = "";
let adminCookie = "";
let staffCookie = "";
const makeProduct = (over: Partial<typeof products.$inferInsert> = {}) => makeProductIn(categoryId, over);

async function sessionFor(email: string, isAdmin: boolean): Promise<string> {
  const [u] = await db().insert(adminUsers).values({ email, passwordHash: "x", isAdmin }).returning();
  const token = crypto.randomBytes(32).toString("base64url");
  await db()
    .insert(sessions)
    .values({
      idHash: crypto.createHash("sha256").update(token).digest("hex"),
      userId: u!.id,
      expiresAt: new Date(Date.now() + 3600_000),
    });
  return `neon_admin=${token}`;
}

beforeAll(async () => {
  categoryId = await makeCategory("Returns");
  adminCookie = await sessionFor("returns-boss@example.com", true);
  staffCookie = await sessionFor("returns-nobody@example.com", false);
});
beforeEach(() => setEnv(t.env));

let n = 0;
async function place(items: CartItem[], method: "cod" | "razorpay" = "cod"): Promise<PlacedCheckout> {
  n++;
  const r = await placeOrder(
    placeOrderRequestSchema.parse({
      idempotencyKey: crypto.randomBytes(16).toString("hex"),
      form: {
        name: "Farhan Ali",
        phone: `9${String(700000000 + n)}`,
        email: `farhan${n}@example.in`,
        address1: `${n} Lake Road`,
        city: "Pune",
        state: "maharashtra",
        pincode: "411001",
        preferredDate: "",
        paymentMethod: method,
      },
      items,
    }),
  );
  if (!r.ok) throw new Error(r.message);
  return r.checkout;
}

async function payOnline(p: PlacedCheckout) {
  const [c] = await db().select().from(checkouts).where(eq(checkouts.id, p.checkoutId));
  const payment = fake.addPayment(c!.razorpayOrderId!);
  const v = await verifyPayment({
    razorpay_order_id: c!.razorpayOrderId!,
    razorpay_payment_id: payment.id,
    razorpay_signature: paymentSignature(KEY_SECRET, c!.razorpayOrderId!, payment.id),
  });
  expect(v.ok).toBe(true);
  return payment;
}

/** Mark an order delivered `daysAgo` days ago (COD: cash collected). */
async function deliver(kind: "order" | "custom", id: string, daysAgo = 1) {
  const table = kind === "order" ? orders : customNeonOrders;
  await db().update(table).set({ status: "delivered", paymentStatus: "paid" }).where(eq(table.id, id));
  await db()
    .insert(orderStatusHistory)
    .values({
      orderId: kind === "order" ? id : null,
      customOrderId: kind === "custom" ? id : null,
      field: "status",
      fromValue: "dispatched",
      toValue: "delivered",
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
}

function post(p: string, fields: Record<string, string>, cookie = adminCookie) {
  return new Request(`${ORIGIN}${p}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
  });
}

async function outcome(p: () => Promise<unknown>): Promise<{
  status: number;
  body: { ok?: boolean; message?: string; error?: string; errors?: Record<string, string> };
}> {
  let r: unknown;
  try {
    r = await p();
  } catch (thrown) {
    r = thrown;
  }
  if (r instanceof Response) return { status: r.status, body: {} };
  const d = r as { type?: string; init?: { status?: number }; data?: never };
  if (d && d.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data ?? {} };
  return { status: 200, body: r as never };
}

const adminAction = (kind: "order" | "custom", fields: Record<string, string>, cookie = adminCookie) => {
  const route = kind === "order" ? purchasesRoute : customRoute;
  const p = kind === "order" ? "/admin/purchases" : "/admin/custom-neon";
  return outcome(() => route.action({ request: post(p, fields, cookie), params: {}, context: {} } as never));
};
const shopperAction = (token: string, fields: Record<string, string>) =>
  outcome(() =>
    orderPageRoute.action({
      request: post(`/orders/${token}`, fields, ""),
      params: { token },
      context: { clientIp: "203.0.113.50" },
    } as never),
  );

const orderOf = async (p: PlacedCheckout) =>
  (await db().select().from(orders).where(eq(orders.checkoutId, p.checkoutId)))[0]!;
const refundsOf = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
const outboxFiles = (prefix: string) => {
  const dir = path.join(t.dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(prefix)) : [];
};

describe("staff refunds", () => {
  it("refunds a paid online order partly, then the rest, never more; a double click refunds once", async () => {
    const p = await makeProduct({ mediumPrice: 4000 });
    const placed = await place([productLine(p.id)], "razorpay");
    const payment = await payOnline(placed);
    const o = await orderOf(placed);
    const base = { intent: "refund", kind: "order", id: o.id, reason: "Scratch on the backing" };

    // Not an admin, or no session: refused, nothing written.
    expect(
      (await adminAction("order", { ...base, amount: "500", requestKey: crypto.randomUUID() }, staffCookie))
        .status,
    ).toBe(403);
    expect(
      (await adminAction("order", { ...base, amount: "500", requestKey: crypto.randomUUID() }, "")).status,
    ).toBe(401);
    expect(await refundsOf(o.id)).toHaveLength(0);

    // A double click: the same form (same one-time key) sent twice at once.
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      adminAction("order", { ...base, amount: "500", requestKey: key }),
      adminAction("order", { ...base, amount: "500", requestKey: key }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await refundsOf(o.id)).toHaveLength(1);

    // More than is left: refused with the amount that is left.
    const tooMuch = await adminAction("order", {
      ...base,
      amount: String(o.totalAmount),
      requestKey: crypto.randomUUID(),
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toContain(`₹${(o.totalAmount - 500).toLocaleString("en-IN")}`);
    // Bad amounts never reach the database.
    for (const amount of ["0", "-5", "12.5", "abc", ""]) {
      const r = await adminAction("order", { ...base, amount, requestKey: crypto.randomUUID() });
      expect(r.status).toBe(400);
    }

    const rest = await adminAction("order", {
      ...base,
      amount: String(o.totalAmount - 500),
      requestKey: crypto.randomUUID(),
    });
    expect(rest.status).toBe(200);
    fake.state.refundStatus = "processed";
    await runQueuedJobs();
    fake.state.refundStatus = "pending";
    const done = await refundsOf(o.id);
    expect(done.map((r) => r.status).sort()).toEqual(["processed", "processed"]);
    expect(
      [...fake.refunds.values()]
        .filter((r) => r.payment_id === payment.id)
        .map((r) => r.amount)
        .sort((x, y) => x - y),
    ).toEqual([500 * 100, (o.totalAmount - 500) * 100].sort((x, y) => x - y));
    expect((await orderOf(placed)).paymentStatus).toBe("refunded");
    const again = await adminAction("order", { ...base, amount: "1", requestKey: crypto.randomUUID() });
    expect(again.body.message).toBe("This order has already been refunded in full.");
  });

  it("records a COD refund only with the bank or UPI reference", async () => {
    const p = await makeProduct();
    const placed = await place([productLine(p.id)]);
    const o = await orderOf(placed);
    const unpaid = await adminAction("order", {
      intent: "refund",
      kind: "order",
      id: o.id,
      amount: "100",
      reason: "Goodwill",
      requestKey: crypto.randomUUID(),
    });
    expect(unpaid.body.message).toContain("Nothing was paid");
    await deliver("order", o.id);
    const noRef = await adminAction("order", {
      intent: "refund",
      kind: "order",
      id: o.id,
      amount: "100",
      reason: "Goodwill",
      requestKey: crypto.randomUUID(),
    });
    expect(noRef.body.message).toBe("Enter the bank or UPI reference of the money paid back.");
    const ok = await adminAction("order", {
      intent: "refund",
      kind: "order",
      id: o.id,
      amount: "100",
      reason: "Goodwill",
      reference: "UPI 998877",
      requestKey: crypto.randomUUID(),
    });
    expect(ok.status).toBe(200);
    expect(await refundsOf(o.id)).toEqual([
      expect.objectContaining({
        method: "manual",
        status: "processed",
        reference: "UPI 998877",
        amount: 100,
      }),
    ]);
  });
});

describe("returns", () => {
  it("walks a ready-made return: shopper asks, staff approve, receive (stock back once) and refund; a mail at each step", async () => {
    const p = await makeProduct({ stockQuantity: 10 });
    const placed = await place([productLine(p.id, { quantity: 2 })]);
    const o = await orderOf(placed);
    await deliver("order", o.id, 2);
    const token = o.accessToken;
    expect(await stockOf(p.id)).toBe(8);

    const bad = await shopperAction(token, { intent: "return", reason: "changed_mind", details: "no" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.details).toContain("at least 10 characters");
    const asked = await shopperAction(token, {
      intent: "return",
      reason: "changed_mind",
      details: "It does not suit the wall colour.",
    });
    expect(asked.status).toBe(200);
    const twice = await shopperAction(token, {
      intent: "return",
      reason: "defective",
      details: "Asking a second time here.",
    });
    expect(twice.body.error).toBe("A return for this order is already in progress.");

    const [ret] = await db().select().from(returnRequests).where(eq(returnRequests.orderId, o.id));
    expect(ret).toMatchObject({ status: "requested", requestedBy: "shopper", reason: "changed_mind" });
    // Refusing needs a reason; receiving before approval is not a step.
    expect(
      (await adminAction("order", { intent: "return-decide", returnId: ret!.id, to: "refused" })).status,
    ).toBe(400);
    expect(
      (
        await adminAction("order", {
          intent: "return-decide",
          returnId: ret!.id,
          to: "received",
          resaleable: "yes",
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await adminAction("order", {
          intent: "return-decide",
          returnId: ret!.id,
          to: "approved",
          note: "Pickup on Friday",
        })
      ).status,
    ).toBe(200);
    expect(
      (await adminAction("order", { intent: "return-decide", returnId: ret!.id, to: "received" })).status,
    ).toBe(400);
    expect(
      (
        await adminAction("order", {
          intent: "return-decide",
          returnId: ret!.id,
          to: "received",
          resaleable: "yes",
        })
      ).status,
    ).toBe(200);
    expect(await stockOf(p.id)).toBe(10);
    expect(
      (
        await adminAction("order", {
          intent: "return-decide",
          returnId: ret!.id,
          to: "received",
          resaleable: "yes",
        })
      ).status,
    ).toBe(409);
    expect(await stockOf(p.id)).toBe(10);

    const refund = await adminAction("order", {
      intent: "refund",
      kind: "order",
      id: o.id,
      amount: String(o.totalAmount - o.codFee - o.deliveryFee),
      reason: "Returned item",
      reference: "NEFT 1234",
      returnId: ret!.id,
      requestKey: crypto.randomUUID(),
    });
    expect(refund.status).toBe(200);
    const [after] = await db().select().from(returnRequests).where(eq(returnRequests.id, ret!.id));
    expect(after!.status).toBe("refunded");
    expect(after!.refundId).not.toBeNull();

    await runQueuedJobs();
    const steps = outboxFiles(`return-${ret!.id}-`).sort();
    expect(steps).toHaveLength(4); // requested, approved, received, refunded
    const approvedMail = emlText(
      fs.readFileSync(
        path.join(
          t.dataDir,
          "outbox",
          steps.find((f) => f.includes("approved"))!,
        ),
        "utf8",
      ),
    );
    expect(approvedMail).toContain("Pickup on Friday");
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(history.filter((h) => h.field === "return").map((h) => h.toValue)).toEqual([
      "requested",
      "approved",
      "received",
      "refunded",
    ]);
  });

  it("takes custom signs back only when faulty, and nothing after 7 days", async () => {
    const placed = await place([customLine("CAFE MOCHA")]);
    const [c] = await db()
      .select()
      .from(customNeonOrders)
      .where(eq(customNeonOrders.checkoutId, placed.checkoutId));
    await deliver("custom", c!.id, 1);
    const changed = await shopperAction(c!.accessToken, {
      intent: "return",
      reason: "changed_mind",
      details: "Do not like the colour now.",
    });
    expect(changed.body.error).toContain("Custom signs are made to your design");
    const faulty = await adminAction("custom", {
      intent: "return-create",
      kind: "custom",
      id: c!.id,
      reason: "defective",
      details: "Half the letters do not light.",
    });
    expect(faulty.status).toBe(200);

    const p = await makeProduct();
    const old = await place([productLine(p.id)]);
    const o = await orderOf(old);
    await deliver("order", o.id, 8);
    const late = await shopperAction(o.accessToken, {
      intent: "return",
      reason: "defective",
      details: "Stopped working after a week.",
    });
    expect(late.body.error).toContain("within 7 days of delivery");
    const undelivered = await place([productLine(p.id)]);
    const u = await orderOf(undelivered);
    const early = await shopperAction(u.accessToken, {
      intent: "return",
      reason: "defective",
      details: "Not here yet but broken?",
    });
    expect(early.body.error).toBe("A return can be asked for once the order has been delivered.");
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(returnRequests)
          .where(eq(returnRequests.orderId, u.id))
      )[0]!.n,
    ).toBe(0);
  });
});
