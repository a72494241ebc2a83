import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { logger } from "~/platform/logger.server";
import { createGatewayOrder, paymentGateway } from "./gateway.server";

/** Create the gateway order for an online checkout (after the commit: no HTTP call holds a database lock). */
export async function attachGatewayOrder(checkoutId: string): Promise<void> {
  const g = paymentGateway();
  const [row] = await db().select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!row || g.mode === "off" || row.razorpayOrderId) return;
  try {
    const o = await createGatewayOrder(g, { amountPaise: row.totalAmount * 100, receipt: row.id });
    await db().transaction(async (tx) => {
      const r = await tx
        .update(checkouts)
        .set({ razorpayOrderId: o.id })
        .where(and(eq(checkouts.id, checkoutId), isNull(checkouts.razorpayOrderId)))
        .returning({ id: checkouts.id });
      if (r.length === 0) return; // a concurrent repeat attached one first
      await tx
        .update(orders)
        .set({ razorpayOrderId: o.id, updatedAt: sql`now()` })
        .where(eq(orders.checkoutId, checkoutId));
      await tx
        .update(customNeonOrders)
        .set({ razorpayOrderId: o.id, updatedAt: sql`now()` })
        .where(eq(customNeonOrders.checkoutId, checkoutId));
    });
  } catch (err) {
    // The orders exist and hold their stock; the browser is told to try again (the same key finds them).
    logger.error({ err, checkoutId }, "the payment gateway order could not be created");
  }
}
