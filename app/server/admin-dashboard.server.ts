import { sql } from "drizzle-orm";
import type { ActivityItem, DashboardStats } from "~/domain/admin-dashboard";
import { db } from "./db/client.server";

/** The dashboard's stat cards, read in one round trip. */
export async function dashboardStats(): Promise<DashboardStats> {
  const r = await db().execute<{
    products: string;
    categories: string;
    orders: string;
    revenue: string;
  }>(sql`
    select
      (select count(*) from products) as products,
      (select count(*) from categories) as categories,
      (select count(*) from orders) + (select count(*) from custom_neon_orders) as orders,
      (select coalesce(sum(total_amount), 0) from orders where status <> 'cancelled')
        + (select coalesce(sum(total_amount), 0) from custom_neon_orders where status <> 'cancelled') as revenue`);
  const row = r.rows[0]!;
  return {
    totalProducts: Number(row.products),
    totalCategories: Number(row.categories),
    totalOrders: Number(row.orders),
    totalRevenue: Number(row.revenue),
  };
}

/** The latest orders, custom orders and status changes, newest first. */
export async function recentActivity(limit = 8): Promise<ActivityItem[]> {
  const r = await db().execute<{
    id: string;
    kind: ActivityItem["kind"];
    order_kind: ActivityItem["orderKind"];
    order_id: string;
    customer_name: string | null;
    amount: number | null;
    from_value: string | null;
    to_value: string | null;
    by: string | null;
    at: Date | string;
  }>(sql`
    (select 'o-' || id as id, 'order' as kind, 'order' as order_kind, id::text as order_id, customer_name,
            total_amount as amount, null::text as from_value, null::text as to_value, null::text as by, created_at as at
       from orders order by created_at desc limit ${limit})
    union all
    (select 'c-' || id, 'custom_order', 'custom_order', id::text, customer_name, total_amount, null, null, null, created_at
       from custom_neon_orders order by created_at desc limit ${limit})
    union all
    (select 'h-' || h.id, h.field, case when h.order_id is null then 'custom_order' else 'order' end,
            coalesce(h.order_id, h.custom_order_id)::text, coalesce(o.customer_name, c.customer_name), null,
            h.from_value, h.to_value, h.changed_by_email, h.created_at
       from order_status_history h
       left join orders o on o.id = h.order_id
       left join custom_neon_orders c on c.id = h.custom_order_id
       order by h.created_at desc limit ${limit})
    order by at desc, id
    limit ${limit}`);
  return r.rows.map((x) => ({
    id: x.id,
    kind: x.kind,
    orderKind: x.order_kind,
    orderId: x.order_id,
    customerName: x.customer_name,
    amount: x.amount === null ? null : Number(x.amount),
    from: x.from_value,
    to: x.to_value,
    by: x.by,
    at: new Date(x.at).toISOString(),
  }));
}

/** Everything the dashboard shows. */
export async function dashboardData(): Promise<{ stats: DashboardStats; activity: ActivityItem[] }> {
  const [stats, activity] = await Promise.all([dashboardStats(), recentActivity()]);
  return { stats, activity };
}
