import { Activity, FolderTree, IndianRupee, Package, Plus, ShoppingCart } from "lucide-react";
import { data, Link } from "react-router";
import { PeriodReport } from "~/features/dashboard/ui/dashboard-period";
import { ActivityRow, StatCard } from "~/features/dashboard/ui/dashboard-sections";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { formatRupees } from "~/shared/money";
import { parseDashboardQuery } from "~/features/dashboard/sales-figures";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import { cn } from "~/ui/utils";
import { dashboardData } from "~/features/dashboard/routes/admin-dashboard.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import type { Route } from "./+types/dashboard-page";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // A bad period in the address shows the default one with a message (400).
  const { error, ...query } = parseDashboardQuery(new URL(request.url).searchParams);
  return data({ ...(await dashboardData(query)), error: error ?? null }, { status: error ? 400 : 200 });
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
    error,
  } = loaderData;
  const { connected } = useLiveRevalidate({ url: "/api/admin/events", tables: LIVE_TABLES });

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

      {error ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {error} Showing the last {query.range} days.
        </p>
      ) : null}
      <PeriodReport
        query={query}
        first={first}
        last={last}
        days={days}
        totals={t}
        top={top}
        lowStock={lowStock}
        lowStockThreshold={lowStockThreshold}
      />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3 [&>*]:min-w-0">
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
