import { and, desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as staffAction, loader as staffLoader } from "~/features/channels/routes/admin-staff-order";
import {
  action as orderPageAction,
  loader as orderPageLoader,
} from "~/features/order-page/routes/order-page";
import { verifyPayment } from "~/features/checkout/payment-verify.server";
import { sweepPayLinks } from "~/features/channels/pay-link-messages.server";
import {
  PAY_LINK_EXPIRED_MESSAGE,
  PAY_LINK_SOLD_OUT_MESSAGE,
} from "~/features/order-lifecycle/pay-link-state";
import { db } from "~/platform/db/client.server";
import { auditLog, messageDeliveries } from "~/platform/db/tables.server";
import { checkouts } from "~/features/checkout/tables.server";
import { products } from "~/features/catalog/tables.server";
import { payLinks } from "~/features/payments/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import { quoteRef } from "~/features/logo-quotes/logo-quotes";
import {
  openQuotes,
  priceLogoQuote,
  quoteByToken,
  requestLogoQuote,
} from "~/features/logo-quotes/logo-quotes.server";
import { codConfirmations } from "~/features/cod-confirmation/tables.server";
import { DEFAULT_PREPAID_RULES } from "~/features/settings/cod-settings";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { listOrders } from "~/features/orders/admin-order-list.server";
import { parseOrderFilters } from "~/features/orders/order-filters";
import { dailyFigures } from "~/features/dashboard/routes/admin-dashboard.server";
import { todayInIndia } from "~/shared/ist-dates";
import { adminSession, shopRequest, type AdminSession } from "../support/admin-session";
import {
  checkoutForm,
  customLine,
  makeCategory,
  makeProduct,
  newShopper,
  productLine,
  stockOf,
} from "../support/checkout-fixtures";
import { fakeRazorpayEnv, startFakeRazorpay } from "../support/fake-razorpay";
import { NO_ORDER_LIMITS, signedPayment } from "../support/orders";
import { outbox } from "../support/outbox";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// Issue 46: orders staff make in chats, with a pay link paid on the shop's own order page.
const fake = await startFakeRazorpay();
const testDb = setupTestDatabase({ ...NO_ORDER_LIMITS, ...fakeRazorpayEnv(fake) });
afterAll(() => fake.close());
afterAll(() => runQueuedJobs());

let categoryId = "";
let productId = "";
let owner: AdminSession;
let operations: AdminSession;
beforeAll(async () => {
  categoryId = await makeCategory();
  productId = (await makeProduct(categoryId, { stockQuantity: 10, mediumPrice: 2_500, mediumMrp: 3_000 })).id;
  owner = await adminSession(undefined, { role: "owner" });
  operations = await adminSession(undefined, { role: "operations" });
});

type Fields = Record<string, string>;
const orderFields = (items: unknown[], more: Fields = {}): Fields => {
  const f = checkoutForm(newShopper(), "razorpay");
  return {
    intent: "create",
    chatApp: "whatsapp",
    items: JSON.stringify(items),
    ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)])),
    ...more,
  };
};

const post = (who: AdminSession, fields: Fields) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return outcome(
    callRoute(staffAction, who.request("/admin/orders/new", { form }), {}, { clientIp: "203.0.113.9" }),
  );
};

/** Make a staff order as this member; its checkout, first order and page token. */
async function makeOrder(who: AdminSession, items: unknown[], more: Fields = {}) {
  const r = await post(who, orderFields(items, more));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const checkoutId = r.body.made.checkoutId as string;
  const token = (r.body.made.url as string).split("/orders/")[1]!;
  return { checkoutId, token, total: r.body.made.total as number };
}

const press = (token: string) => {
  const body = new FormData();
  body.set("intent", "pay-link");
  return outcome(
    callRoute(
      orderPageAction,
      shopRequest(`/orders/${token}`, { form: body }),
      { token },
      { clientIp: "198.51.100.46" },
    ),
  );
};

/** The shopper presses Pay and the fake gateway takes the payment; the shop verifies the signed answer. */
async function pay(token: string) {
  const started = await press(token);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const razorpayOrderId = started.body.handoff.razorpayOrderId as string;
  const payment = fake.addPayment(razorpayOrderId);
  return verifyPayment(signedPayment(razorpayOrderId, payment.id));
}

const ordersOf = (checkoutId: string) => db().select().from(orders).where(eq(orders.checkoutId, checkoutId));
const linkOf = async (checkoutId: string) =>
  (await db().select().from(payLinks).where(eq(payLinks.checkoutId, checkoutId)))[0]!;

describe("who may make chat orders", () => {
  it("refuses roles without 'change orders' (catalogue, accounts), page and action alike", async () => {
    for (const role of ["catalogue", "accounts"] as const) {
      const s = await adminSession(undefined, { role });
      const page = await outcome(callRoute(staffLoader, s.request("/admin/orders/new")));
      expect(page.status).toBe(403);
      const made = await post(s, orderFields([productLine(productId)]));
      expect(made.status).toBe(403);
    }
    expect((await db().select().from(payLinks)).length).toBe(0);
  });
});

describe("a chat order", () => {
  it("is priced by the server (a tampered price is ignored), awaits payment and takes no stock", async () => {
    const before = await stockOf(productId);
    const { checkoutId } = await makeOrder(operations, [productLine(productId, { price: 1, quantity: 2 })]);
    const [o] = await ordersOf(checkoutId);
    expect(o!.subtotal).toBe(5_000);
    expect(o!.channel).toBe("chat");
    expect(o!.chatApp).toBe("whatsapp");
    expect(o!.paymentStatus).toBe("pending");
    expect(o!.stockReleasedAt).not.toBeNull();
    const [c] = await db().select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(c!.totalAmount).toBe(o!.totalAmount);
    expect(c!.holdExpiresAt).toBeNull();
    expect(await stockOf(productId)).toBe(before);
    // Purchase Details lists it (not hidden with abandoned online attempts), with its channel and state.
    const list = await listOrders(parseOrderFilters(new URLSearchParams({ q: o!.customerEmail })).filters);
    expect(list.rows.map((r) => r.channelNote)).toEqual(["Chat (WhatsApp): Awaiting payment"]);
  });

  it("checks the address as the checkout does", async () => {
    const r = await post(
      operations,
      orderFields([productLine(productId)], { pincode: "12345", email: "nope" }),
    );
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fieldErrors)).toEqual(expect.arrayContaining(["pincode", "email"]));
  });

  it("refuses a discount above the limit unless the Owner makes it, and records the reason", async () => {
    const over = { discount: "300", discountReason: "Regular customer" }; // limit 10% of ₹2,500 = ₹250
    const refused = await post(operations, orderFields([productLine(productId)], over));
    expect(refused.status).toBe(422);
    expect(refused.body.fieldErrors.discount).toMatch(/^A discount above 10% needs the Owner's approval/);
    const noReason = await post(operations, orderFields([productLine(productId)], { discount: "100" }));
    expect(noReason.body.fieldErrors.discountReason).toBe("Give the reason for the discount.");

    const ok = await makeOrder(operations, [productLine(productId)], {
      discount: "250",
      discountReason: "Festival",
    });
    expect((await linkOf(ok.checkoutId)).approvedBy).toBeNull();

    const byOwner = await makeOrder(owner, [productLine(productId)], over);
    const [o] = await ordersOf(byOwner.checkoutId);
    expect(o!.offerNames).toContain("Staff discount");
    expect(o!.offerDiscount).toBeGreaterThanOrEqual(300);
    expect((await linkOf(byOwner.checkoutId)).approvedBy).toBe(owner.email);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff-order"), eq(auditLog.subject, byOwner.checkoutId)));
    expect(audit!.after).toMatchObject({
      staffDiscount: 300,
      discountReason: "Regular customer",
      ownerApproved: true,
    });
  });
});

describe("the pay link", () => {
  it("takes the stock at payment, then the order goes on as any paid order", async () => {
    const before = await stockOf(productId);
    const { checkoutId, token } = await makeOrder(operations, [
      productLine(productId),
      customLine("Chai Corner"),
    ]);
    expect(await stockOf(productId)).toBe(before);
    const v = await pay(token);
    expect(v.ok).toBe(true);
    expect(await stockOf(productId)).toBe(before - 1);
    const [o] = await ordersOf(checkoutId);
    expect(o).toMatchObject({ paymentStatus: "paid", status: "pending", stockReleasedAt: null });
    const [custom] = await db()
      .select()
      .from(customNeonOrders)
      .where(eq(customNeonOrders.checkoutId, checkoutId));
    expect(custom).toMatchObject({ paymentStatus: "paid", channel: "chat", stockReleasedAt: null });
    const mails = await db()
      .select()
      .from(messageDeliveries)
      .where(sql`${messageDeliveries.dedupeKey} like ${`%${checkoutId}%`}`);
    expect(mails.map((m) => m.dedupeKey)).toContain(`order-confirmation:${checkoutId}`);
    // Paid: the link takes no second payment.
    const again = await press(token);
    expect(again.status).toBe(409);
  });

  it("refuses payment once expired; the sweep cancels the order, which held no stock", async () => {
    const before = await stockOf(productId);
    const { checkoutId, token } = await makeOrder(operations, [productLine(productId)]);
    await db()
      .update(payLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(payLinks.checkoutId, checkoutId));
    const r = await press(token);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(PAY_LINK_EXPIRED_MESSAGE);
    await sweepPayLinks();
    expect((await linkOf(checkoutId)).expiredAt).not.toBeNull();
    expect((await ordersOf(checkoutId))[0]!.status).toBe("cancelled");
    expect(await stockOf(productId)).toBe(before);
    const page = await outcome(
      callRoute(orderPageLoader, shopRequest(`/orders/${token}`), { token }, { clientIp: "198.51.100.47" }),
    );
    expect(page.body.payLink.state).toBe("expired");
  });

  it("paid after the pieces sold out: the orders are cancelled, a refund is due and no mail goes", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 1 });
    const { checkoutId, token } = await makeOrder(operations, [productLine(p.id)]);
    const started = await press(token);
    expect(started.status).toBe(200);
    await db().update(products).set({ stockQuantity: 0 }).where(eq(products.id, p.id)); // sold on the website meanwhile
    const razorpayOrderId = started.body.handoff.razorpayOrderId as string;
    const v = await verifyPayment(signedPayment(razorpayOrderId, fake.addPayment(razorpayOrderId).id));
    expect(v.ok).toBe(false);
    expect(await stockOf(p.id)).toBe(0);
    const [o] = await ordersOf(checkoutId);
    expect(o).toMatchObject({ status: "cancelled", paymentStatus: "paid" });
    expect((await linkOf(checkoutId)).soldOutAt).not.toBeNull();
    const confirmations = await db()
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.dedupeKey, `order-confirmation:${checkoutId}`));
    expect(confirmations).toHaveLength(0);
    const page = await outcome(
      callRoute(orderPageLoader, shopRequest(`/orders/${token}`), { token }, { clientIp: "198.51.100.48" }),
    );
    expect(page.body.payLink.state).toBe("sold-out");
    expect(PAY_LINK_SOLD_OUT_MESSAGE).toMatch(/refund/);
  });

  it("cannot be paid once the order is cancelled", async () => {
    const { checkoutId, token } = await makeOrder(operations, [productLine(productId)]);
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.checkoutId, checkoutId));
    const r = await press(token);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("This order is cancelled. Please message us for a new link.");
  });

  it("says a piece sold out before the payment window opens", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 1 });
    const { token } = await makeOrder(operations, [productLine(p.id)]);
    await db().update(products).set({ stockQuantity: 0 }).where(eq(products.id, p.id));
    const r = await press(token);
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/sold out since this link was made/);
  });

  it("pays only its own order", async () => {
    const a = await makeOrder(operations, [productLine(productId)]);
    const b = await makeOrder(operations, [productLine(productId)]);
    expect((await pay(a.token)).ok).toBe(true);
    expect((await ordersOf(a.checkoutId))[0]!.paymentStatus).toBe("paid");
    expect((await ordersOf(b.checkoutId))[0]!.paymentStatus).toBe("pending");
    const handoffB = await press(b.token);
    const handoffA = await press(a.token);
    expect(handoffA.status).toBe(409);
    expect(handoffB.body.handoff.razorpayOrderId).not.toBe(
      (await db().select().from(checkouts).where(eq(checkouts.id, a.checkoutId)))[0]!.razorpayOrderId,
    );
  });

  it("is sent by WhatsApp and e-mail once each, and reminds once before it expires", async () => {
    const box = outbox(testDb.dataDir);
    const { checkoutId } = await makeOrder(operations, [productLine(productId)]);
    const send = (via: string) => post(operations, { intent: "send", checkoutId, via });
    expect((await send("whatsapp")).status).toBe(200);
    expect((await send("email")).status).toBe(200);
    expect((await send("whatsapp")).status).toBe(409);
    await runQueuedJobs();
    const key = checkoutId;
    const link = box.messages(`pay-link-link-whatsapp-${key}`);
    expect(link).toHaveLength(1);
    expect(JSON.stringify(link[0])).toMatch(/pay_link".*\/orders\/[0-9a-f]{64}/s);
    expect(box.mails(`pay-link-link-email-${key}`)[0]).toMatch(/Check and pay your order/);

    await db()
      .update(payLinks)
      .set({ remindAt: sql`now() - interval '1 minute'` })
      .where(eq(payLinks.checkoutId, checkoutId));
    const first = await sweepPayLinks();
    const second = await sweepPayLinks();
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect(second.reminded).toBe(0);
    await runQueuedJobs();
    expect(box.mails(`pay-link-reminder-email-${key}`)).toHaveLength(1);
    expect(box.messages(`pay-link-reminder-whatsapp-${key}`)).toHaveLength(1);
  });
});

describe("the dashboard", () => {
  it("counts sales by channel: a paid chat order is chat, not website; an unpaid one is not counted", async () => {
    const today = todayInIndia();
    const [before] = await dailyFigures(today, today, false);
    const paid = await makeOrder(operations, [productLine(productId)]);
    await makeOrder(operations, [productLine(productId)]); // awaiting payment: an online attempt, not a sale
    expect((await pay(paid.token)).ok).toBe(true);
    const [after] = await dailyFigures(today, today, false);
    expect(after!.chatOrders - before!.chatOrders).toBe(1);
    expect(after!.chatRevenue - before!.chatRevenue).toBe(paid.total);
    expect(after!.websiteOrders).toBe(before!.websiteOrders);
  });
});

describe("cash on delivery instead", () => {
  const chooseCod = (token: string) => {
    const body = new FormData();
    body.set("intent", "pay-link-cod");
    return outcome(
      callRoute(
        orderPageAction,
        shopRequest(`/orders/${token}`, { form: body }),
        { token },
        { clientIp: "198.51.100.49" },
      ),
    );
  };

  it("where the rules allow it: the orders become COD orders at the price fixed with the link, stock taken then", async () => {
    const before = await stockOf(productId);
    const { checkoutId, token } = await makeOrder(operations, [productLine(productId)]);
    const link = await linkOf(checkoutId);
    expect(link.codPlan).not.toBeNull();
    expect(await stockOf(productId)).toBe(before);
    const r = await chooseCod(token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await stockOf(productId)).toBe(before - 1);
    const [c] = await db().select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(c).toMatchObject({ paymentMethod: "cod", totalAmount: link.codPlan!.total });
    const [o] = await ordersOf(checkoutId);
    expect(o).toMatchObject({
      paymentMethod: "cod",
      status: "pending",
      stockReleasedAt: null,
      totalAmount: link.codPlan!.orders[0]!.totalAmount,
      codFee: link.codPlan!.orders[0]!.codFee,
    });
    const [conf] = await db()
      .select()
      .from(codConfirmations)
      .where(eq(codConfirmations.checkoutId, checkoutId));
    expect(conf?.state).toBe("awaiting");
    // Its time running out changes nothing now, and the link takes no online payment.
    await db()
      .update(payLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(payLinks.checkoutId, checkoutId));
    await sweepPayLinks();
    expect((await linkOf(checkoutId)).expiredAt).toBeNull();
    expect((await ordersOf(checkoutId))[0]!.status).toBe("pending");
    expect((await press(token)).status).toBe(409);
    expect((await chooseCod(token)).status).toBe(200); // a second press finds it done
    expect(await stockOf(productId)).toBe(before - 1);
  });

  it("is not offered where the shop's rules want the order paid online", async () => {
    const { settings, version } = await loadShopSettings();
    const saved = await saveShopSettings(
      { ...settings, prepaid: { ...DEFAULT_PREPAID_RULES, prepaidPins: [], prepaidAbove: 1_000 } },
      owner.actor,
      version,
    );
    expect(saved.ok).toBe(true);
    try {
      const { checkoutId, token } = await makeOrder(operations, [productLine(productId)]);
      expect((await linkOf(checkoutId)).codPlan).toBeNull();
      const r = await chooseCod(token);
      expect(r.status).toBe(409);
      expect(r.body.message).toBe("Cash on delivery is not available for this order. Please pay online.");
      expect((await ordersOf(checkoutId))[0]!.paymentMethod).toBe("razorpay");
    } finally {
      const now = await loadShopSettings();
      await saveShopSettings({ ...now.settings, prepaid: settings.prepaid }, owner.actor, now.version);
    }
  });
});

describe("a logo quote in a chat order", () => {
  const customer = {
    name: "Rhea Kapoor",
    phone: "+919812345678",
    email: "rhea.logo@example.in",
    size: "M" as const,
    notes: "The shop's name in white",
  };
  async function newQuote(price: number | null) {
    const logo = await sharp({ create: { width: 160, height: 80, channels: 4, background: "#22ccff" } })
      .png()
      .toBuffer();
    const r = await requestLogoQuote(customer, { bytes: logo }, "203.0.113.41");
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const [q] = await db()
      .select()
      .from(logoQuotes)
      .where(eq(logoQuotes.customerEmail, customer.email))
      .orderBy(desc(logoQuotes.createdAt))
      .limit(1);
    if (price !== null)
      expect(await priceLogoQuote({ id: q!.id, price, message: "" }, owner.actor)).toEqual({ ok: true });
    return q!;
  }
  const quoteRow = async (id: string) =>
    (await db().select().from(logoQuotes).where(eq(logoQuotes.id, id)))[0]!;
  const quoteOrder = async (checkoutId: string) =>
    (
      await db()
        .select()
        .from(customNeonOrders)
        .where(
          and(eq(customNeonOrders.checkoutId, checkoutId), eq(customNeonOrders.fontStyle, "Logo artwork")),
        )
    )[0]!;

  it("is offered on Chat Orders once priced, opened from the quote with its customer filled in", async () => {
    const waiting = await newQuote(null);
    const priced = await newQuote(4_200);
    const page = await outcome(
      callRoute(staffLoader, operations.request(`/admin/orders/new?quote=${priced.id}`)),
    );
    expect(page.status).toBe(200);
    const ids = (page.body.quotes as { id: string }[]).map((q) => q.id);
    expect(ids).toContain(priced.id);
    expect(ids).not.toContain(waiting.id);
    expect(page.body.quoteId).toBe(priced.id);
    expect(page.body.contact).toEqual({ name: customer.name, phone: customer.phone, email: customer.email });
    // A quote without a price, or one that does not exist, is refused by name; nothing is made.
    const before = (await db().select().from(payLinks)).length;
    for (const [id, message] of [
      [waiting.id, "This quote does not have a price yet."],
      ["0b4f3c64-52a9-4c8e-9d0a-3b1f9f1d2e77", "Quote not found."],
    ] as const) {
      const r = await post(operations, orderFields([], { quoteId: id }));
      expect(r.status).toBe(422);
      expect(r.body.fieldErrors.quoteId).toBe(message);
    }
    expect((await db().select().from(payLinks)).length).toBe(before);
    expect((await post(operations, orderFields([], { quoteId: "LQ1234" }))).status).toBe(400);
  });

  it("becomes a custom order at the quote's price with the logo as its picture, ordered once", async () => {
    const q = await newQuote(4_200);
    const { checkoutId } = await makeOrder(operations, [productLine(productId)], {
      quoteId: q.id,
      // A tampered line price is never read: the quote's price is.
      price: "1",
    });
    const custom = await quoteOrder(checkoutId);
    expect(custom).toMatchObject({
      basePrice: 4_200,
      size: "M",
      channel: "chat",
      previewImageKey: q.imageKey,
      makeWarnings: `Shopper's notes: ${customer.notes}`,
    });
    expect(await quoteRow(q.id)).toMatchObject({ state: "ordered", customOrderId: custom.id });
    expect((await ordersOf(checkoutId)).length).toBe(1); // the ready-made line in its own order
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, checkoutId), eq(auditLog.action, "staff-order")));
    expect(audit!.after).toMatchObject({ logoQuote: quoteRef(q.id) });
    // Ordered while its order stands: not by a second chat order, not from the quote's own page.
    const again = await post(operations, orderFields([], { quoteId: q.id }));
    expect(again.status).toBe(422);
    expect(again.body.fieldErrors.quoteId).toBe("This quote has already been ordered.");
    expect((await quoteByToken(q.accessToken))?.orderPath).toBe(`/orders/${custom.accessToken}`);
    expect((await openQuotes()).map((x) => x.id)).not.toContain(q.id);
  });

  it("two staff ordering the same quote at once: one order, the other refused", async () => {
    const q = await newQuote(2_800);
    const both = await Promise.all([
      post(operations, orderFields([], { quoteId: q.id })),
      post(owner, orderFields([], { quoteId: q.id })),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    const orders = await db()
      .select()
      .from(customNeonOrders)
      .where(eq(customNeonOrders.previewImageKey, q.imageKey));
    expect(orders).toHaveLength(1);
    expect((await quoteRow(q.id)).customOrderId).toBe(orders[0]!.id);
  });

  it("is freed when the link expires unpaid, then ordered alone and paid", async () => {
    const q = await newQuote(3_000);
    const first = await makeOrder(operations, [], { quoteId: q.id });
    await db()
      .update(payLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(payLinks.checkoutId, first.checkoutId));
    await sweepPayLinks();
    expect((await quoteOrder(first.checkoutId)).status).toBe("cancelled");
    expect((await openQuotes()).map((x) => x.id)).toContain(q.id);
    expect((await quoteByToken(q.accessToken))?.state).toBe("priced");

    const second = await makeOrder(operations, [], { quoteId: q.id });
    const v = await pay(second.token);
    expect(v.ok).toBe(true);
    const paid = await quoteOrder(second.checkoutId);
    expect(paid).toMatchObject({ paymentStatus: "paid", basePrice: 3_000 });
    expect(await quoteRow(q.id)).toMatchObject({ state: "ordered", customOrderId: paid.id });
    expect((await quoteByToken(q.accessToken))?.state).toBe("ordered");
  });
});
