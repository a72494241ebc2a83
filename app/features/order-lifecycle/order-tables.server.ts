import { asc, eq } from "drizzle-orm";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import type { DbOrTx } from "~/platform/db/client.server";
import { customNeonOrders, orders, orderItems } from "./tables.server";

/** A row of either kind of order (a regular order or a custom neon order), as the tables give it. */
export type AnyOrderRow = typeof orders.$inferSelect | typeof customNeonOrders.$inferSelect;

/** The table of one kind of order. */
export const tableOf = (kind: OrderKind) => (kind === "order" ? orders : customNeonOrders);

/** A regular order's lines in the order they were placed (in a transaction, or on the pool). */
export function orderLinesOf(exec: DbOrTx, orderId: string) {
  return exec
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
}
