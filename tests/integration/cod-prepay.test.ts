import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as orderPageAction } from "~/features/order-page/routes/order-page";
import { sweepCodConfirmations } from "~/features/cod-confirmation/cod-confirmation.server";
import { prepayOfferForOrder } from "~/features/payments/cod-prepay.server";
import { verifyPayment } from "~/features/checkout/payment-verify.server";
import { ONLINE_PAYMENT_DISCOUNT } from "~/features/payments/cod-prepay";
import {
  DEFAULT_PREPAID_RULES,
  RISK_PREPAID_MESSAGE,
  type PrepaidRules,
} from "~/features/settings/cod-settings";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { codConfirmations } from "~/features/cod-confirmation/tables.server";
import { orderStatusHistory, orders } from "~/features/order-lifecycle/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { adminSession, shopRequest } from "../support/admin-session";
import { makeCategory, makeProduct, newShopper, productLine, stockOf } from "../support/checkout-fixtures";
import { fakeRazorpayEnv, startFakeRazorpay } from "../support/fake-razorpay";
import {
  insertOrder,
  NO_ORDER_LIMITS,
  postCheckout,
  postQuote,
  sendWebhook,
  signedPayment,
} from "../support/orders";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// Issue 30: "Pay now instead" turns an unconfirmed COD order into a prepaid one (same orders, same stock, COD
// charge dropped, the online-payment discount taken, priced by the server); the online-payment discount at
// checkout; and cash on delivery refused from an RTO risk level.
const fake = await startFakeRazorpay();
setupTestDatabase({ ...NO_ORDER_LIMITS, ...fakeRazorpayEnv(fake) });
afterAll(() => fake.close());
afterAll(() => runQueuedJobs());

let productId = "";
let actor: Actor;
beforeAll(async () => {
  productId = (await makeProduct(await makeCategory(), { stockQuantity: 100, mediumPrice: 2_499 })).id;
  actor = (await adminSession("owner@example.com")).actor;
});

async function setPrepaid(rules: Partial<PrepaidRules>) {
  const { settings, version } = await loadShopSettings();
  const saved = await saveShopSettings(
    { ...settings, prepaid: { ...DEFAULT_PREPAID_RULES, prepaidPins: [], ...rules } },
    actor,
    version,
  );
  expect(saved.ok).toBe(true);
}

async function placeCod(shopper = newShopper()) {
  const r = await postCheckout([productLine(productId)], { shopper });
  expect(r.status).toBe(201);
  const checkoutId = (r.body.checkout as { checkoutId: string }).checkoutId;
  const [order] = await db().select().from(orders).where(eq(orders.checkoutId, checkoutId));
  return { checkoutId, order: order! };
}

const press = (token: string, intent: string) => {
  const body = new FormData();
  body.set("intent", intent);
  return outcome(
    callRoute(
      orderPageAction,
      shopRequest(`/orders/${token}`, { form: body }),
      { token },
      { clientIp: "198.51.100.30" },
    ),
  );
};

const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const historyCount = async (id: string) =>
  (await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).length;

function capturedWebhook(razorpayOrderId: string, paymentId: string, amountPaise: number) {
  return JSON.stringify({
    entity: "event",
    event: "payment.captured",
    contains: ["payment"],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          order_id: razorpayOrderId,
          amount: amountPaise,
          currency: "INR",
          status: "captured",
        },
      },
    },
  });
}

describe("pay now instead", () => {
  it("converts the same order to prepaid at the server's price, only once it is paid, and once", async () => {
    await setPrepaid({ prepaidDiscount: 40 });
    const { checkoutId, order } = await placeCod();
    expect(order.codFee).toBe(50);
    const stockAfterOrder = await stockOf(productId);
    const offer = await prepayOfferForOrder(order.accessToken);
    expect(offer).toEqual({ amount: order.totalAmount - 90, saving: 90 });

    const opened = await press(order.accessToken, "prepay");
    expect(opened.status).toBe(200);
    const handoff = opened.body.handoff as { razorpayOrderId: string; amountPaise: number };
    expect(handoff.amountPaise).toBe((order.totalAmount - 90) * 100);
    // Pressed again: the same gateway order; nothing about the order changed yet.
    const again = await press(order.accessToken, "prepay");
    expect(again.body.handoff.razorpayOrderId).toBe(handoff.razorpayOrderId);
    expect(await orderRow(order.id)).toMatchObject({ paymentMethod: "cod", codFee: 50, status: "pending" });

    // A forged signature changes nothing.
    const forged = await verifyPayment(signedPayment(handoff.razorpayOrderId, "pay_forged", "wrong-secret"));
    expect(forged.ok).toBe(false);
    expect((await orderRow(order.id)).paymentMethod).toBe("cod");

    const payment = fake.addPayment(handoff.razorpayOrderId);
    const verified = await verifyPayment(signedPayment(handoff.razorpayOrderId, payment.id));
    expect(verified.ok).toBe(true);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      status: "confirmed",
      codFee: 0,
      offerDiscount: 40,
      offerNames: ONLINE_PAYMENT_DISCOUNT,
      totalAmount: order.totalAmount - 90,
      razorpayPaymentId: payment.id,
    });
    const [c] = await db().select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(c).toMatchObject({
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      totalAmount: order.totalAmount - 90,
    });
    const [conf] = await db()
      .select()
      .from(codConfirmations)
      .where(eq(codConfirmations.checkoutId, checkoutId));
    expect(conf?.state).toBe("confirmed");
    expect(conf?.prepaidAt).not.toBeNull();
    // Same stock: nothing taken or given back.
    expect(await stockOf(productId)).toBe(stockAfterOrder);

    // Replays: the signature again, the webhook, the page's button: nothing changes.
    const rows = await historyCount(order.id);
    expect((await verifyPayment(signedPayment(handoff.razorpayOrderId, payment.id))).ok).toBe(true);
    const body = capturedWebhook(handoff.razorpayOrderId, payment.id, handoff.amountPaise);
    expect(await sendWebhook(body, "evt_prepay_1")).toMatchObject({ status: 200 });
    expect((await press(order.accessToken, "prepay")).status).toBe(409);
    expect(await historyCount(order.id)).toBe(rows);
    expect(await orderRow(order.id)).toMatchObject({
      totalAmount: order.totalAmount - 90,
      offerDiscount: 40,
    });
    // The clock never cancels it.
    await sweepCodConfirmations(new Date(Date.now() + 500 * 3_600_000));
    expect((await orderRow(order.id)).status).toBe("confirmed");
  });

  it("is settled by the webhook too, and a wrong amount in the webhook changes nothing", async () => {
    await setPrepaid({ prepaidDiscount: 0 });
    const { order } = await placeCod();
    const opened = await press(order.accessToken, "prepay");
    const handoff = opened.body.handoff as { razorpayOrderId: string; amountPaise: number };
    expect(handoff.amountPaise).toBe((order.totalAmount - 50) * 100);
    const payment = fake.addPayment(handoff.razorpayOrderId);
    await sendWebhook(capturedWebhook(handoff.razorpayOrderId, payment.id, 100), "evt_prepay_wrong");
    expect((await orderRow(order.id)).paymentMethod).toBe("cod");
    await sendWebhook(
      capturedWebhook(handoff.razorpayOrderId, payment.id, handoff.amountPaise),
      "evt_prepay_ok",
    );
    expect(await orderRow(order.id)).toMatchObject({
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      codFee: 0,
      totalAmount: order.totalAmount - 50,
    });
  });

  it("is not offered once the order is answered, nor for online orders", async () => {
    const a = await placeCod();
    expect((await press(a.order.accessToken, "cod-confirm")).status).toBe(200);
    expect(await prepayOfferForOrder(a.order.accessToken)).toBeNull();
    expect((await press(a.order.accessToken, "prepay")).status).toBe(409);
    const b = await placeCod();
    expect((await press(b.order.accessToken, "cod-cancel")).status).toBe(200);
    expect((await press(b.order.accessToken, "prepay")).status).toBe(409);
    const online = await postCheckout([productLine(productId)], { method: "razorpay" });
    const [o] = await db()
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, (online.body.checkout as { checkoutId: string }).checkoutId));
    expect((await press(o!.accessToken, "prepay")).status).toBe(409);
  });

  it("puts the auto-cancel back so the payment window can finish", async () => {
    const { checkoutId, order } = await placeCod();
    await db()
      .update(codConfirmations)
      .set({ remindAt: new Date(Date.now() - 120_000), cancelAt: new Date(Date.now() + 60_000) })
      .where(eq(codConfirmations.checkoutId, checkoutId));
    expect((await press(order.accessToken, "prepay")).status).toBe(200);
    const [conf] = await db()
      .select()
      .from(codConfirmations)
      .where(eq(codConfirmations.checkoutId, checkoutId));
    expect(conf!.cancelAt.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });
});

describe("online-payment discount at checkout", () => {
  it("comes off online orders after the offers, is stored with them, and says what paying online saves", async () => {
    await setPrepaid({ prepaidDiscount: 100 });
    const quote = async (paymentMethod: string) =>
      (await postQuote({ items: [productLine(productId)], pincode: "700016", paymentMethod })).body;
    const cod = await quote("cod");
    const online = await quote("razorpay");
    expect(cod.codFee).toBe(50);
    expect(online.totalAmount).toBe((cod.totalAmount as number) - 150);
    expect(online.offers).toEqual({ names: ONLINE_PAYMENT_DISCOUNT, amount: 100 });
    expect(cod.onlineSaving).toBe(150);
    const placed = await postCheckout([productLine(productId)], { method: "razorpay" });
    const checkoutId = (placed.body.checkout as { checkoutId: string }).checkoutId;
    const [o] = await db().select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(o).toMatchObject({ offerDiscount: 100, offerNames: ONLINE_PAYMENT_DISCOUNT, codFee: 0 });
    expect(o!.totalAmount).toBe(online.totalAmount);
    await setPrepaid({});
  });
});

describe("pay online only from an RTO risk level", () => {
  it("the quote and the checkout refuse COD for a shopper whose earlier order came back, not for others", async () => {
    const risky = newShopper();
    await insertOrder({
      customerPhone: `+91${risky.phone}`,
      customerEmail: risky.email,
      status: "rto",
      createdAt: new Date(Date.now() - 30 * 86_400_000),
    });
    await setPrepaid({ prepaidRiskLevel: "medium" });
    try {
      const quote = async (s: typeof risky) =>
        (
          await postQuote({
            items: [productLine(productId)],
            pincode: s.pincode,
            paymentMethod: "cod",
            phone: s.phone,
            email: s.email,
            address1: s.address1,
          })
        ).body.codRefusal;
      expect(await quote(risky)).toBe(RISK_PREPAID_MESSAGE);
      expect(await quote(newShopper())).toBeNull();
      const before = await stockOf(productId);
      const refused = await postCheckout([productLine(productId)], { shopper: risky });
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toContain(RISK_PREPAID_MESSAGE);
      expect(await stockOf(productId)).toBe(before);
      expect(
        (await postCheckout([productLine(productId)], { shopper: risky, method: "razorpay" })).status,
      ).toBe(201);
      expect((await postCheckout([productLine(productId)])).status).toBe(201);
      // "High" only: one RTO (3 points) is medium, so the same shopper may pay on delivery.
      await setPrepaid({ prepaidRiskLevel: "high" });
      expect(await quote(risky)).toBeNull();
    } finally {
      await setPrepaid({});
    }
  });
});
