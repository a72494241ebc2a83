import { REFUND_TIME } from "~/features/settings/shop-promises";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as purchasesRoute from "~/features/orders/routes/admin-purchases";
import * as customRoute from "~/features/orders/routes/admin-custom-neon";
import * as orderPageRoute from "~/features/order-page/routes/order-page";
import * as refundPageRoute from "~/features/after-sale/routes/admin-refund";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders, orderStatusHistory } from "~/features/order-lifecycle/tables.server";
import { refunds, returnRequests } from "~/features/after-sale/tables.server";
import { type products } from "~/features/catalog/tables.server";
import { setEnv } from "~/platform/env.server";
import type { CartItem } from "~/features/cart/cart";
import type { PlacedCheckout } from "~/features/checkout/records.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { adminSession, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import {
  customLine,
  makeCategory,
  makeProduct as makeProductIn,
  productLine,
  stockOf,
} from "../support/checkout-fixtures";
import { fakeRazorpayEnv, startFakeRazorpay } from "../support/fake-razorpay";
import { NO_ORDER_LIMITS, payOnline, placeCheckout } from "../support/orders";
import { emlText, outbox } from "../support/outbox";
import { adminIssueInvoice } from "~/features/invoices/invoice-requests.server";
import { displayId } from "~/features/order-lifecycle/order-status";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { gstinCheckCharacter } from "~/shared/gstin";
import { outcome, routeArgs } from "../support/route-calls";
import { countRows, setupTestDatabase } from "../support/test-db";

// Staff refunds and returns through the admin order action (as the router calls it), and the shopper's
// return request through the order page's action, against a fake Razorpay.

const fake = await startFakeRazorpay();
const t = setupTestDatabase({ PUBLIC_URL: ORIGIN, ...fakeRazorpayEnv(fake), ...NO_ORDER_LIMITS });
afterAll(() => fake.close());

let categoryId = "";
let admin: AdminSession;
let staff: AdminSession;
const makeProduct = (over: Partial<typeof products.$inferInsert> = {}) => makeProductIn(categoryId, over);

beforeAll(async () => {
  categoryId = await makeCategory("Returns");
  admin = await adminSession("returns-boss@example.com");
  staff = await adminSession("returns-nobody@example.com", { isAdmin: false });
});
beforeEach(() => setEnv(t.env));

const place = (items: CartItem[], method: "cod" | "razorpay" = "cod") => placeCheckout(items, { method });

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

/** The admin order action (as the router calls it) as `who` (the admin unless given; null: no session). */
const adminAction = (
  kind: "order" | "custom",
  fields: Record<string, string>,
  who: AdminSession | null = admin,
) => {
  const route = kind === "order" ? purchasesRoute : customRoute;
  const p = kind === "order" ? "/admin/purchases" : "/admin/custom-neon";
  const request = who ? who.request(p, { form: fields }) : shopRequest(p, { form: fields });
  return outcome(() => route.action(routeArgs(request)));
};
const shopperAction = (token: string, fields: Record<string, string>) =>
  outcome(() =>
    orderPageRoute.action(
      routeArgs(shopRequest(`/orders/${token}`, { form: fields }), { token }, { clientIp: "203.0.113.50" }),
    ),
  );

const orderOf = async (p: PlacedCheckout) =>
  (await db().select().from(orders).where(eq(orders.checkoutId, p.checkoutId)))[0]!;
const refundsOf = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
const mailbox = outbox(t.dataDir);
const SHOP_GSTIN = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z");
async function setGstin(gstin: string | null) {
  const { settings, version } = await loadShopSettings();
  const r = await saveShopSettings(
    { ...settings, legal: { ...settings.legal, gstin } },
    admin.actor,
    version,
  );
  expect(r.ok).toBe(true);
}

describe("staff refunds", () => {
  it("refunds a paid online order partly, then the rest, never more; a double click refunds once", async () => {
    const p = await makeProduct({ mediumPrice: 4000 });
    const placed = await place([productLine(p.id)], "razorpay");
    const payment = await payOnline(fake, placed);
    const o = await orderOf(placed);
    const base = {
      intent: "refund",
      kind: "order",
      id: o.id,
      reason: "Scratch on the backing",
      confirmed: "yes",
    };

    // Not an admin, or no session: refused, nothing written.
    expect(
      (await adminAction("order", { ...base, amount: "500", requestKey: crypto.randomUUID() }, staff)).status,
    ).toBe(403);
    expect(
      (await adminAction("order", { ...base, amount: "500", requestKey: crypto.randomUUID() }, null)).status,
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
      confirmed: "yes",
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
      confirmed: "yes",
      kind: "order",
      id: o.id,
      amount: "100",
      reason: "Goodwill",
      requestKey: crypto.randomUUID(),
    });
    expect(noRef.body.message).toBe("Enter the bank or UPI reference of the money paid back.");
    const ok = await adminAction("order", {
      intent: "refund",
      confirmed: "yes",
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

describe("a refund asks first, then e-mails the shopper (issue 27)", () => {
  it("is refused without the confirmation's yes; nothing is refunded", async () => {
    const p = await makeProduct();
    const placed = await place([productLine(p.id)]);
    const o = await orderOf(placed);
    await deliver("order", o.id);
    const fields = {
      intent: "refund",
      kind: "order",
      id: o.id,
      amount: "100",
      reason: "Goodwill",
      reference: "UPI 1",
      requestKey: crypto.randomUUID(),
    };
    for (const confirmed of [undefined, "", "no", "YES"]) {
      const r = await adminAction("order", confirmed === undefined ? fields : { ...fields, confirmed });
      expect(r.status).toBe(400);
    }
    expect(await refundsOf(o.id)).toHaveLength(0);
  });

  it("asks on the refund page of its own (no JavaScript needed): the question first, the refund only on yes", async () => {
    const p = await makeProduct();
    const o = await orderOf(await place([productLine(p.id)]));
    await deliver("order", o.id);
    const path = `/admin/refund?kind=order&id=${o.id}`;
    const page = await outcome(() => refundPageRoute.loader(routeArgs(admin.request(path))));
    expect(page.body.order).toMatchObject({ customerName: o.customerName, left: o.totalAmount });
    // No session: the sign-in page.
    expect((await outcome(() => refundPageRoute.loader(routeArgs(shopRequest(path))))).status).toBe(302);
    await expect(
      refundPageRoute.loader(routeArgs(admin.request("/admin/refund?kind=order&id=x"))),
    ).rejects.toMatchObject({ init: { status: 404 } });
    const post = (form: Record<string, string>, who: AdminSession | null = admin) =>
      outcome(() =>
        refundPageRoute.action(routeArgs(who ? who.request(path, { form }) : shopRequest(path, { form }))),
      );
    const fields = {
      intent: "refund",
      kind: "order",
      id: o.id,
      amount: "150",
      reason: "Goodwill",
      reference: "UPI 4455",
      requestKey: page.body.requestKey as string,
    };
    // The first post asks: the question names the amount and the shopper, and carries every field.
    const asked = await post(fields);
    expect(asked.status).toBe(200);
    expect(asked.body.confirm).toEqual({ fields, amount: 150, customerName: o.customerName });
    expect(await refundsOf(o.id)).toHaveLength(0);
    // More than is left is refused at the question already; staff and strangers cannot post at all.
    expect((await post({ ...fields, amount: String(o.totalAmount + 1) })).status).toBe(409);
    expect((await post(fields, staff)).status).toBe(403);
    expect((await post(fields, null)).status).toBe(401);
    // Yes refunds, once (the form's key), and says so.
    const done = await post({ ...asked.body.confirm.fields, confirmed: "yes" });
    expect(done.body).toMatchObject({ ok: true, message: "Refund started.", done: true });
    await post({ ...asked.body.confirm.fields, confirmed: "yes" });
    expect(await refundsOf(o.id)).toEqual([
      expect.objectContaining({ amount: 150, method: "manual", reference: "UPI 4455" }),
    ]);
  });

  it("mails the shopper once, with the credit note attached and linked when the order has an invoice", async () => {
    await setGstin(SHOP_GSTIN);
    const p = await makeProduct();
    const placed = await place([productLine(p.id)]);
    const o = await orderOf(placed);
    await deliver("order", o.id);
    expect((await adminIssueInvoice("order", o.id, admin.actor)).ok).toBe(true);
    const key = crypto.randomUUID();
    const fields = {
      intent: "refund",
      confirmed: "yes",
      kind: "order",
      id: o.id,
      amount: "500",
      reason: "Dimmer missing",
      reference: "UPI 4455",
      requestKey: key,
    };
    expect((await adminAction("order", fields)).status).toBe(200);
    expect((await adminAction("order", fields)).status).toBe(200); // the same form again: one refund
    await runQueuedJobs();
    const raw = mailbox.rawMails(`refund-mail-`);
    const mine = raw.filter((m) => m.includes(o.customerEmail));
    expect(mine).toHaveLength(1);
    const text = emlText(mine[0]!);
    expect(text).toContain(`We have refunded ₹500 for your order ${displayId("order", o.id)}.`);
    expect(text).toContain("(reference UPI 4455)");
    expect(text).toMatch(/Credit note CN\/[^ ]+ for this refund is attached/);
    expect(text).toMatch(
      new RegExp(`Download credit note [^:]+: ${ORIGIN}/orders/${o.accessToken}/documents/[0-9a-f-]{36}`),
    );
    expect(text).toContain(`View your order: ${ORIGIN}/orders/${o.accessToken}`);
    expect(mine[0]).toMatch(/Content-Type: application\/pdf; name=.*\.pdf/);
    expect(mine[0]).toContain("Content-Disposition: attachment");
  });

  it("mails the shopper of an online order once Razorpay has processed the refund, without a credit note when there is no invoice", async () => {
    await setGstin(null);
    const p = await makeProduct({ mediumPrice: 2500 });
    const placed = await place([productLine(p.id)], "razorpay");
    await payOnline(fake, placed);
    const o = await orderOf(placed);
    fake.state.refundStatus = "processed";
    const r = await adminAction("order", {
      intent: "refund",
      confirmed: "yes",
      kind: "order",
      id: o.id,
      amount: "700",
      reason: "Late delivery",
      requestKey: crypto.randomUUID(),
    });
    expect(r.status).toBe(200);
    await runQueuedJobs();
    fake.state.refundStatus = "pending";
    const mine = mailbox.rawMails("refund-mail-").filter((m) => m.includes(o.customerEmail));
    expect(mine).toHaveLength(1);
    const text = emlText(mine[0]!);
    expect(text).toContain("We have refunded ₹700");
    // The one refund time the shop states everywhere (settings/shop-promises.ts, the Return Policy's words).
    expect(text).toContain(`your bank shows it within ${REFUND_TIME}`);
    expect(text).not.toContain("Credit note");
    expect(mine[0]).not.toContain("application/pdf");
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
    expect(bad.body.fieldErrors?.details).toContain("at least 10 characters");
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
    expect(twice.body.message).toBe("A return for this order is already in progress.");

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
      confirmed: "yes",
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
    const steps = mailbox.files(`return-${ret!.id}-`);
    // requested, approved, received; the refund is told once, by the refund's own mail (issue 42).
    expect(steps).toHaveLength(3);
    const refundMails = mailbox.mails("refund-mail-");
    expect(refundMails.filter((m) => m.includes("This completes your return."))).toHaveLength(1);
    const approvedMail = mailbox.mails(`return-${ret!.id}-approved`);
    expect(approvedMail).toHaveLength(1);
    expect(approvedMail[0]).toContain("Pickup on Friday");
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(history.filter((h) => h.field === "return").map((h) => h.toValue)).toEqual([
      "requested",
      "approved",
      "received",
      "refunded",
    ]);
  });

  it("a finished return is finished: refunded in full, no return is offered or taken, the order says Refunded, and staff's inspection note stays staff-only (issue 42)", async () => {
    const p = await makeProduct({ stockQuantity: 10 });
    const placed = await place([productLine(p.id)]);
    const o = await orderOf(placed);
    await deliver("order", o.id, 1);
    const token = o.accessToken;
    const ask = { intent: "return", reason: "defective", details: "It flickers from the first night." };
    expect((await shopperAction(token, ask)).status).toBe(200);
    const [ret] = await db().select().from(returnRequests).where(eq(returnRequests.orderId, o.id));
    const decide = (fields: Record<string, string>) =>
      adminAction("order", { intent: "return-decide", returnId: ret!.id, ...fields });
    expect((await decide({ to: "approved", note: "Our courier collects it on Monday" })).status).toBe(200);
    const inspection = "Internal: transformer burnt, supplier batch 7";
    expect((await decide({ to: "received", resaleable: "no", note: inspection })).status).toBe(200);
    const refund = await adminAction("order", {
      intent: "refund",
      confirmed: "yes",
      kind: "order",
      id: o.id,
      amount: String(o.totalAmount),
      reason: "Returned item",
      reference: "UPI 5566",
      returnId: ret!.id,
      requestKey: crypto.randomUUID(),
    });
    expect(refund.status).toBe(200);

    const page = await outcome(() =>
      orderPageRoute.loader(
        routeArgs(shopRequest(`/orders/${token}`), { token }, { clientIp: "203.0.113.51" }),
      ),
    );
    const order = (
      page.body as { order: { returnForm: unknown; statusLabel: string; returns: { note: string | null }[] } }
    ).order;
    expect(order.returnForm).toBeNull();
    expect(order.statusLabel).toBe("Refunded");
    expect(JSON.stringify(order)).not.toContain(inspection);
    expect(order.returns[0]!.note).toBeNull();
    // A second return is refused, from the shopper and from staff alike.
    const again = await shopperAction(token, { ...ask, details: "Asking for a second return now." });
    expect(again.body.message).toBe("This order has been refunded in full: there is nothing left to return.");
    const byStaff = await adminAction("order", {
      intent: "return-create",
      kind: "order",
      id: o.id,
      reason: "defective",
      details: "Entered by staff a second time.",
    });
    expect(byStaff.status).toBe(409);
    expect(await db().select().from(returnRequests).where(eq(returnRequests.orderId, o.id))).toHaveLength(1);
    await runQueuedJobs();
    const mails = mailbox.mails(`return-${ret!.id}-`).join("\n");
    expect(mails).toContain("Our courier collects it on Monday");
    expect(mails).not.toContain(inspection);
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
    expect(changed.body.message).toContain("Custom signs are made to your design");
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
    expect(late.body.message).toContain("within 7 days of delivery");
    const undelivered = await place([productLine(p.id)]);
    const u = await orderOf(undelivered);
    const early = await shopperAction(u.accessToken, {
      intent: "return",
      reason: "defective",
      details: "Not here yet but broken?",
    });
    expect(early.body.message).toBe("A return can be asked for once the order has been delivered.");
    expect(await countRows(returnRequests, eq(returnRequests.orderId, u.id))).toBe(0);
  });
});
