import { sql } from "drizzle-orm";
import type { ActivityItem, DashboardStats } from "~/features/dashboard/admin-dashboard";
import {
  rangeDays,
  summarizeDays,
  type DashboardQuery,
  type DayFigures,
  type FigureTotals,
  type LowStockProduct,
  type TopProduct,
} from "~/features/dashboard/sales-figures";
import { db } from "~/platform/db/client.server";
import { loadShopSettings } from "~/features/settings/store-settings.server";
import { codConfirmationFigures } from "~/features/cod-confirmation/cod-confirmation.server";
import { recoveryFigures } from "~/features/checkout-recovery/recovery-sweep.server";
import { ordersMargin, type OrdersMargin } from "~/features/workshop/order-costs.server";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { ownerTodos, type TodoLine } from "./dashboard-queue.server";
import { counted, revenue } from "~/features/order-lifecycle/sales-sql.server";
import {
  moneyFigures,
  shippingMargin,
  type MoneyFigures,
  type ShippingMargin,
} from "~/features/month-end/money-figures.server";

/** The dashboard's all-time stat cards, read in one round trip. */
export async function dashboardStats(includeTest = false): Promise<DashboardStats> {
  const r = await db().execute<{
    products: string;
    categories: string;
    orders: string;
    revenue: string;
  }>(sql`
    select
      (select count(*) from products) as products,
      (select count(*) from categories) as categories,
      (select count(*) from orders where ${counted(includeTest)})
        + (select count(*) from custom_neon_orders where ${counted(includeTest)}) as orders,
      (select coalesce(sum(${revenue("orders")}), 0) from orders where ${counted(includeTest)})
        + (select coalesce(sum(${revenue("custom_neon_orders")}), 0) from custom_neon_orders where ${counted(includeTest)}) as revenue`);
  const row = r.rows[0]!;
  return {
    totalProducts: Number(row.products),
    totalCategories: Number(row.categories),
    totalOrders: Number(row.orders),
    totalRevenue: Number(row.revenue),
  };
}

/**
 * The test orders the figures leave out while "test orders" is off: how many, and what they took (issue 27: in
 * a demo every online order is a test order, so the dashboard says "N test orders (₹X) hidden").
 */
export async function hiddenTestOrders(): Promise<{ count: number; revenue: number }> {
  const r = await db().execute<{ n: string; revenue: string }>(sql`
    select
      (select count(*) from orders where is_test and ${counted(true)})
        + (select count(*) from custom_neon_orders where is_test and ${counted(true)}) as n,
      (select coalesce(sum(${revenue("orders")}), 0) from orders where is_test and ${counted(true)})
        + (select coalesce(sum(${revenue("custom_neon_orders")}), 0) from custom_neon_orders
            where is_test and ${counted(true)}) as revenue`);
  return { count: Number(r.rows[0]?.n ?? 0), revenue: Number(r.rows[0]?.revenue ?? 0) };
}

/**
 * The range's figures per IST day (every day present, zeros included), added up by PostgreSQL from both
 * kinds of order: one scan of each table's created_at index over the range.
 */
export async function dailyFigures(first: string, last: string, includeTest: boolean): Promise<DayFigures[]> {
  const one = (table: "orders" | "custom_neon_orders", kind: "ready" | "custom") => sql`
    select (created_at at time zone 'Asia/Kolkata')::date as day, ${kind}::text as kind,
           payment_method, status, total_amount, channel, ${revenue(table)} as revenue
      from ${sql.identifier(table)}
     where created_at >= (${first}::date)::timestamp at time zone 'Asia/Kolkata'
       and created_at < (${last}::date + 1)::timestamp at time zone 'Asia/Kolkata'
       and ${counted(includeTest)}`;
  const r = await db().execute<Record<keyof DayFigures, string>>(sql`
    with o as (${one("orders", "ready")} union all ${one("custom_neon_orders", "custom")})
    select to_char(d, 'YYYY-MM-DD') as day,
           count(o.kind) as orders,
           coalesce(sum(o.revenue), 0) as revenue,
           count(*) filter (where o.payment_method <> 'cod') as prepaid,
           count(*) filter (where o.payment_method = 'cod') as cod,
           count(*) filter (where o.status = 'cancelled') as cancelled,
           count(*) filter (where o.status = 'rto') as rto,
           count(*) filter (where o.status in ('dispatched', 'delivered', 'rto')) as shipped,
           coalesce(sum(o.total_amount) filter (where o.status not in ('cancelled', 'rto')), 0) as "keptValue",
           count(*) filter (where o.status not in ('cancelled', 'rto')) as kept,
           count(*) filter (where o.kind = 'ready') as "readyMadeOrders",
           coalesce(sum(o.revenue) filter (where o.kind = 'ready'), 0) as "readyMadeRevenue",
           count(*) filter (where o.kind = 'custom') as "customOrders",
           coalesce(sum(o.revenue) filter (where o.kind = 'custom'), 0) as "customRevenue",
           count(*) filter (where o.channel = 'website') as "websiteOrders",
           coalesce(sum(o.revenue) filter (where o.channel = 'website'), 0) as "websiteRevenue",
           count(*) filter (where o.channel = 'chat') as "chatOrders",
           coalesce(sum(o.revenue) filter (where o.channel = 'chat'), 0) as "chatRevenue"
      from generate_series(${first}::date, ${last}::date, interval '1 day') d
      left join o on o.day = d::date
     group by d
     order by d`);
  return r.rows.map((x) => {
    const out = { day: x.day } as DayFigures;
    for (const [k, v] of Object.entries(x)) if (k !== "day") (out as Record<string, unknown>)[k] = Number(v);
    return out;
  });
}

/** The range's best-selling ready-made products by units (orders neither cancelled nor returned). */
export async function topProducts(
  first: string,
  last: string,
  includeTest: boolean,
  limit = 5,
): Promise<TopProduct[]> {
  const r = await db().execute<{ key: string; name: string; units: string; sales: string }>(sql`
    select coalesce(i.product_id::text, i.product_name) as key, max(i.product_name) as name,
           sum(i.quantity) as units, sum(i.quantity * i.price) as sales
      from orders o
      join order_items i on i.order_id = o.id
     where o.created_at >= (${first}::date)::timestamp at time zone 'Asia/Kolkata'
       and o.created_at < (${last}::date + 1)::timestamp at time zone 'Asia/Kolkata'
       and ${counted(includeTest)} and o.status not in ('cancelled', 'rto')
     group by 1
     order by units desc, sales desc, name
     limit ${limit}`);
  return r.rows.map((x) => ({ key: x.key, name: x.name, units: Number(x.units), sales: Number(x.sales) }));
}

/** Active products at or below the owner's low-stock threshold, emptiest first. */
export async function lowStockProducts(threshold: number, limit = 10): Promise<LowStockProduct[]> {
  const r = await db().execute<{ id: string; name: string; stock: number }>(sql`
    select id, name, stock_quantity as stock from products
     where is_active and stock_quantity <= ${threshold}
     order by stock_quantity, name
     limit ${limit}`);
  return r.rows.map((x) => ({ id: x.id, name: x.name, stock: Number(x.stock) }));
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
       from orders where ${counted(true)} order by created_at desc limit ${limit})
    union all
    (select 'c-' || id, 'custom_order', 'custom_order', id::text, customer_name, total_amount, null, null, null, created_at
       from custom_neon_orders where ${counted(true)} order by created_at desc limit ${limit})
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

/**
 * The range's gross margin (issue 44, decision 061): over the orders placed in it that brought money in (those
 * whose revenue counts), each line's revenue without GST less its estimated cost of making (custom signs
 * measured, ready-made ones from the workshop settings).
 */
export async function grossMargin(first: string, last: string, includeTest: boolean): Promise<OrdersMargin> {
  const one = (table: "orders" | "custom_neon_orders", kind: OrderKind) => sql`
    select ${kind}::text as kind, id::text as id from ${sql.identifier(table)}
     where created_at >= (${first}::date)::timestamp at time zone 'Asia/Kolkata'
       and created_at < (${last}::date + 1)::timestamp at time zone 'Asia/Kolkata'
       and ${counted(includeTest)} and ${revenue(table)} > 0`;
  const r = await db().execute<{ kind: OrderKind; id: string }>(
    sql`${one("orders", "order")} union all ${one("custom_neon_orders", "custom")}`,
  );
  return ordersMargin(r.rows);
}

export type DashboardData = {
  query: DashboardQuery;
  first: string;
  last: string;
  stats: DashboardStats;
  days: DayFigures[];
  totals: FigureTotals;
  top: TopProduct[];
  lowStock: LowStockProduct[];
  lowStockThreshold: number;
  activity: ActivityItem[];
  /** Test orders left out of the figures (none counted while they are shown). */
  hiddenTest: { count: number; revenue: number };
  todos: TodoLine[];
  shipping: ShippingMargin;
  /** Gross margin (estimated) of the range's orders that brought money in. */
  margin: OrdersMargin;
  /** COD confirmation (issue 30) over the range's COD checkouts. */
  cod: Awaited<ReturnType<typeof codConfirmationFigures>>;
  /** Cart reminders (issue 30, decision 045) over the range's saved checkouts. */
  recovery: Awaited<ReturnType<typeof recoveryFigures>>;
  /** The money view (issue 45): received, refunds, fees, courier charges, COD outstanding, reached the bank. */
  money: MoneyFigures;
};

/** Everything the dashboard shows for a range of IST days ending today. */
export async function dashboardData(query: DashboardQuery, now: Date = new Date()): Promise<DashboardData> {
  const { first, last } = rangeDays(query.range, now);
  const { settings } = await loadShopSettings();
  const threshold = settings.limits.lowStockThreshold;
  const [stats, days, top, lowStock, activity, hiddenTest, todos, shipping, margin, cod, recovery, money] =
    await Promise.all([
      dashboardStats(query.test),
      dailyFigures(first, last, query.test),
      topProducts(first, last, query.test),
      lowStockProducts(threshold),
      recentActivity(),
      query.test ? { count: 0, revenue: 0 } : hiddenTestOrders(),
      ownerTodos(),
      shippingMargin(first, last, query.test),
      grossMargin(first, last, query.test),
      codConfirmationFigures(first, last),
      recoveryFigures(first, last),
      moneyFigures(first, last),
    ]);
  return {
    query,
    first,
    last,
    stats,
    days,
    totals: summarizeDays(days),
    top,
    lowStock,
    lowStockThreshold: threshold,
    activity,
    hiddenTest,
    todos,
    shipping,
    margin,
    cod,
    recovery,
    money,
  };
}
