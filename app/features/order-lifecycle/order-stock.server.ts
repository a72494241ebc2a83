import { eq, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/client.server";
import { orderItems, products } from "~/platform/db/schema";

/**
 * Put a cancelled or returned (RTO) regular order's stock back, exactly once: stock_released_at is set in the same
 * transaction (under the order's row lock), and an order that has it is never returned again.
 * Lines whose product was deleted are skipped. Products are updated in id order (no deadlocks with checkout).
 */
export async function returnStock(
  tx: Tx,
  order: { id: string; stockReleasedAt: Date | null },
): Promise<boolean> {
  if (order.stockReleasedAt) return false;
  const items = await tx
    // Units made to order were never taken from stock: only the rest goes back.
    .select({
      productId: orderItems.productId,
      quantity: sql<number>`${orderItems.quantity} - ${orderItems.madeToOrder}`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const back = new Map<string, number>();
  for (const it of items)
    if (it.productId) back.set(it.productId, (back.get(it.productId) ?? 0) + it.quantity);
  for (const [productId, q] of [...back].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${q}`, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
  }
  return true;
}
