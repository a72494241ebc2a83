import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { InvoiceSnapshot } from "~/features/invoices/gst-invoice";
import { splitInclusive, type SupplyType } from "~/features/invoices/gst-tax";
import { adminIssueInvoice, requestInvoiceForOrder } from "~/features/invoices/invoice-requests.server";
import { invoiceSettings, issueInvoiceInTx } from "~/features/invoices/invoices.server";
import { applyRefundUpdate } from "~/features/after-sale/refunds.server";
import { decideReturn, refundFromAdmin, requestReturn } from "~/features/after-sale/returns.server";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import { cancelOrderByShopper } from "~/features/order-page/shopper-cancel.server";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { db } from "~/platform/db/client.server";
import { goLiveTicks } from "~/features/settings/tables.server";
import { invoices } from "~/features/invoices/tables.server";
import { refunds } from "~/features/after-sale/tables.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import { setEnv } from "~/platform/env.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { gstinCheckCharacter } from "~/shared/gstin";
import { adminSession } from "../support/admin-session";
import { makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { fakeRazorpayEnv, startFakeRazorpay } from "../support/fake-razorpay";
import { NO_ORDER_LIMITS, payOnline, placeCheckout } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

/*
 * Issue 42: the tax documents of an order add up to the money the shop kept (decision 052). Whatever the order
 * of events (refunds before the invoice, partial refunds before and after it, a full refund before dispatch, a
 * cancellation, an RTO, a return), once no refund is on its way:
 *
 *   invoice − credit notes  ==  paid − refunded    (to the paisa)
 *
 * and every document splits its tax the one way (CGST = SGST inside the state, IGST across states).
 */

const fake = await startFakeRazorpay();
const t = setupTestDatabase({ ...fakeRazorpayEnv(fake), ...NO_ORDER_LIMITS });
afterAll(() => fake.close());
beforeEach(() => setEnv(t.env));

// Shoppers in the fixtures live in Kolkata: a shop in West Bengal charges CGST + SGST, one in Uttar Pradesh IGST.
const GSTIN = {
  intra: "19ABCDE1234F1Z" + gstinCheckCharacter("19ABCDE1234F1Z"),
  inter: "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z"),
} as const;
const RATE = 18;

let actor: Actor;
let categoryId = "";

beforeAll(async () => {
  actor = (await adminSession("refund-docs@example.com")).actor;
  categoryId = await makeCategory("Invoices follow refunds");
});

async function useShopIn(supply: "intra" | "inter" | "unregistered") {
  const { settings, version } = await loadShopSettings();
  const gstin = supply === "unregistered" ? null : GSTIN[supply];
  const r = await saveShopSettings(
    { ...settings, legal: { ...settings.legal, gstin, gstRate: RATE } },
    actor,
    version,
  );
  expect(r.ok).toBe(true);
  if (supply === "unregistered")
    await db().insert(goLiveTicks).values({ item: "gst-not-registered" }).onConflictDoNothing();
  else await db().delete(goLiveTicks).where(eq(goLiveTicks.item, "gst-not-registered"));
}

type Order = typeof orders.$inferSelect;

/** A sign at ₹5,297 (the issue's order), placed and paid online (or cash on delivery, unpaid). */
async function placeOrder(method: "razorpay" | "cod" = "razorpay", price = 5297): Promise<Order> {
  const p = await makeProduct(categoryId, { mediumPrice: price, stockQuantity: 100 });
  const placed = await placeCheckout([productLine(p.id)], { method });
  if (method === "razorpay") await payOnline(fake, placed);
  const [o] = await db().select().from(orders).where(eq(orders.checkoutId, placed.checkoutId));
  return o!;
}

const reload = async (o: Order) => (await db().select().from(orders).where(eq(orders.id, o.id)))[0]!;
const target = (o: Order) => ({ kind: "order" as const, id: o.id });

/** Staff refund `amount` rupees; online refunds go to the fake Razorpay, which processes them unless `pending`. */
async function refund(o: Order, amount: number, opts: { pending?: boolean; returnId?: string } = {}) {
  const r = await refundFromAdmin(
    target(o),
    {
      amount,
      reason: "Goodwill",
      requestKey: crypto.randomUUID(),
      ...(o.paymentMethod === "cod" ? { reference: `UPI ${crypto.randomInt(1e9)}` } : {}),
      ...(opts.returnId ? { returnId: opts.returnId } : {}),
    },
    actor,
  );
  expect(r).toMatchObject({ ok: true });
  fake.state.refundStatus = opts.pending ? "pending" : "processed";
  await runQueuedJobs();
  fake.state.refundStatus = "pending";
  return r.ok ? r.refundId : "";
}

/** Razorpay's word that a refund left pending went through (its webhook). */
async function processed(refundId: string) {
  const [r] = await db().select().from(refunds).where(eq(refunds.id, refundId));
  return applyRefundUpdate({ refundId, razorpayRefundId: r!.razorpayRefundId!, status: "processed" });
}

const move = (o: Order, to: "confirmed" | "in_production" | "delivered" | "cancelled") =>
  changeOrderStatus({ kind: "order", id: o.id, to }, actor);
const dispatch = (o: Order) =>
  changeOrderStatus(
    {
      kind: "order",
      id: o.id,
      to: "dispatched",
      courier: "Delhivery",
      trackingNumber: `TRK${o.id.slice(0, 8)}`,
    },
    actor,
  );
async function toProduction(o: Order) {
  if ((await reload(o)).status === "pending") expect((await move(o, "confirmed")).ok).toBe(true);
  expect((await move(o, "in_production")).ok).toBe(true);
}

const documentsOf = async (o: Order) =>
  (await db().select().from(invoices).where(eq(invoices.orderId, o.id))).map((d) => ({
    ...d,
    s: d.snapshot as unknown as InvoiceSnapshot,
  }));

/** What the shop kept, in paise: paid (online, or cash collected) less the refunds processed. */
async function keptPaise(o: Order): Promise<number> {
  const now = await reload(o);
  const paid = now.paymentStatus === "paid" || now.paymentStatus === "refunded" ? now.totalAmount : 0;
  const back = (await db().select().from(refunds).where(eq(refunds.orderId, o.id)))
    .filter((r) => r.status === "processed")
    .reduce((n, r) => n + r.amount, 0);
  return (paid - back) * 100;
}

/**
 * The rule, checked on the order's documents: the invoice less its credit notes is what the shop kept, to the
 * paisa; each document's lines add up to its totals; every line splits its tax the one way for its supply.
 */
async function expectDocumentsFollowMoney(o: Order, supply: SupplyType) {
  const docs = await documentsOf(o);
  const sign = (kind: string) => (kind === "credit_note" ? -1 : 1);
  const net = docs.reduce((n, d) => n + sign(d.kind) * Number(d.totalPaise), 0);
  expect(net).toBe(await keptPaise(o));
  for (const d of docs) {
    const { lines, totals } = d.s;
    expect(d.s.supply).toBe(supply);
    expect(Number(d.totalPaise)).toBe(totals.total);
    expect(Number(d.taxPaise)).toBe(totals.tax);
    expect(lines.reduce((n, l) => n + l.total, 0)).toBe(totals.total);
    expect(totals.taxable + totals.tax).toBe(totals.total);
    for (const l of lines) {
      const rate = d.kind === "bill_of_supply" ? 0 : RATE;
      expect({ taxable: l.taxable, cgst: l.cgst, sgst: l.sgst, igst: l.igst }).toEqual(
        splitInclusive(l.total, rate, supply),
      );
    }
  }
  // The tax kept is the tax in what was kept, give or take a paisa of rounding per line printed.
  const netTax = docs.reduce((n, d) => n + sign(d.kind) * Number(d.taxPaise), 0);
  const whole = splitInclusive(net, RATE, supply);
  const lines = docs.reduce((n, d) => n + d.s.lines.length, 0);
  expect(Math.abs(netTax - (whole.cgst + whole.sgst + whole.igst))).toBeLessThanOrEqual(lines);
  return docs;
}

const kinds = (docs: { kind: string; totalPaise: number }[]) =>
  docs.map((d) => [d.kind, Number(d.totalPaise)]);

describe.each(["intra", "inter"] as const)("documents follow the money (%s-state)", (supply) => {
  beforeAll(() => useShopIn(supply));

  it("a refund before the invoice: the invoice is for the amount kept, and no credit note is needed", async () => {
    const o = await placeOrder();
    expect(o.totalAmount).toBe(5297);
    await refund(o, 499);
    await toProduction(o);
    const r = await dispatch(o);
    expect(r.ok && r.invoice).toMatchObject({ title: "Tax Invoice" });
    const docs = await expectDocumentsFollowMoney(o, supply);
    expect(kinds(docs)).toEqual([["invoice", 479_800]]);
    // The invoice says why its value is below the order's: the refund before it, shown as a discount.
    const inv = docs[0]!.s;
    expect(inv.totals.discount).toBe(49_900);
    expect(inv.notes.join(" ")).toContain("₹499.00 refunded before this invoice");
  });

  it("partial refunds before and after the invoice: one reduced invoice, a credit note for each later refund", async () => {
    const o = await placeOrder();
    await refund(o, 499);
    await toProduction(o);
    // A refund still on its way at dispatch counts once its money went back: then it gets its credit note.
    const pending = await refund(o, 300, { pending: true });
    expect((await dispatch(o)).ok).toBe(true);
    expect(await processed(pending)).toBe("processed");
    await refund(o, 1000);
    const docs = await expectDocumentsFollowMoney(o, supply);
    expect(kinds(docs).sort()).toEqual(
      [
        ["invoice", 479_800],
        ["credit_note", 30_000],
        ["credit_note", 100_000],
      ].sort(),
    );
    // The rest back too: the notes credit the whole reduced invoice and no more.
    await refund(o, 5297 - 499 - 300 - 1000);
    expect((await reload(o)).paymentStatus).toBe("refunded");
    await expectDocumentsFollowMoney(o, supply);
  });
});

describe("documents follow the money: cancellations, RTO, returns", () => {
  beforeAll(() => useShopIn("intra"));

  it("a full refund before dispatch: no invoice at all (nothing kept), and none on request", async () => {
    const o = await placeOrder();
    await toProduction(o);
    await refund(o, 5297);
    expect((await reload(o)).paymentStatus).toBe("refunded");
    const r = await dispatch(o);
    expect(r.ok).toBe(true);
    expect(r.ok && r.invoice).toEqual({ problem: expect.stringContaining("refunded in full") });
    expect(await adminIssueInvoice("order", o.id, actor)).toMatchObject({ ok: false, httpStatus: 409 });
    expect(await documentsOf(o)).toEqual([]);
    await expectDocumentsFollowMoney(o, "intra");
  });

  it("a cancellation: the invoice asked for after a refund is reduced, and its credit note takes back what it says", async () => {
    const o = await placeOrder();
    await refund(o, 499);
    expect(await requestInvoiceForOrder(o.accessToken)).toMatchObject({ ok: true, created: true });
    await expectDocumentsFollowMoney(o, "intra");
    const cancelled = await cancelOrderByShopper(o.accessToken, "Changed my mind");
    expect(cancelled).toMatchObject({ ok: true, refund: 5297 - 499 });
    fake.state.refundStatus = "processed";
    await runQueuedJobs();
    fake.state.refundStatus = "pending";
    const docs = await expectDocumentsFollowMoney(o, "intra");
    expect(kinds(docs)).toEqual([
      ["invoice", 479_800],
      ["credit_note", 479_800],
    ]);
  });

  it("an RTO: a prepaid order refunded in part before dispatch comes back, and is refunded the rest", async () => {
    const o = await placeOrder();
    await refund(o, 499);
    await toProduction(o);
    await dispatch(o);
    await expectDocumentsFollowMoney(o, "intra");
    const back = await changeOrderStatus({ kind: "order", id: o.id, to: "rto", rtoReason: "refused" }, actor);
    expect(back.ok).toBe(true);
    await refund(o, 5297 - 499);
    const docs = await expectDocumentsFollowMoney(o, "intra");
    expect(kinds(docs)).toEqual([
      ["invoice", 479_800],
      ["credit_note", 479_800],
    ]);
  });

  it("an RTO of cash on delivery: invoiced at dispatch, credited in full, nothing was paid", async () => {
    const o = await placeOrder("cod");
    await toProduction(o);
    await dispatch(o);
    await changeOrderStatus({ kind: "order", id: o.id, to: "rto", rtoReason: "refused" }, actor);
    const docs = await expectDocumentsFollowMoney(o, "intra");
    expect(docs.map((d) => d.kind)).toEqual(["invoice", "credit_note"]);
  });

  it("a return: refunded before dispatch, delivered, returned and refunded for the goods", async () => {
    const o = await placeOrder();
    await refund(o, 499);
    await toProduction(o);
    await dispatch(o);
    expect((await move(o, "delivered")).ok).toBe(true);
    const asked = await requestReturn(
      target(o),
      { reason: "defective", details: "It flickers from the first night." },
      "shopper",
      null,
    );
    expect(asked.ok).toBe(true);
    const returnId = asked.ok ? asked.returnId : "";
    expect((await decideReturn(returnId, { to: "approved" }, actor)).ok).toBe(true);
    expect((await decideReturn(returnId, { to: "received", resaleable: true }, actor)).ok).toBe(true);
    await refund(o, 2000, { returnId });
    const docs = await expectDocumentsFollowMoney(o, "intra");
    expect(kinds(docs)).toEqual([
      ["invoice", 479_800],
      ["credit_note", 200_000],
    ]);
  });

  it("a refund processed while the invoice is being issued: it is credited, or the invoice counts it", async () => {
    const o = await placeOrder();
    await toProduction(o);
    const pending = await refund(o, 700, { pending: true });
    const settings = await invoiceSettings();
    let processing: Promise<unknown> = Promise.resolve();
    await db().transaction(async (tx) => {
      // As dispatch does: the order's row locked, the invoice issued (the refund still pending then), and while
      // this transaction is open Razorpay's webhook says the refund went through.
      await tx.execute(sql`select 1 from orders where id = ${o.id}::uuid for update`);
      const issued = await issueInvoiceInTx(tx, target(o), "test", settings);
      expect(issued).toMatchObject({ issued: true });
      processing = processed(pending);
      await new Promise((r) => setTimeout(r, 400));
    });
    await processing;
    const docs = await expectDocumentsFollowMoney(o, "intra");
    expect(kinds(docs)).toEqual([
      ["invoice", 529_700],
      ["credit_note", 70_000],
    ]);
  });

  it("a bill of supply issued after a refund is for the amount kept too", async () => {
    await useShopIn("unregistered");
    try {
      const o = await placeOrder();
      await refund(o, 499);
      await toProduction(o);
      const r = await dispatch(o);
      expect(r.ok && r.invoice).toMatchObject({ title: "Bill of Supply" });
      const docs = await documentsOf(o);
      expect(kinds(docs)).toEqual([["bill_of_supply", 479_800]]);
      expect(docs[0]!.s.totals.tax).toBe(0);
    } finally {
      await useShopIn("intra");
    }
  });
});
