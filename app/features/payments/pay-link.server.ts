import { and, asc, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { db, type DbOrTx, type Tx } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { checkouts } from "~/features/checkout/tables.server";
import { products } from "~/features/catalog/tables.server";
import { customNeonOrders, orderItems, orders } from "~/features/order-lifecycle/tables.server";
import { markMadeToOrder } from "~/features/order-lifecycle/made-to-order.server";
import { formatRupees } from "~/shared/money";
import {
  PAY_LINK_EXPIRED_MESSAGE,
  payLinkState,
  type PayLinkState,
} from "~/features/order-lifecycle/pay-link-state";
import { checkoutOfOrderToken, ordersOfCheckout } from "~/features/cod-confirmation/cod-orders.server";
import { payLinks } from "./tables.server";
import { paymentGateway } from "./gateway.server";
import { attachGatewayOrder } from "./gateway-order.server";
import { history, ordersOf } from "./checkout-orders.server";
import type { PaymentHandoff } from "./payment-handoff";

/*
 * Pay links (issue 46, decision 067): an order staff made for a shopper met in a chat is paid on the shop's own
 * order page, through the shop's own payment window (not Razorpay Payment Links). Its orders hold no stock while
 * they wait (stock_released_at is set when they are written): the stock is taken in the payment's own
 * transaction (markPaid), product rows locked in id order as the checkout does. A payment that arrives after the
 * pieces sold out cancels the orders and is owed back; past the link's time unpaid, the sweep cancels them.
 */

/** The payment window of a pay link stays open at most this long (and never past the link's end). */
const WINDOW_SECONDS = 15 * 60;

export type PayLinkView = {
  state: PayLinkState;
  expiresAt: string;
  amount: number;
  /** Every order the payment covers (a ready-made order and each custom sign are orders of their own). */
  parts: { displayId: string; label: string; total: number }[];
  /** Cash on delivery instead, when the shop's rules allow it: what is paid then, its COD charge included. */
  cod: { amount: number; codFee: number } | null;
};

type LinkRow = typeof payLinks.$inferSelect & { paymentStatus: string; totalAmount: number };

async function linkOfCheckout(tx: DbOrTx, checkoutId: string): Promise<LinkRow | null> {
  const [row] = await tx
    .select({ link: payLinks, paymentStatus: checkouts.paymentStatus, totalAmount: checkouts.totalAmount })
    .from(payLinks)
    .innerJoin(checkouts, eq(checkouts.id, payLinks.checkoutId))
    .where(eq(payLinks.checkoutId, checkoutId));
  return row ? { ...row.link, paymentStatus: row.paymentStatus, totalAmount: row.totalAmount } : null;
}

/** The pay link of the order with this page token, as its page shows it (null: the order has none). */
export async function payLinkForOrder(token: string, now = new Date()): Promise<PayLinkView | null> {
  const checkoutId = await checkoutOfOrderToken(db(), token);
  const link = checkoutId ? await linkOfCheckout(db(), checkoutId) : null;
  if (!checkoutId || !link) return null;
  const list = await ordersOfCheckout(db(), checkoutId, false);
  const texts = await db()
    .select({ id: customNeonOrders.id, text: customNeonOrders.customText })
    .from(customNeonOrders)
    .where(eq(customNeonOrders.checkoutId, checkoutId));
  const parts = list.map((o) => ({
    displayId: o.displayId,
    label:
      o.kind === "order"
        ? "Ready-made signs"
        : `Custom sign "${(texts.find((t) => t.id === o.id)?.text ?? "").replace(/\s+/g, " ")}"`,
    total: o.totalAmount,
  }));
  const state = payLinkState(link, now);
  // Cancelled meanwhile (the shopper's Cancel order, or staff): nothing left to pay.
  const cancelled = list.length > 0 && list.every((o) => o.status === "cancelled");
  return {
    state: state === "awaiting" && cancelled ? "expired" : state,
    expiresAt: link.expiresAt.toISOString(),
    amount: link.codChosenAt && link.codPlan ? link.codPlan.total : link.totalAmount,
    parts,
    cod: link.codPlan
      ? { amount: link.codPlan.total, codFee: link.codPlan.orders.reduce((n, o) => n + o.codFee, 0) }
      : null,
  };
}

export type StartPayLink =
  | { ok: true; handoff: Omit<PaymentHandoff, "gateway"> }
  | { ok: false; status: 404 | 409 | 503; message: string };

/**
 * The shopper pressed Pay on a pay link's order page: refused once paid, expired or sold out (nothing is held,
 * so a piece sold meanwhile is said before the window opens); else the gateway order (made once, for the
 * checkout's price as the server stored it) and the payment window's data.
 */
export async function startPayLinkPayment(token: string, now = new Date()): Promise<StartPayLink> {
  const checkoutId = await checkoutOfOrderToken(db(), token);
  const link = checkoutId ? await linkOfCheckout(db(), checkoutId) : null;
  if (!checkoutId || !link) return { ok: false, status: 404, message: "Order not found." };
  const state = payLinkState(link, now);
  if (state === "paid") return { ok: false, status: 409, message: "This order is already paid. Thank you!" };
  if (state === "cod")
    return {
      ok: false,
      status: 409,
      message: "You chose cash on delivery for this order: nothing to pay now.",
    };
  if (state !== "awaiting") return { ok: false, status: 409, message: PAY_LINK_EXPIRED_MESSAGE };
  const g = paymentGateway();
  if (g.mode === "off")
    return {
      ok: false,
      status: 503,
      message: "Online payment is not available just now. Please message us.",
    };
  const list = await ordersOfCheckout(db(), checkoutId, false);
  if (list.length === 0 || list.every((o) => o.status === "cancelled"))
    return { ok: false, status: 409, message: "This order is cancelled. Please message us for a new link." };
  const short = await shortOfStock(db(), checkoutId);
  if (short)
    return {
      ok: false,
      status: 409,
      message: `Sorry, "${short}" sold out since this link was made. Please message us and we will help you choose again.`,
    };
  await attachGatewayOrder(checkoutId);
  const [c] = await db().select().from(checkouts).where(eq(checkouts.id, checkoutId));
  const first = list[0];
  if (!c?.razorpayOrderId || !first)
    return { ok: false, status: 503, message: "The payment could not be started. Please try again." };
  const left = Math.floor((link.expiresAt.getTime() - now.getTime()) / 1000);
  return {
    ok: true,
    handoff: {
      keyId: g.keyId,
      razorpayOrderId: c.razorpayOrderId,
      amountPaise: c.totalAmount * 100,
      currency: "INR",
      scriptUrl: g.scriptUrl,
      timeoutSeconds: Math.max(60, Math.min(WINDOW_SECONDS, left)),
      prefill: { name: first.customerName, email: first.customerEmail, contact: first.customerPhone },
    },
  };
}

/** The ready-made lines of a checkout's regular orders, units per product (id order). */
async function unitsByProduct(tx: DbOrTx, checkoutId: string) {
  const rows = await tx
    .select({ productId: orderItems.productId, name: orderItems.productName, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.checkoutId, checkoutId));
  const units = new Map<string, { name: string; quantity: number }>();
  for (const r of rows) {
    if (!r.productId) continue;
    const u = units.get(r.productId) ?? { name: r.name, quantity: 0 };
    units.set(r.productId, { name: u.name, quantity: u.quantity + r.quantity });
  }
  return [...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The name of a line whose product can no longer cover it (stock short and not made to order), or null. */
async function shortOfStock(tx: DbOrTx, checkoutId: string): Promise<string | null> {
  const units = await unitsByProduct(tx, checkoutId);
  if (units.length === 0) return null;
  const rows = await tx
    .select({ id: products.id, stock: products.stockQuantity, whenSoldOut: products.whenSoldOut })
    .from(products)
    .where(
      inArray(
        products.id,
        units.map(([id]) => id),
      ),
    );
  for (const [id, u] of units) {
    const p = rows.find((r) => r.id === id);
    if (!p || (p.whenSoldOut !== "made-to-order" && p.stock < u.quantity)) return u.name;
  }
  return null;
}

/**
 * Inside the caller's transaction: the pay link's orders that hold no stock take it now, products locked in id
 * order; a made-to-order product takes what there is and the rest is made. Nothing changes when a line is
 * short: its name is the answer. "taken" also when there was nothing to take.
 */
export async function takeLinkStock(tx: Tx, checkoutId: string): Promise<"taken" | { short: string }> {
  const list = (await ordersOf(tx, checkoutId)).filter((o) => o.stockReleasedAt);
  if (list.length === 0) return "taken";
  const units = await unitsByProduct(tx, checkoutId);
  const locked = units.length
    ? await tx
        .select({ id: products.id, stock: products.stockQuantity, whenSoldOut: products.whenSoldOut })
        .from(products)
        .where(
          inArray(
            products.id,
            units.map(([id]) => id),
          ),
        )
        .orderBy(asc(products.id))
        .for("update")
    : [];
  const plan = units.map(([id, u]) => {
    const p = locked.find((r) => r.id === id);
    const fromStock = p?.whenSoldOut === "made-to-order" ? Math.min(p.stock, u.quantity) : u.quantity;
    return { id, name: u.name, fromStock, made: u.quantity - fromStock, ok: !!p && p.stock >= fromStock };
  });
  const short = plan.find((x) => !x.ok);
  if (short) return { short: short.name };
  for (const x of plan) {
    if (x.fromStock > 0)
      await tx
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} - ${x.fromStock}`, updatedAt: sql`now()` })
        .where(eq(products.id, x.id));
    if (x.made > 0) await markMadeToOrder(tx, checkoutId, x.id, x.made);
  }
  for (const o of list) {
    const t = o.custom ? customNeonOrders : orders;
    // An order the sweep had cancelled as expired is paid after all, and its stock is there: it goes on.
    await tx
      .update(t)
      .set({ status: "pending", stockReleasedAt: null, updatedAt: sql`now()` })
      .where(eq(t.id, o.id));
    if (o.status === "cancelled")
      await history(
        tx,
        [o],
        "status",
        "cancelled",
        "pending",
        "Paid after the pay link expired; stock taken",
      );
  }
  return "taken";
}

/**
 * Inside the payment's transaction (markPaid, checkout row locked): a pay link's orders take their stock now
 * (takeLinkStock). Short of stock: the orders are cancelled (they never held any), the link marked sold out, the
 * payment owed back. "not-pay-link" for every other checkout.
 */
export async function takePayLinkStock(
  tx: Tx,
  checkoutId: string,
  paymentId: string,
): Promise<"not-pay-link" | "taken" | "sold-out"> {
  const [link] = await tx.select().from(payLinks).where(eq(payLinks.checkoutId, checkoutId)).for("update");
  if (!link) return "not-pay-link";
  const taken = await takeLinkStock(tx, checkoutId);
  if (taken === "taken") return "taken";
  const total = (await linkOfCheckout(tx, checkoutId))?.totalAmount ?? 0;
  for (const o of (await ordersOf(tx, checkoutId)).filter((x) => x.stockReleasedAt)) {
    const t = o.custom ? customNeonOrders : orders;
    await tx
      .update(t)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(eq(t.id, o.id));
    await history(
      tx,
      [o],
      "status",
      o.status,
      "cancelled",
      `Paid (${paymentId}) after "${taken.short}" sold out: refund ${formatRupees(total)} due`,
    );
  }
  await tx
    .update(payLinks)
    .set({ soldOutAt: sql`now()` })
    .where(eq(payLinks.checkoutId, checkoutId));
  logger.error(
    { checkoutId, paymentId },
    "pay link paid after its pieces sold out: orders cancelled, refund due",
  );
  return "sold-out";
}

/**
 * Cancel the orders of pay links past their time and unpaid (they hold no stock: nothing goes back), once
 * each. Returns how many links expired.
 */
export async function expirePayLinks(now = new Date()): Promise<number> {
  const due = await db()
    .select({ checkoutId: payLinks.checkoutId })
    .from(payLinks)
    .innerJoin(checkouts, eq(checkouts.id, payLinks.checkoutId))
    .where(
      and(
        isNull(payLinks.expiredAt),
        isNull(payLinks.codChosenAt),
        lt(payLinks.expiresAt, now),
        ne(checkouts.paymentStatus, "paid"),
      ),
    )
    .limit(100);
  let expired = 0;
  for (const { checkoutId } of due) {
    const done = await db().transaction(async (tx) => {
      const [c] = await tx
        .select({ paymentStatus: checkouts.paymentStatus })
        .from(checkouts)
        .where(eq(checkouts.id, checkoutId))
        .for("update");
      if (!c || c.paymentStatus === "paid") return false;
      const r = await tx
        .update(payLinks)
        .set({ expiredAt: now })
        .where(and(eq(payLinks.checkoutId, checkoutId), isNull(payLinks.expiredAt)))
        .returning({ id: payLinks.checkoutId });
      if (r.length === 0) return false;
      const list = (await ordersOf(tx, checkoutId)).filter((o) => o.status !== "cancelled");
      for (const o of list) {
        const t = o.custom ? customNeonOrders : orders;
        await tx
          .update(t)
          .set({ status: "cancelled", updatedAt: sql`now()` })
          .where(eq(t.id, o.id));
        await history(tx, [o], "status", o.status, "cancelled", "Pay link expired unpaid");
      }
      return true;
    });
    if (done) expired++;
  }
  if (expired > 0) logger.info({ expired }, "unpaid pay links expired");
  return expired;
}
