import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders, orders, orderItems } from "~/features/order-lifecycle/tables.server";
import { products } from "~/features/catalog/tables.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { logger } from "~/platform/logger.server";
import { wakeWorkers } from "~/platform/jobs/queue.server";
import { paymentGateway } from "./gateway.server";
import { fetchOrderPayments } from "./razorpay.server";
import { history, ordersOf } from "./checkout-orders.server";
import { markPaid } from "./mark-paid.server";

/* Stock held by unpaid online checkouts: released when the hold expires or the shopper gives up. */

/**
 * Cancel unpaid online checkouts whose payment hold has passed and put their stock back, once.
 * With real Razorpay, the gateway is asked first: a payment it captured marks the order paid instead.
 * Returns how many checkouts were released.
 */
export async function releaseExpiredHolds(
  options: { limit?: number; productIds?: string[] } = {},
): Promise<number> {
  const ids = options.productIds;
  const due = await db()
    .select({ id: checkouts.id, razorpayOrderId: checkouts.razorpayOrderId, isTest: checkouts.isTest })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.paymentMethod, "razorpay"),
        inArray(checkouts.paymentStatus, ["pending", "failed"]),
        lt(checkouts.holdExpiresAt, sql`now()`),
        // On demand: only the holds that sit on the products a shopper was refused.
        ids?.length
          ? sql`exists (select 1 from ${orders} o join ${orderItems} oi on oi.order_id = o.id
                 where o.checkout_id = ${checkouts.id} and oi.product_id in (${sql.join(
                   ids.map((id) => sql`${id}::uuid`),
                   sql`, `,
                 )}))`
          : undefined,
      ),
    )
    .limit(options.limit ?? 100);
  let released = 0;
  const holdMinutes = due.length > 0 ? (await shopSettings()).limits.paymentHoldMinutes : 0;
  for (const c of due) {
    if ((await settledAtGateway(c)) !== "unpaid") continue;
    if (
      await releaseCheckout(c.id, {
        expiredOnly: true,
        note: `Payment not completed within ${holdMinutes} minutes; stock returned`,
      })
    )
      released++;
  }
  if (released > 0) logger.info({ released }, "expired payment holds released");
  return released;
}

type HeldCheckout = { id: string; razorpayOrderId: string | null; isTest: boolean };

/**
 * With real Razorpay, ask the gateway before giving the stock back: a captured payment marks the order
 * paid instead, an authorised one is being captured (look again later). The test gateway and checkouts
 * without a gateway order are simply unpaid.
 */
async function settledAtGateway(c: HeldCheckout): Promise<"unpaid" | "paid" | "unknown"> {
  const g = paymentGateway();
  if (g.mode !== "razorpay" || c.isTest || !c.razorpayOrderId) return "unpaid";
  try {
    const payments = await fetchOrderPayments(g.credentials, c.razorpayOrderId);
    const captured = payments.find((p) => p.status === "captured");
    if (captured) {
      const changed = await db().transaction((tx) =>
        markPaid(tx, c.id, captured.id, "found paid before releasing the hold"),
      );
      if (changed) wakeWorkers();
      return "paid";
    }
    return payments.some((p) => p.status === "authorized") ? "unknown" : "unpaid";
  } catch (err) {
    logger.warn({ err, checkoutId: c.id }, "could not ask Razorpay about a held checkout; will try again");
    return "unknown";
  }
}

export type ReleaseOwnHoldOutcome = "released" | "not-found" | "not-held" | "paid" | "pending-at-gateway";

/**
 * The shopper closed the payment window or the payment failed: give the stock back at once instead of
 * holding it until the hold expires. Only the browser that placed the checkout knows its idempotency key
 * (a random secret it never shares), so nobody else can cancel it. A payment that still arrives later is
 * settled by markPaid (stock taken again when it is there, else logged for a refund).
 */
export async function releaseOwnHold(idempotencyKey: string): Promise<ReleaseOwnHoldOutcome> {
  const [c] = await db()
    .select({
      id: checkouts.id,
      razorpayOrderId: checkouts.razorpayOrderId,
      isTest: checkouts.isTest,
      paymentMethod: checkouts.paymentMethod,
      paymentStatus: checkouts.paymentStatus,
      holdExpiresAt: checkouts.holdExpiresAt,
    })
    .from(checkouts)
    .where(eq(checkouts.idempotencyKey, idempotencyKey));
  if (!c) return "not-found";
  if (c.paymentStatus === "paid") return "paid";
  if (c.paymentMethod !== "razorpay" || !c.holdExpiresAt) return "not-held";
  const state = await settledAtGateway(c);
  if (state === "paid") return "paid";
  if (state === "unknown") return "pending-at-gateway";
  const released = await releaseCheckout(c.id, {
    expiredOnly: false,
    note: "Payment window closed or failed; stock returned",
  });
  if (released) logger.info({ checkoutId: c.id }, "payment hold released by the shopper");
  return released ? "released" : "not-held";
}

async function releaseCheckout(
  checkoutId: string,
  opts: { expiredOnly: boolean; note: string },
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const locked = await tx.execute<{ id: string }>(sql`
      select id from checkouts
      where id = ${checkoutId} and payment_status in ('pending', 'failed') and hold_expires_at is not null
        ${opts.expiredOnly ? sql`and hold_expires_at < now()` : sql``}
      for update ${opts.expiredOnly ? sql`skip locked` : sql``}`);
    if (locked.rows.length === 0) return false;
    await tx.update(checkouts).set({ holdExpiresAt: null }).where(eq(checkouts.id, checkoutId));
    const list = (await ordersOf(tx, checkoutId)).filter(
      (o) => !o.stockReleasedAt && o.status !== "cancelled",
    );
    for (const o of list.filter((x) => !x.custom)) {
      const items = await tx
        // Units made to order were never taken from stock: only the rest goes back.
        .select({
          productId: orderItems.productId,
          quantity: sql<number>`${orderItems.quantity} - ${orderItems.madeToOrder}`,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, o.id));
      const back = new Map<string, number>();
      for (const it of items)
        if (it.productId) back.set(it.productId, (back.get(it.productId) ?? 0) + it.quantity);
      for (const [id, q] of [...back].sort(([a], [b]) => a.localeCompare(b))) {
        await tx
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} + ${q}`, updatedAt: sql`now()` })
          .where(eq(products.id, id));
      }
    }
    for (const o of list) {
      const table = o.custom ? customNeonOrders : orders;
      await tx
        .update(table)
        .set({ status: "cancelled", stockReleasedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(table.id, o.id));
      await history(tx, [o], "status", o.status, "cancelled", opts.note);
    }
    return true;
  });
}
