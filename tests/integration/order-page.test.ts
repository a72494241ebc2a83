import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CartItem } from "~/features/cart/cart";
import { LOOKUP_ANSWER } from "~/features/order-page/order-page";
import { gstinCheckCharacter } from "~/shared/gstin";
import { db } from "~/platform/db/client.server";
import { requestInvoiceForOrder } from "~/features/invoices/invoice-requests.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { adminUsers } from "~/platform/db/tables.server";
import { customNeonOrders, orders, orderStatusHistory } from "~/features/order-lifecycle/tables.server";
import { invoices } from "~/features/invoices/tables.server";
import { type products } from "~/features/catalog/tables.server";
import { refunds } from "~/features/after-sale/tables.server";
import { setEnv } from "~/platform/env.server";
import type { PlacedCheckout } from "~/features/checkout/records.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { cancelOrderByShopper } from "~/features/order-page/shopper-cancel.server";
import { findOrderAction } from "~/features/order-page/routes/order-page-route.server";
import { loadShopperOrder, paymentHandoffForOrder } from "~/features/order-page/shopper-order.server";
import { startRefund } from "~/features/after-sale/refunds.server";
import { hmacSha256Hex } from "~/features/payments/razorpay.server";
import { handleRazorpayWebhook } from "~/features/after-sale/webhook.server";
import {
  customLine,
  makeCategory,
  makeProduct as makeProductIn,
  productLine,
  stockOf,
} from "../support/checkout-fixtures";
import { fakeRazorpayEnv, startFakeRazorpay, TEST_RAZORPAY } from "../support/fake-razorpay";
import { NO_ORDER_LIMITS, payOnline, placeCheckout } from "../support/orders";
import { outbox } from "../support/outbox";
import { setupTestDatabase } from "../support/test-db";

const fake = await startFakeRazorpay();
const t = setupTestDatabase({ ...fakeRazorpayEnv(fake), ...NO_ORDER_LIMITS });
afterAll(() => fake.close());

let categoryId = "";
const makeProduct = (over: Partial<typeof products.$inferInsert> = {}) => makeProductIn(categoryId, over);
beforeAll(async () => {
  categoryId = await makeCategory("Order page");
});
beforeEach(() => setEnv(t.env));

const shopper = { name: "Meera Iyer", phone: "98450 12345", email: "Meera.Iyer@example.in" };
const form = (paymentMethod: "cod" | "razorpay", over: Partial<typeof shopper> = {}) => ({
  ...shopper,
  ...over,
  address1: "4 Residency Road",
  city: "Bengaluru",
  state: "karnataka",
  pincode: "560025",
  preferredDate: "",
  paymentMethod,
});

const place = (items: CartItem[], method: "cod" | "razorpay" = "cod", over: Partial<typeof shopper> = {}) =>
  placeCheckout(items, { method, form: form(method, over) });

const tokenOf = (p: PlacedCheckout, i = 0) => p.orderPages[i]!.path.split("/").pop()!;
const orderRow = async (p: PlacedCheckout) =>
  (await db().select().from(orders).where(eq(orders.checkoutId, p.checkoutId)))[0]!;

function webhook(
  event: string,
  refund: { id: string; payment_id: string; amount: number; notes: Record<string, string> },
  id: string = crypto.randomUUID(),
) {
  const body = JSON.stringify({
    event,
    payload: { refund: { entity: { ...refund, status: event.split(".")[1] } } },
  });
  return handleRazorpayWebhook(body, hmacSha256Hex(TEST_RAZORPAY.webhookSecret, body), id);
}

const { mails, rawMails } = outbox(t.dataDir);

describe("the order page link", () => {
  it("opens exactly its own order, and nothing for a wrong or malformed token", async () => {
    const p = await makeProduct();
    const a = await place([productLine(p.id, { quantity: 2 })]);
    const b = await place([customLine("HELLO")]);
    const pageA = await loadShopperOrder(tokenOf(a));
    expect(pageA).toMatchObject({ kind: "order", displayId: a.orderId, customerName: "Meera Iyer" });
    expect(pageA!.lines).toEqual([expect.objectContaining({ name: p.name, quantity: 2 })]);
    expect(pageA!.charges.at(-1)).toEqual({
      label: "Total",
      value: expect.stringContaining("₹"),
      kind: "total",
    });
    const pageB = await loadShopperOrder(tokenOf(b));
    expect(pageB).toMatchObject({ kind: "custom", displayId: b.orderId });
    expect(tokenOf(a)).not.toBe(tokenOf(b));
    expect(tokenOf(a)).toMatch(/^[0-9a-f]{64}$/);
    // A changed character, another length, upper case, or the order's own id: nothing.
    const flipped = tokenOf(a).slice(0, -1) + (tokenOf(a).endsWith("0") ? "1" : "0");
    for (const bad of [
      flipped,
      tokenOf(a).slice(1),
      tokenOf(a).toUpperCase(),
      (await orderRow(a)).id,
      "",
      "' or 1=1 --",
    ])
      expect(await loadShopperOrder(bad)).toBeNull();
  });

  it("does not show staff e-mails or gateway ids", async () => {
    const p = await makeProduct();
    const a = await place([productLine(p.id)]);
    const page = JSON.stringify(await loadShopperOrder(tokenOf(a)));
    expect(page).not.toMatch(/razorpay|changedBy|admin@/i);
  });
});

describe("cancelling from the order page", () => {
  it("cancels a COD order within 24 hours: stock back once, history, both mails; a repeat changes nothing", async () => {
    const p = await makeProduct({ stockQuantity: 5 });
    const a = await place([productLine(p.id, { quantity: 2 })]);
    expect(await stockOf(p.id)).toBe(3);
    const r = await cancelOrderByShopper(tokenOf(a), "Ordered the wrong size");
    expect(r).toEqual({ ok: true, refund: 0, stockReturned: true });
    expect(await stockOf(p.id)).toBe(5);
    const again = await cancelOrderByShopper(tokenOf(a), undefined);
    expect(again).toMatchObject({ ok: false, status: 409, message: "This order is already cancelled." });
    expect(await stockOf(p.id)).toBe(5);
    const o = await orderRow(a);
    expect(o.status).toBe("cancelled");
    const h = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(h.map((x) => x.note).join(" ")).toContain(
      "Cancelled by the shopper on the order page. Ordered the wrong size",
    );
    await runQueuedJobs();
    const toShopper = mails(`cancelled-order-${o.id}`);
    expect(toShopper).toHaveLength(1);
    expect(toShopper[0]).toContain(`Your order ${a.orderId} has been cancelled`);
    expect(toShopper[0]).toContain("Nothing was charged");
    expect(mails(`cancelled-notice-order-${o.id}`)[0]).toContain("cancelled order");
  });

  it("refuses after 24 hours and once production has started", async () => {
    const p = await makeProduct();
    const a = await place([productLine(p.id)]);
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(await cancelOrderByShopper(tokenOf(a), undefined, later)).toMatchObject({
      ok: false,
      status: 409,
    });
    await db().update(orders).set({ status: "in_production" }).where(eq(orders.checkoutId, a.checkoutId));
    expect(await cancelOrderByShopper(tokenOf(a), undefined)).toMatchObject({
      ok: false,
      message: expect.stringContaining("Production has started"),
    });
    expect(await cancelOrderByShopper("f".repeat(64), undefined)).toMatchObject({ ok: false, status: 404 });
  });

  it("refunds a paid online order in full through Razorpay, once, and marks it refunded when processed", async () => {
    const p = await makeProduct();
    const a = await place([productLine(p.id)], "razorpay");
    const payment = await payOnline(fake, a);
    const callsBefore = fake.state.refundCalls;
    const r = await cancelOrderByShopper(tokenOf(a), undefined);
    expect(r).toMatchObject({ ok: true, refund: a.totalAmount });
    // The first call's answer is lost (500): the retried job sends the same idempotency key and body.
    fake.state.failNextRefund = 1;
    await runQueuedJobs();
    const o = await orderRow(a);
    let [refund] = await db().select().from(refunds).where(eq(refunds.orderId, o.id));
    expect(refund).toMatchObject({ amount: a.totalAmount, status: "pending", method: "razorpay" });
    // pg-boss retries after its delay; run the job again directly as the retry would.
    await db().execute(
      sql`update pgboss.job set start_after = now() where name = 'razorpay-refund' and state = 'retry'`,
    );
    await runQueuedJobs();
    [refund] = await db().select().from(refunds).where(eq(refunds.orderId, o.id));
    expect(refund!.razorpayRefundId).toMatch(/^rfnd_/);
    expect([...fake.refunds.values()].filter((x) => x.payment_id === payment.id)).toHaveLength(1);
    expect(fake.state.refundCalls - callsBefore).toBe(2);
    // Razorpay's webhook says processed; a replay of it changes nothing more.
    const fakeRefund = fake.refunds.get(refund!.razorpayRefundId!)!;
    for (let i = 0; i < 2; i++) {
      const w = await webhook("refund.processed", fakeRefund, "evt_same");
      expect(w.status).toBe(200);
    }
    const after = await orderRow(a);
    expect(after.paymentStatus).toBe("refunded");
    const notes = (
      await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id))
    ).map((x) => x.note);
    expect(notes.filter((n) => n?.startsWith("Refund of")).length).toBe(2); // started + processed, not repeated
    expect(mails(`cancelled-order-${o.id}`)[0]).toContain(
      "is being refunded to your original payment method",
    );
  });
});

describe("refunds", () => {
  it("never lets refunds exceed what was paid, fails a refused refund, and takes webhooks in any order", async () => {
    const p = await makeProduct({ mediumPrice: 3000 });
    const a = await place([productLine(p.id)], "razorpay");
    await payOnline(fake, a);
    const o = await orderRow(a);
    const target = { kind: "order" as const, id: o.id };
    const lock = (tx: Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0]) =>
      tx
        .select()
        .from(orders)
        .where(eq(orders.id, o.id))
        .for("update")
        .then((r) => r[0]!);
    const start = (amount: number) =>
      db().transaction(async (tx) =>
        startRefund(tx, target, await lock(tx), { amount, reason: "test", actor: null }),
      );

    expect(await start(1000)).toMatchObject({ ok: true });
    expect(await start(o.totalAmount)).toMatchObject({
      ok: false,
      message: expect.stringContaining("At most"),
    });
    // Razorpay processes at once this time, and its webhook arrives before our job stored the refund id.
    fake.state.refundStatus = "processed";
    await runQueuedJobs();
    fake.state.refundStatus = "pending";
    const first = (await db().select().from(refunds).where(eq(refunds.orderId, o.id)))[0]!;
    expect(first.status).toBe("processed");

    // A refund Razorpay refuses is failed (and frees its amount); a late 'processed' cannot revive it.
    expect(await start(500)).toMatchObject({ ok: true });
    fake.state.refuseNextRefund = 1;
    await runQueuedJobs();
    const failed = (await db().select().from(refunds).where(eq(refunds.orderId, o.id))).find(
      (x) => x.amount === 500,
    )!;
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toContain("refund amount is invalid");

    // The rest can still be refunded, and only the rest.
    const rest = o.totalAmount - 1000;
    expect(await start(rest + 1)).toMatchObject({ ok: false });
    expect(await start(rest)).toMatchObject({ ok: true });
    await runQueuedJobs();
    const last = (await db().select().from(refunds).where(eq(refunds.orderId, o.id))).find(
      (x) => x.amount === rest,
    )!;
    // The webhook before (and again after) the job's own answer: found by the refund id in its notes.
    await webhook("refund.processed", {
      id: last.razorpayRefundId!,
      payment_id: "",
      amount: rest * 100,
      notes: { refund_id: last.id },
    });
    await webhook("refund.failed", {
      id: last.razorpayRefundId!,
      payment_id: "",
      amount: rest * 100,
      notes: { refund_id: last.id },
    });
    const settled = (await db().select().from(refunds).where(eq(refunds.id, last.id)))[0]!;
    expect(settled.status).toBe("processed");
    expect((await orderRow(a)).paymentStatus).toBe("refunded");
  });

  it("records a COD refund with its reference and refuses one without", async () => {
    const p = await makeProduct();
    const a = await place([productLine(p.id)]);
    const o = await orderRow(a);
    await db().update(orders).set({ status: "delivered", paymentStatus: "paid" }).where(eq(orders.id, o.id));
    const target = { kind: "order" as const, id: o.id };
    const run = (ref?: string) =>
      db().transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, o.id)).for("update");
        return startRefund(tx, target, row!, {
          amount: o.totalAmount,
          reason: "Damaged",
          actor: null,
          manualReference: ref,
        });
      });
    expect(await run()).toMatchObject({
      ok: false,
      message: "Enter the bank or UPI reference of the money paid back.",
    });
    expect(await run("UPI 4321")).toMatchObject({ ok: true, method: "manual" });
    expect((await orderRow(a)).paymentStatus).toBe("refunded");
  });
});

describe("paying again from the order page", () => {
  it("hands out the payment window for an unpaid online order while it is held, never for COD or after the hold", async () => {
    const p = await makeProduct();
    const a = await place([productLine(p.id)], "razorpay");
    const h = await paymentHandoffForOrder(tokenOf(a));
    expect(h).toMatchObject({ keyId: TEST_RAZORPAY.keyId, amountPaise: a.totalAmount * 100 });
    expect(h!.razorpayOrderId).toMatch(/^order_/);
    expect(await paymentHandoffForOrder(tokenOf(a), new Date(Date.now() + 24 * 3_600_000))).toBeNull();
    const cod = await place([productLine(p.id)]);
    expect(await paymentHandoffForOrder(tokenOf(cod))).toBeNull();
    await payOnline(fake, a);
    expect(await paymentHandoffForOrder(tokenOf(a))).toBeNull();
  });
});

describe("find my order", () => {
  const lookup = (orderId: string, contact: string, ip = "203.0.113.9") =>
    findOrderAction(
      new Request("http://shop.test/orders", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ orderId, contact }),
      }),
      { clientIp: ip },
    );

  it("answers the same for a right and a wrong order, and mails the link only to the order's own address", async () => {
    const p = await makeProduct();
    // Its own mailbox: the shopper's earlier orders in this file used up that mailbox's hourly mails.
    const a = await place([productLine(p.id)], "cod", {
      email: "Lookup.Owner@example.in",
      phone: "98450 55555",
    });
    const o = await orderRow(a);
    const right = (await lookup(a.orderId, "+91 98450 55555")) as unknown as { data: unknown };
    const wrongId = (await lookup("NL00000000", "+91 98450 55555")) as unknown as { data: unknown };
    const wrongContact = (await lookup(a.orderId, "someone@else.in")) as unknown as { data: unknown };
    expect(right.data).toEqual({ ok: true, message: LOOKUP_ANSWER });
    expect(wrongId.data).toEqual(right.data);
    expect(wrongContact.data).toEqual(right.data);
    await runQueuedJobs();
    const sent = mails(`order-link-order-${o.id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`http://localhost:3000/orders/${tokenOf(a)}`);
    const links = rawMails("order-link-");
    expect(links.length > 0 && links.every((m) => /^To: lookup\.owner@example\.in/im.test(m))).toBe(true);
    // Asking again at once (by e-mail this time) sends nothing more in the same 10 minutes.
    await lookup(a.orderId.toLowerCase(), "lookup.owner@EXAMPLE.in");
    await runQueuedJobs();
    expect(mails(`order-link-order-${o.id}`)).toHaveLength(1);
  });

  it("sends no second link within 10 minutes when the lookups fall either side of a window's edge", async () => {
    const p = await makeProduct();
    const a = await place([productLine(p.id)], "cod", {
      email: "edge.owner@example.in",
      phone: "98450 66666",
    });
    const o = await orderRow(a);
    // The link went 2 minutes ago, in the window before this one.
    const previous = Math.floor(Date.now() / 600_000) - 1;
    await db().execute(
      sql`insert into message_deliveries (dedupe_key, queue, created_at, sent_at)
          values (${`order-link:order:${o.id}:${previous}`}, 'order-lookup', now() - interval '2 minutes', now() - interval '2 minutes')`,
    );
    await lookup(a.orderId, "+91 98450 66666", "203.0.113.21");
    await runQueuedJobs();
    expect(mails(`order-link-order-${o.id}`)).toHaveLength(0);
  });

  it("explains a malformed lookup field by field and is rate-limited per address", async () => {
    const bad = (await lookup("hello", "12")) as unknown as {
      data: { ok: boolean; fieldErrors: Record<string, string> };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.ok).toBe(false);
    expect(Object.keys(bad.data.fieldErrors)).toEqual(expect.arrayContaining(["orderId", "contact"]));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = (await lookup("NL12345678", "9845012345", "198.51.100.77")) as unknown as {
        init: { status?: number } | null;
      };
      statuses.push(r.init?.status ?? 200);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe("custom orders", () => {
  it("cancel a custom sign before production; no stock changes", async () => {
    const b = await place([customLine("NAMASTE")]);
    expect(await cancelOrderByShopper(tokenOf(b), undefined)).toMatchObject({
      ok: true,
      stockReturned: false,
    });
    const [c] = await db()
      .select()
      .from(customNeonOrders)
      .where(eq(customNeonOrders.checkoutId, b.checkoutId));
    expect(c!.status).toBe("cancelled");
  });
});

describe("credit notes with cancellations and refunds", () => {
  it("credits an invoiced prepaid order in full when the shopper cancels it, once", async () => {
    const { settings, version } = await loadShopSettings();
    const gstin = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z");
    const [owner] = await db()
      .insert(adminUsers)
      .values({ email: "owner@example.in", passwordHash: "x" })
      .returning();
    const saved = await saveShopSettings(
      { ...settings, legal: { ...settings.legal, gstin } },
      { id: owner!.id, email: owner!.email },
      version,
    );
    expect(saved.ok).toBe(true);
    const p = await makeProduct();
    const a = await place([productLine(p.id)], "razorpay");
    await payOnline(fake, a);
    expect((await requestInvoiceForOrder(tokenOf(a))).ok).toBe(true);
    const o = await orderRow(a);
    expect(await cancelOrderByShopper(tokenOf(a), undefined)).toMatchObject({
      ok: true,
      refund: a.totalAmount,
    });
    fake.state.refundStatus = "processed";
    await runQueuedJobs();
    fake.state.refundStatus = "pending";
    const docs = await db().select().from(invoices).where(eq(invoices.orderId, o.id));
    const notes = docs.filter((d) => d.kind === "credit_note");
    // One credit note for the whole invoice; the processed refund finds nothing left to credit.
    expect(notes).toHaveLength(1);
    expect(notes[0]!.totalPaise).toBe(docs.find((d) => d.kind === "invoice")!.totalPaise);
    expect(notes[0]!.number).toMatch(/^CN\/\d{4}-\d{2}\/\d{5}$/);
    expect((await orderRow(a)).paymentStatus).toBe("refunded");
  });
});
