import { eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/client.server";
import { customNeonOrders, orders, orderStatusHistory } from "~/features/order-lifecycle/tables.server";

/* A checkout's orders as payments change them: which orders a checkout has, and their history rows. */

/** One history row per order for a change of its status or payment status. */
export async function history(
  tx: Tx,
  rows: { id: string; custom: boolean }[],
  field: "status" | "payment_status",
  from: string | null,
  to: string,
  note: string,
) {
  if (rows.length === 0) return;
  await tx.insert(orderStatusHistory).values(
    rows.map((r) => ({
      orderId: r.custom ? null : r.id,
      customOrderId: r.custom ? r.id : null,
      field,
      fromValue: from,
      toValue: to,
      note,
    })),
  );
}

export async function ordersOf(tx: Tx, checkoutId: string) {
  const regular = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      stockReleasedAt: orders.stockReleasedAt,
    })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId));
  const custom = await tx
    .select({
      id: customNeonOrders.id,
      status: customNeonOrders.status,
      paymentStatus: customNeonOrders.paymentStatus,
      stockReleasedAt: customNeonOrders.stockReleasedAt,
    })
    .from(customNeonOrders)
    .where(eq(customNeonOrders.checkoutId, checkoutId));
  return [...regular.map((o) => ({ ...o, custom: false })), ...custom.map((o) => ({ ...o, custom: true }))];
}
