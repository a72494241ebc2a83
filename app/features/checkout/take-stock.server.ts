import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { priceProductLines, type ProductRecord, type RequestedProductLine } from "./order-pricing";
import type { Tx } from "~/platform/db/client.server";
import { markMadeToOrder } from "~/features/order-lifecycle/made-to-order.server";
import { products } from "~/features/catalog/tables.server";
import { productColumns } from "./records.server";

/*
 * The stock of a checkout's ready-made lines (issue 41). The products' rows are locked FOR UPDATE, in id order,
 * before anything else of the checkout touches them: inserting its order_items takes a key-share lock on each
 * product, and two checkouts that did that first and then asked for the update lock waited for each other
 * (deadlock). Locked first, checkouts of one product simply queue: each reads the stock the previous one left.
 */

/**
 * Lock the products (FOR UPDATE, in id order, so two checkouts never wait for each other) and read them as
 * they are now, for pricing and the stock checks. Held until the transaction ends.
 */
export async function lockProducts(tx: Tx, ids: string[]): Promise<Map<string, ProductRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select(productColumns)
    .from(products)
    .where(inArray(products.id, unique))
    .orderBy(asc(products.id))
    .for("update");
  return new Map(rows.map((r) => [r.id, r]));
}

export type StockShortage = { message: string; lineErrors: string[] };

/**
 * Take the ordered quantities from stock, product by product (rows already locked by lockProducts). Each
 * UPDATE re-checks `is_active` and `stock_quantity >= q`, so stock never goes below zero whatever called it;
 * a shortage is answered with the lines at fault. A made-to-order product takes what stock there is; the
 * rest is made (recorded on the checkout's lines).
 */
export async function takeStock(
  tx: Tx,
  checkoutId: string,
  lines: RequestedProductLine[],
  read: Map<string, ProductRecord>,
): Promise<StockShortage | null> {
  const take = new Map<string, number>();
  for (const l of lines) take.set(l.productId, (take.get(l.productId) ?? 0) + l.quantity);
  for (const [id, q] of [...take].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const p = read.get(id);
    const made = p?.whenSoldOut === "made-to-order" ? Math.max(0, q - p.stockQuantity) : 0;
    const fromStock = q - made;
    const [row] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${fromStock}`, updatedAt: sql`now()` })
      .where(
        and(eq(products.id, id), eq(products.isActive, true), sql`${products.stockQuantity} >= ${fromStock}`),
      )
      .returning({ id: products.id });
    if (!row) {
      const fresh = await tx
        .select(productColumns)
        .from(products)
        .where(inArray(products.id, [...take.keys()]));
      const { errors } = priceProductLines(lines, new Map(fresh.map((r) => [r.id, r])));
      const message =
        errors[0] ?? `"${p?.name ?? "An item"}" is out of stock. Please remove it from your cart.`;
      return { message, lineErrors: errors.length ? errors : [message] };
    }
    if (made > 0) await markMadeToOrder(tx, checkoutId, id, made);
  }
  return null;
}
