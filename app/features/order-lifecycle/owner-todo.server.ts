import { sql, type SQL } from "drizzle-orm";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { ORDER_TODO_KINDS, type OrderTodo } from "~/features/order-lifecycle/owner-todo";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";

/**
 * The SQL of each to-do (app/features/order-lifecycle/owner-todo.ts), for a row of orders or custom_neon_orders:
 * used by the admin order lists' `todo` filter and by the dashboard's counts, so the two always agree.
 */
export function todoCondition(kind: OrderKind, todo: OrderTodo): SQL {
  if (!ORDER_TODO_KINDS[todo].includes(kind)) return sql`false`;
  const t = tableOf(kind);
  const column = sql.raw(kind === "order" ? "order_id" : "custom_order_id");
  switch (todo) {
    // Placed (COD, or online and paid) and not yet confirmed: an unpaid online attempt is not an order.
    case "confirm":
      return sql`(${t.status} = 'pending' and not (${t.paymentMethod} <> 'cod' and ${t.paymentStatus} in ('pending', 'failed')))`;
    // A custom sign confirmed but with no proof yet, or whose latest proof the shopper asked to change.
    case "proof":
      return sql`(${t.status} = 'confirmed' and coalesce((select p.state from design_proofs p
        where p.custom_order_id = ${t.id} order by p.version desc limit 1), 'changes_requested') = 'changes_requested')`;
    case "return":
      return sql`exists (select 1 from return_requests r where r.${column} = ${t.id} and r.status = 'requested')`;
    // A refund Razorpay refused, while the order is not refunded in full by another one.
    case "refund-failed":
      return sql`(${t.paymentStatus} <> 'refunded' and exists (select 1 from refunds f
        where f.${column} = ${t.id} and f.status = 'failed'
          and not exists (select 1 from refunds g where g.${column} = ${t.id} and g.status <> 'failed' and g.created_at > f.created_at)))`;
  }
}
