import { asc, eq, sql } from "drizzle-orm";
import { displayId, type OrderKind, type OrderStatus } from "~/features/order-lifecycle/order-status";
import type { DbOrTx } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";

/** One order of a COD checkout, as the confirmation reads and changes it. */
export type CheckoutOrder = {
  kind: OrderKind;
  id: string;
  displayId: string;
  status: OrderStatus;
  paymentMethod: string;
  stockReleasedAt: Date | null;
  accessToken: string;
  whatsappUpdates: boolean;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  totalAmount: number;
};

/**
 * The orders of one checkout (the regular order first, then its custom signs), locked for update when asked:
 * every change of a COD confirmation locks them first, then its own row, so answers, staff and the sweep never
 * deadlock and never act on an order another transaction is changing.
 */
export async function ordersOfCheckout(
  tx: DbOrTx,
  checkoutId: string,
  lock: boolean,
): Promise<CheckoutOrder[]> {
  const out: CheckoutOrder[] = [];
  for (const [kind, t] of [
    ["order", orders],
    ["custom", customNeonOrders],
  ] as const) {
    const q = tx
      .select({
        id: t.id,
        status: t.status,
        paymentMethod: t.paymentMethod,
        stockReleasedAt: t.stockReleasedAt,
        accessToken: t.accessToken,
        whatsappUpdates: t.whatsappUpdates,
        customerName: t.customerName,
        customerEmail: t.customerEmail,
        customerPhone: t.customerPhone,
        totalAmount: t.totalAmount,
      })
      .from(t)
      .where(eq(t.checkoutId, checkoutId))
      .orderBy(asc(t.createdAt), asc(t.id));
    const rows = lock ? await q.for("update") : await q;
    for (const r of rows) out.push({ kind, displayId: displayId(kind, r.id), ...r });
  }
  return out;
}

/** The checkout of an order found by its page's token (the order page's link), or null. */
export async function checkoutOfOrderToken(tx: DbOrTx, token: string): Promise<string | null> {
  const r = await tx.execute<{ checkout_id: string | null }>(sql`
    select checkout_id from orders where access_token = ${token}
    union all select checkout_id from custom_neon_orders where access_token = ${token} limit 1`);
  return r.rows[0]?.checkout_id ?? null;
}

/** The checkout of one order. */
export async function checkoutOfOrder(tx: DbOrTx, kind: OrderKind, id: string): Promise<string | null> {
  const t = kind === "order" ? orders : customNeonOrders;
  const [o] = await tx.select({ checkoutId: t.checkoutId }).from(t).where(eq(t.id, id));
  return o?.checkoutId ?? null;
}
