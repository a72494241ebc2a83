import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db, type Tx } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { codConfirmations } from "~/features/cod-confirmation/tables.server";
import { invoices } from "~/features/invoices/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { logger } from "~/platform/logger.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { checkoutOfOrderToken, ordersOfCheckout } from "~/features/cod-confirmation/cod-orders.server";
import { settleByPrepayment } from "~/features/cod-confirmation/cod-confirmation.server";
import { createGatewayOrder, paymentGateway } from "./gateway.server";
import { markPaid } from "./mark-paid.server";
import type { PaymentHandoff } from "./payment-handoff";
import { prepaidNote, prepayPlan, withOnlineDiscountName, type PrepayPlan } from "./cod-prepay";

/*
 * "Pay now instead" (issue 30, decision 044): the order page of an unconfirmed COD checkout offers to pay it
 * online. The press fixes the price (COD charge dropped, online-payment discount taken: cod-prepay.ts) and opens a
 * gateway order for it; nothing about the orders changes until that payment is verified (signature or webhook),
 * when, in one transaction, the same orders become prepaid and paid and the confirmation is answered. A COD
 * shopper who closes the payment window still has their COD order.
 */

/** The payment window stays open at most this long; the auto-cancel waits at least as long after a press. */
const WINDOW_MINUTES = 15;

export type PrepayOffer = { amount: number; saving: number };

type Context = {
  checkoutId: string;
  plan: PrepayPlan;
  existing: { razorpayOrderId: string; amount: number; isTest: boolean } | null;
  prefill: PaymentHandoff["prefill"];
};

/**
 * The checkout of this order page when it can still be paid online instead: COD, awaiting its confirmation,
 * every order still waiting (pending or confirmed, none cancelled or in production), no invoice issued yet.
 */
async function prepayContext(token: string): Promise<Context | null> {
  const g = paymentGateway();
  if (g.mode === "off") return null;
  const checkoutId = await checkoutOfOrderToken(db(), token);
  if (!checkoutId) return null;
  const [c] = await db()
    .select({
      state: codConfirmations.state,
      prepaidAt: codConfirmations.prepaidAt,
      razorpayOrderId: codConfirmations.prepayRazorpayOrderId,
      amount: codConfirmations.prepayAmount,
      isTest: codConfirmations.prepayIsTest,
      method: checkouts.paymentMethod,
    })
    .from(codConfirmations)
    .innerJoin(checkouts, eq(checkouts.id, codConfirmations.checkoutId))
    .where(eq(codConfirmations.checkoutId, checkoutId));
  if (!c || c.state !== "awaiting" || c.prepaidAt || c.method !== "cod") return null;
  const list = await ordersOfCheckout(db(), checkoutId, false);
  if (list.length === 0 || list.some((o) => o.status !== "pending" && o.status !== "confirmed")) return null;
  const ids = {
    order: list.filter((o) => o.kind === "order"),
    custom: list.filter((o) => o.kind === "custom"),
  };
  const [invoiced] = await db()
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      or(
        ids.order.length
          ? inArray(
              invoices.orderId,
              ids.order.map((o) => o.id),
            )
          : sql`false`,
        ids.custom.length
          ? inArray(
              invoices.customOrderId,
              ids.custom.map((o) => o.id),
            )
          : sql`false`,
      ),
    )
    .limit(1);
  if (invoiced) return null;
  const amounts = await orderAmounts(list);
  const { prepaid } = await shopSettings();
  const plan = prepayPlan(amounts, prepaid.prepaidDiscount);
  if (plan.amount < 1) return null;
  const first = list[0]!;
  return {
    checkoutId,
    plan,
    existing:
      c.razorpayOrderId && c.amount
        ? { razorpayOrderId: c.razorpayOrderId, amount: c.amount, isTest: c.isTest }
        : null,
    prefill: { name: first.customerName, email: first.customerEmail, contact: first.customerPhone },
  };
}

async function orderAmounts(list: { kind: "order" | "custom"; id: string }[]) {
  const out = [];
  for (const o of list) {
    const t = tableOf(o.kind);
    const [a] = await db()
      .select({ totalAmount: t.totalAmount, deliveryFee: t.deliveryFee, codFee: t.codFee })
      .from(t)
      .where(eq(t.id, o.id));
    if (a) out.push({ kind: o.kind, id: o.id, ...a });
  }
  return out;
}

/** What the order page offers: the amount to pay online and what it saves (null: not offered). */
export async function prepayOfferForOrder(token: string): Promise<PrepayOffer | null> {
  const ctx = await prepayContext(token);
  if (!ctx) return null;
  // A window already opened keeps its price (the settings may have changed since).
  const amount = ctx.existing?.amount ?? ctx.plan.amount;
  return { amount, saving: ctx.plan.amount + ctx.plan.saving - amount };
}

export type StartPrepay =
  { ok: true; handoff: Omit<PaymentHandoff, "gateway"> } | { ok: false; status: 409; message: string };

export const CANNOT_PREPAY = "This order can no longer be paid online. It stays cash on delivery.";

/**
 * The shopper pressed "Pay now instead": a gateway order for the server's price (the one already opened, when
 * there is one), and the auto-cancel put back so the payment window can finish.
 */
export async function startPrepay(token: string, now = new Date()): Promise<StartPrepay> {
  const g = paymentGateway();
  const ctx = await prepayContext(token);
  if (!ctx || g.mode === "off") return { ok: false, status: 409, message: CANNOT_PREPAY };
  let opened = ctx.existing && ctx.existing.isTest === (g.mode === "test") ? ctx.existing : null;
  if (!opened) {
    const o = await createGatewayOrder(g, { amountPaise: ctx.plan.amount * 100, receipt: ctx.checkoutId });
    const r = await db()
      .update(codConfirmations)
      .set({
        prepayRazorpayOrderId: o.id,
        prepayAmount: ctx.plan.amount,
        prepayIsTest: g.mode === "test",
        prepayPlan: ctx.plan.orders,
      })
      .where(
        and(
          eq(codConfirmations.checkoutId, ctx.checkoutId),
          eq(codConfirmations.state, "awaiting"),
          isNull(codConfirmations.prepaidAt),
          ctx.existing
            ? eq(codConfirmations.prepayRazorpayOrderId, ctx.existing.razorpayOrderId)
            : isNull(codConfirmations.prepayRazorpayOrderId),
        ),
      )
      .returning({ id: codConfirmations.prepayRazorpayOrderId, amount: codConfirmations.prepayAmount });
    // A second press at the same moment opened one first: use that one.
    if (r.length === 0) {
      const again = await prepayContext(token);
      if (!again?.existing) return { ok: false, status: 409, message: CANNOT_PREPAY };
      opened = again.existing;
    } else opened = { razorpayOrderId: o.id, amount: ctx.plan.amount, isTest: g.mode === "test" };
  }
  const windowEnd = new Date(now.getTime() + WINDOW_MINUTES * 60_000);
  await db()
    .update(codConfirmations)
    .set({ cancelAt: windowEnd })
    .where(
      and(
        eq(codConfirmations.checkoutId, ctx.checkoutId),
        eq(codConfirmations.state, "awaiting"),
        sql`${codConfirmations.cancelAt} < ${windowEnd}`,
        sql`${codConfirmations.remindAt} < ${windowEnd}`,
      ),
    );
  logger.info({ checkoutId: ctx.checkoutId, amount: opened.amount }, "COD order: pay now instead opened");
  return {
    ok: true,
    handoff: {
      keyId: g.keyId,
      razorpayOrderId: opened.razorpayOrderId,
      amountPaise: opened.amount * 100,
      currency: "INR",
      scriptUrl: g.scriptUrl,
      timeoutSeconds: WINDOW_MINUTES * 60 - 60,
      prefill: ctx.prefill,
    },
  };
}

/** The "Pay now instead" gateway order with this id (for the signature check and the test gateway), or null. */
export async function findPrepay(razorpayOrderId: string) {
  const [row] = await db()
    .select({
      checkoutId: codConfirmations.checkoutId,
      amount: codConfirmations.prepayAmount,
      isTest: codConfirmations.prepayIsTest,
      prepaidAt: codConfirmations.prepaidAt,
    })
    .from(codConfirmations)
    .where(eq(codConfirmations.prepayRazorpayOrderId, razorpayOrderId));
  return row && row.amount ? { ...row, amount: row.amount } : null;
}

/**
 * The payment of a "Pay now instead" order arrived (signature checked, or a verified webhook), inside the
 * caller's transaction: the orders take the fixed prices, become online and paid (markPaid: history, stock
 * taken again if the clock had cancelled them), and the confirmation is answered. A repeat changes nothing.
 */
export async function settlePrepay(
  tx: Tx,
  razorpayOrderId: string,
  paymentId: string,
  source: string,
  amountPaise?: number,
): Promise<"applied" | "duplicate" | "unknown"> {
  const [row] = await tx
    .select({ checkoutId: codConfirmations.checkoutId, amount: codConfirmations.prepayAmount })
    .from(codConfirmations)
    .where(eq(codConfirmations.prepayRazorpayOrderId, razorpayOrderId));
  if (!row?.amount) return "unknown";
  if (amountPaise !== undefined && amountPaise !== row.amount * 100) {
    logger.error(
      { checkoutId: row.checkoutId, amountPaise, expected: row.amount * 100 },
      "pay-now-instead amount differs from the price offered; not applied",
    );
    return "unknown";
  }
  const [checkout] = await tx
    .select({ method: checkouts.paymentMethod })
    .from(checkouts)
    .where(eq(checkouts.id, row.checkoutId))
    .for("update");
  const list = await ordersOfCheckout(tx, row.checkoutId, true);
  const [conf] = await tx
    .select({
      plan: codConfirmations.prepayPlan,
      prepaidAt: codConfirmations.prepaidAt,
      isTest: codConfirmations.prepayIsTest,
    })
    .from(codConfirmations)
    .where(eq(codConfirmations.checkoutId, row.checkoutId))
    .for("update");
  if (!checkout || !conf?.plan || conf.prepaidAt || checkout.method !== "cod") return "duplicate";
  for (const p of conf.plan) {
    const o = list.find((x) => x.kind === p.kind && x.id === p.id);
    if (!o) continue;
    const t = p.kind === "order" ? orders : customNeonOrders;
    const [cur] = await tx.select({ offerNames: t.offerNames }).from(t).where(eq(t.id, p.id));
    await tx
      .update(t)
      .set({
        codFee: 0,
        offerDiscount: sql`${t.offerDiscount} + ${p.onlineDiscount}`,
        offerNames: withOnlineDiscountName(cur?.offerNames ?? null, p.onlineDiscount),
        totalAmount: p.totalAmount,
        paymentMethod: "razorpay",
        razorpayOrderId,
        isTest: conf.isTest,
        updatedAt: sql`now()`,
      })
      .where(eq(t.id, p.id));
  }
  await tx
    .update(checkouts)
    .set({ paymentMethod: "razorpay", totalAmount: row.amount, razorpayOrderId, isTest: conf.isTest })
    .where(eq(checkouts.id, row.checkoutId));
  await tx
    .update(codConfirmations)
    .set({ prepaidAt: new Date() })
    .where(eq(codConfirmations.checkoutId, row.checkoutId));
  await settleByPrepayment(tx, row.checkoutId, list);
  const dropped = {
    codFee: conf.plan.reduce((n, p) => n + p.codFee, 0),
    onlineDiscount: conf.plan.reduce((n, p) => n + p.onlineDiscount, 0),
  };
  // The history's payment row says what changed: "Payment pay_X (Paid online instead of cash on delivery ...)".
  await markPaid(tx, row.checkoutId, paymentId, `${prepaidNote(dropped)}; ${source}`);
  logger.info({ checkoutId: row.checkoutId, source }, "COD order paid online instead");
  return "applied";
}
