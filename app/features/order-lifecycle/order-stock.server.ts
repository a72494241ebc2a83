import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/client.server";
import { orderItems, orders } from "./tables.server";
import { products } from "~/features/catalog/tables.server";

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

class StockGone extends Error {
  constructor(readonly product: string) {
    super(`${product} sold out`);
  }
}

export type RetakeOutcome = { ok: true } | { ok: false; product: string; message: string };

/**
 * Take a regular order's stock again after it was released while the order stayed open (an unconfirmed COD
 * order past its stock window, issue 41), in the caller's transaction with the order locked: all lines or
 * none (a savepoint), products in id order, never below zero. Nothing to do when it holds its stock. On
 * success stock_released_at is cleared, so a later cancel returns it once.
 */
export async function retakeStock(
  tx: Tx,
  order: { id: string; stockReleasedAt: Date | null },
): Promise<RetakeOutcome> {
  if (!order.stockReleasedAt) return { ok: true };
  const items = await tx
    .select({
      productId: orderItems.productId,
      name: orderItems.productName,
      quantity: sql<number>`${orderItems.quantity} - ${orderItems.madeToOrder}`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const take = new Map<string, { name: string; quantity: number }>();
  for (const it of items) {
    if (!it.productId || it.quantity <= 0) continue;
    const t = take.get(it.productId) ?? { name: it.name, quantity: 0 };
    t.quantity += it.quantity;
    take.set(it.productId, t);
  }
  try {
    await tx.transaction(async (sp) => {
      for (const [productId, t] of [...take].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const r = await sp
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} - ${t.quantity}`, updatedAt: sql`now()` })
          .where(and(eq(products.id, productId), sql`${products.stockQuantity} >= ${t.quantity}`))
          .returning({ id: products.id });
        if (r.length === 0) throw new StockGone(t.name);
      }
      await sp
        .update(orders)
        .set({ stockReleasedAt: null, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
    });
  } catch (err) {
    if (!(err instanceof StockGone)) throw err;
    const message = `"${err.product}" sold out while this order waited for its confirmation, so it cannot be confirmed now.`;
    return { ok: false, product: err.product, message };
  }
  return { ok: true };
}
