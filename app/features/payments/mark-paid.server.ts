import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders, orders, orderItems } from "~/features/order-lifecycle/tables.server";
import { products } from "~/features/catalog/tables.server";
import { logger } from "~/platform/logger.server";
import { enqueueOrderEmails } from "~/features/order-lifecycle/order-email-queue.server";
import { enqueueWhatsAppPlaced } from "~/features/whatsapp/whatsapp-updates.server";
import { history, ordersOf } from "./checkout-orders.server";
import { takePayLinkStock } from "./pay-link.server";

/**
 * Mark a checkout paid (inside the caller's transaction, checkout row locked). A checkout already
 * paid is left alone; a checkout whose hold expired takes its stock again when it is still there; a pay link's
 * orders take theirs now (pay-link.server.ts), and when it is gone they are cancelled and no mail goes.
 * Returns true when this call made the change.
 */
export async function markPaid(
  tx: Tx,
  checkoutId: string,
  paymentId: string,
  source: string,
): Promise<boolean> {
  const [c] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
  if (!c || c.paymentStatus === "paid") return false;
  await tx
    .update(checkouts)
    .set({ paymentStatus: "paid", razorpayPaymentId: paymentId, holdExpiresAt: null })
    .where(eq(checkouts.id, checkoutId));
  const payLink = await takePayLinkStock(tx, checkoutId, paymentId);
  const list = await ordersOf(tx, checkoutId);
  for (const o of list) {
    await history(tx, [o], "payment_status", o.paymentStatus, "paid", `Payment ${paymentId} (${source})`);
  }
  await tx
    .update(orders)
    .set({ paymentStatus: "paid", razorpayPaymentId: paymentId, updatedAt: sql`now()` })
    .where(eq(orders.checkoutId, checkoutId));
  await tx
    .update(customNeonOrders)
    .set({ paymentStatus: "paid", razorpayPaymentId: paymentId, updatedAt: sql`now()` })
    .where(eq(customNeonOrders.checkoutId, checkoutId));
  // A pay link paid after its pieces sold out: its orders are cancelled and the money is owed back.
  if (payLink === "sold-out") return true;

  // Paid after the hold expired and the orders were cancelled: take the stock again if it is there.
  const released = list.filter((o) => o.stockReleasedAt && o.status === "cancelled");
  if (released.length > 0) {
    try {
      await tx.transaction(async (sp) => {
        for (const o of released.filter((r) => !r.custom)) {
          const items = await sp
            .select({
              productId: orderItems.productId,
              quantity: sql<number>`${orderItems.quantity} - ${orderItems.madeToOrder}`,
            })
            .from(orderItems)
            .where(eq(orderItems.orderId, o.id));
          for (const it of items) {
            if (!it.productId) throw new Error("product deleted");
            const r = await sp
              .update(products)
              .set({ stockQuantity: sql`${products.stockQuantity} - ${it.quantity}`, updatedAt: sql`now()` })
              .where(and(eq(products.id, it.productId), sql`${products.stockQuantity} >= ${it.quantity}`))
              .returning({ id: products.id });
            if (r.length !== 1) throw new Error("stock gone");
          }
        }
        for (const o of released) {
          const table = o.custom ? customNeonOrders : orders;
          await sp
            .update(table)
            .set({ status: "pending", stockReleasedAt: null, updatedAt: sql`now()` })
            .where(eq(table.id, o.id));
          await history(
            sp,
            [o],
            "status",
            "cancelled",
            "pending",
            "Paid after the payment hold expired; stock taken again",
          );
        }
      });
    } catch (err) {
      logger.error(
        { err, checkoutId, paymentId },
        "paid after the hold expired and the stock is gone: the order stays cancelled and needs a refund",
      );
    }
  }
  // Paid now: the order's mails are queued in this transaction, once however often payment is reported.
  await enqueueOrderEmails(tx, checkoutId);
  await enqueueWhatsAppPlaced(tx, checkoutId);
  return true;
}
