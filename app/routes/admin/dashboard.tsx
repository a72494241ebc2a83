import {
  Activity,
  Ban,
  FolderTree,
  IndianRupee,
  Package,
  Plus,
  ReceiptIndianRupee,
  ShoppingCart,
  Undo2,
} from "lucide-react";
import { Link } from "react-router";
import { DailyChart } from "~/components/admin/daily-chart";
import {
  ActivityRow,
  DaysTable,
  ListCard,
  RangePicker,
  ShareBar,
  StatCard,
} from "~/components/admin/dashboard-sections";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { formatIsoDate } from "~/domain/ist-dates";
import { formatRupees } from "~/domain/money";
import { FIGURES_EXPLAINED, formatPercent, parseDashboardQuery } from "~/domain/sales-figures";
import { adminMeta } from "~/lib/admin-meta";
import { useLiveRevalidate } from "~/lib/use-live-revalidate";
import { cn } from "~/lib/utils";
import { dashboardData } from "~/server/admin-dashboard.server";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return dashboardData(parseDashboardQuery(new URL(request.url).searchParams));
}

/** Tables whose changes refresh the dashboard. */
const LIVE_TABLES = [
  "products",
  "categories",
  "orders",
  "order_items",
  "custom_neon_orders",
  "order_status_history",
  "shop_settings",
] as const;

const QUICK_ACTIONS = [
  { to: "/admin/products?new=1", label: "Add Product" },
  { to: "/admin/categories?new=1", label: "Add Category" },
  { to: "/admin/banners?new=1", label: "Add Banner" },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    stats,
    activity,
    days,
    totals: t,
    top,
    lowStock,
    lowStockThreshold,
    query,
    first,
    last,
  } = loaderData;
  const { connected } = useLiveRevalidate({ url: "/api/admin/events", tables: LIVE_TABLES });
  const period = `${formatIsoDate(first)} – ${formatIsoDate(last)}`;
  const today = days.at(-1);
  const plural = (n: number, w: string) => `${n.toLocaleString("en-IN")} ${w}${n === 1 ? "" : "s"}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold md:text-3xl">Dashboard</h1>
          <p className="text-muted-foreground">Overview of your neon shop</p>
        </div>
        <p
          role="status"
          data-live={connected}
          className="flex items-center gap-2 text-xs text-muted-foreground"
        >
          <span
            className={cn("size-2 rounded-full", connected ? "bg-green-500" : "bg-muted-foreground")}
            aria-hidden="true"
          />
          {connected ? "Live updates on" : "Live updates paused"}
        </p>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          id="stat-products"
          title="Total Products"
          value={String(stats.totalProducts)}
          icon={Package}
          hint="In the catalogue"
        />
        <StatCard
          id="stat-categories"
          title="Total Categories"
          value={String(stats.totalCategories)}
          icon={FolderTree}
          hint="Product categories"
        />
        <StatCard
          id="stat-orders"
          title="Total Orders"
          value={String(stats.totalOrders)}
          icon={ShoppingCart}
          hint="All time, without abandoned online attempts"
        />
        <StatCard
          id="stat-revenue"
          title="Total Revenue"
          value={formatRupees(stats.totalRevenue)}
          icon={IndianRupee}
          hint="All time, money received"
        />
      </div>

      <section aria-labelledby="period-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="period-heading" className="text-xl font-semibold">
              Last {query.range} days
            </h2>
            <p className="text-sm text-muted-foreground">{period} (days in India)</p>
          </div>
          <RangePicker query={query} />
        </div>

        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <StatCard
            id="period-revenue"
            title="Revenue"
            value={formatRupees(t.revenue)}
            icon={IndianRupee}
            hint={FIGURES_EXPLAINED.revenue}
          />
          <StatCard
            id="period-orders"
            title="Orders"
            value={t.orders.toLocaleString("en-IN")}
            icon={ShoppingCart}
            hint={FIGURES_EXPLAINED.orders}
          />
          <StatCard
            id="period-aov"
            title="Average Order Value"
            value={formatRupees(t.averageOrderValue)}
            icon={ReceiptIndianRupee}
            hint={FIGURES_EXPLAINED.aov}
          />
          <StatCard
            id="period-rto"
            title="RTO Rate"
            value={formatPercent(t.rtoRate)}
            icon={Undo2}
            hint={`${FIGURES_EXPLAINED.rto} ${t.rto} of ${t.shipped}.`}
          />
          <StatCard
            id="period-cancel"
            title="Cancellation Rate"
            value={formatPercent(t.cancellationRate)}
            icon={Ban}
            hint={`${FIGURES_EXPLAINED.cancellation} ${t.cancelled} of ${t.orders}.`}
          />
        </div>

        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <h3 className="font-semibold leading-none tracking-tight">Revenue per day</h3>
              <CardDescription>Money received, by the day the order was placed</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              <DailyChart
                kind="revenue"
                days={days.map((d) => ({ day: d.day, value: d.revenue }))}
                label={`Revenue per day, ${period}: ${formatRupees(t.revenue)} in all, ${formatRupees(today?.revenue ?? 0)} today.`}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h3 className="font-semibold leading-none tracking-tight">Orders per day</h3>
              <CardDescription>Ready-made and custom orders placed</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              <DailyChart
                kind="orders"
                days={days.map((d) => ({ day: d.day, value: d.orders }))}
                label={`Orders per day, ${period}: ${plural(t.orders, "order")} in all, ${plural(today?.orders ?? 0, "order")} today.`}
              />
              <DaysTable days={days} />
            </CardContent>
          </Card>
        </div>

        <Card>
          <CardContent className="grid gap-6 pt-6 md:grid-cols-2">
            <ShareBar
              label="Prepaid vs cash on delivery (orders)"
              parts={[
                { name: "Prepaid", value: t.prepaid },
                { name: "COD", value: t.cod },
              ]}
            />
            <ShareBar
              label="Ready-made vs custom (orders)"
              parts={[
                { name: "Ready-made", value: t.readyMadeOrders, detail: formatRupees(t.readyMadeRevenue) },
                { name: "Custom", value: t.customOrders, detail: formatRupees(t.customRevenue) },
              ]}
            />
          </CardContent>
        </Card>

        <div className="grid gap-4 lg:grid-cols-2">
          <ListCard
            title="Top Products"
            description="Ready-made products by units sold (cancelled and returned orders left out)"
            empty={top.length === 0 ? "No products sold in this period." : null}
          >
            <ol className="grid gap-2" aria-label="Top products">
              {top.map((p, i) => (
                <li key={p.key} className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate">
                    {i + 1}. {p.name}
                  </span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">
                    {plural(p.units, "unit")} · {formatRupees(p.sales)}
                  </span>
                </li>
              ))}
            </ol>
          </ListCard>
          <ListCard
            title="Low Stock"
            description={`Active products with ${lowStockThreshold} or fewer units (change the number in Settings)`}
            empty={lowStock.length === 0 ? "No product is low on stock." : null}
          >
            <ul className="grid gap-2" aria-label="Low stock">
              {lowStock.map((p) => (
                <li key={p.id} className="flex items-baseline justify-between gap-3 text-sm">
                  <Link to="/admin/products" className="min-w-0 truncate hover:underline">
                    {p.name}
                  </Link>
                  <span
                    className={cn(
                      "shrink-0 tabular-nums",
                      p.stock === 0 ? "font-semibold text-destructive" : "text-muted-foreground",
                    )}
                  >
                    {p.stock === 0 ? "Out of stock" : plural(p.stock, "unit")}
                  </span>
                </li>
              ))}
            </ul>
          </ListCard>
        </div>
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader>
            <h2 className="font-semibold leading-none tracking-tight">Quick Actions</h2>
            <CardDescription>Common tasks</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {QUICK_ACTIONS.map((a, i) => (
              <Button key={a.to} asChild variant={i === 0 ? "default" : "outline"}>
                <Link to={a.to}>
                  <Plus aria-hidden="true" />
                  {a.label}
                </Link>
              </Button>
            ))}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <h2 className="flex items-center gap-2 font-semibold leading-none tracking-tight">
              <Activity className="size-5 text-primary" aria-hidden="true" />
              Recent Activity
            </h2>
            <CardDescription>Latest orders and status changes</CardDescription>
          </CardHeader>
          <CardContent>
            {activity.length === 0 ? (
              <p className="text-sm text-muted-foreground">No recent activity yet.</p>
            ) : (
              <ul aria-label="Recent activity">
                {activity.map((item) => (
                  <ActivityRow key={item.id} item={item} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
