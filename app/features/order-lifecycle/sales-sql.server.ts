import { sql, type SQL } from "drizzle-orm";

/*
 * The SQL of the dashboard's definitions (app/features/dashboard/sales-figures.ts), which the month end's money
 * view reads too: what an order brought in, and which orders count.
 */

/**
 * SQL of revenueOf (app/features/dashboard/sales-figures.ts) for a row of orders or custom_neon_orders: what was
 * received, less the refunds processed for that order (partial refunds included), never below 0.
 */
export function revenue(table: "orders" | "custom_neon_orders"): SQL {
  const column = table === "orders" ? "order_id" : "custom_order_id";
  return sql.raw(`case when payment_status = 'refunded' then 0 else greatest(0,
  (case when payment_method <> 'cod' then case when payment_status = 'paid' then total_amount else 0 end
   when status = 'delivered' and payment_status in ('paid', 'pending') then total_amount else 0 end)
  - (select coalesce(sum(rf.amount), 0) from refunds rf where rf.status = 'processed' and rf.${column} = ${table}.id)) end`);
}

/** SQL of countsAsOrder: not an abandoned online attempt; test orders only when asked for. */
export function counted(includeTest: boolean): SQL {
  return sql.raw(
    `not (payment_method <> 'cod' and payment_status in ('pending', 'failed'))${includeTest ? "" : " and not is_test"}`,
  );
}
