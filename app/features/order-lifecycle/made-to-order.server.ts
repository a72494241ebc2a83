import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/client.server";
import { orderItems, orders } from "./tables.server";

/**
 * Record on a checkout's lines of one product how many units are made to order (the first lines first): the
 * checkout's stock taking and a pay link's, when the shelf had fewer than were bought.
 */
export async function markMadeToOrder(tx: Tx, checkoutId: string, productId: string, units: number) {
  const items = await tx
    .select({ id: orderItems.id, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.checkoutId, checkoutId), eq(orderItems.productId, productId)))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  let left = units;
  for (const it of items) {
    if (left <= 0) break;
    const m = Math.min(it.quantity, left);
    await tx.update(orderItems).set({ madeToOrder: m }).where(eq(orderItems.id, it.id));
    left -= m;
  }
}
