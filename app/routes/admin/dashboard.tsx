import {
  Activity,
  FolderTree,
  IndianRupee,
  Package,
  Plus,
  ShoppingCart,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { activityTitle, type ActivityItem } from "~/domain/admin-dashboard";
import { formatRupees } from "~/domain/money";
import { adminMeta } from "~/lib/admin-meta";
import { useLiveRevalidate } from "~/lib/use-live-revalidate";
import { cn } from "~/lib/utils";
import { dashboardData } from "~/server/admin-dashboard.server";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return dashboardData();
}

/** Tables whose changes refresh the dashboard. */
const LIVE_TABLES = [
  "products",
  "categories",
  "orders",
  "custom_neon_orders",
  "order_status_history",
] as const;

const when = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

function StatCard({
  id,
  title,
  value,
  icon: Icon,
  hint,
}: {
  id: string;
  title: string;
  value: string;
  icon: LucideIcon;
  hint: string;
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <h2 id={id} className="text-sm font-medium text-muted-foreground">
          {title}
        </h2>
        <Icon className="size-5 text-primary" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tabular-nums">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const details = [
    item.customerName,
    item.amount !== null ? formatRupees(item.amount) : null,
    item.by ? `by ${item.by}` : null,
  ].filter(Boolean);
  return (
    <li className="flex items-start gap-3 border-b py-3 last:border-b-0">
      <span
        className={cn(
          "mt-1.5 size-2 shrink-0 rounded-full",
          item.kind === "order" || item.kind === "custom_order" ? "bg-primary" : "bg-neon-blue",
        )}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{activityTitle(item)}</p>
        {details.length > 0 ? (
          <p className="truncate text-xs text-muted-foreground">{details.join(" · ")}</p>
        ) : null}
      </div>
      <time dateTime={item.at} className="shrink-0 text-xs text-muted-foreground">
        {when.format(new Date(item.at))}
      </time>
    </li>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, activity } = loaderData;
  const { connected } = useLiveRevalidate({ url: "/api/admin/events", tables: LIVE_TABLES });

  return (
    <div className="flex flex-col gap-8">
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

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
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
          hint="Regular and custom orders"
        />
        <StatCard
          id="stat-revenue"
          title="Total Revenue"
          value={formatRupees(stats.totalRevenue)}
          icon={IndianRupee}
          hint="Orders not cancelled"
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader>
            <h2 className="font-semibold leading-none tracking-tight">Quick Actions</h2>
            <CardDescription>Common tasks</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Button asChild>
              <Link to="/admin/products">
                <Plus aria-hidden="true" />
                Add Product
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/categories">
                <Plus aria-hidden="true" />
                Add Category
              </Link>
            </Button>
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
