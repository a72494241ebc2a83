import { Activity, FolderTree, IndianRupee, Package, Plus, ShoppingCart } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { can } from "~/shared/staff-access";
import { homeOf } from "~/features/admin-shell/admin-nav";
import { PeriodReport } from "~/features/dashboard/ui/dashboard-period";
import { ActivityRow, ListCard, StatCards } from "~/features/dashboard/ui/dashboard-sections";
import { HiddenTestOrders, OwnerQueue } from "~/features/dashboard/ui/owner-queue";
import { CodConfirmationCards } from "~/features/dashboard/ui/cod-confirmation-cards";
import { RecoveryCards } from "~/features/dashboard/ui/recovery-cards";
import { MoneyView } from "~/features/month-end/ui/money-view";
import { GoLiveChecklist } from "~/features/dashboard/ui/go-live-checklist";
import { goLiveStatus, goLiveTickAction } from "~/features/dashboard/go-live.server";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { Button } from "~/ui/button";
import { formatRupees } from "~/shared/money";
import { parseDashboardQuery } from "~/features/dashboard/sales-figures";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { dashboardData } from "~/features/dashboard/routes/admin-dashboard.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import type { Route } from "./+types/dashboard-page";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, "self");
  // The dashboard is for the Owner and Accounts; the other roles land on their first page instead.
  if (!can(user.role, "dashboard")) throw redirect(homeOf(user.role));
  // A bad period in the address shows the default one with a message (400).
  const { error, ...query } = parseDashboardQuery(new URL(request.url).searchParams);
  const [figures, goLive] = await Promise.all([dashboardData(query), goLiveStatus()]);
  return data({ ...figures, goLive, error: error ?? null }, { status: error ? 400 : 200 });
}

/** The go-live checklist's ticks (admins only). */
export const action = (args: Route.ActionArgs) => goLiveTickAction(args);

/** Tables whose changes refresh the dashboard. */
const LIVE_TABLES = [
  "products",
  "categories",
  "orders",
  "order_items",
  "custom_neon_orders",
  "order_status_history",
  "shop_settings",
  "refunds",
  "return_requests",
  "design_proofs",
  "logo_quotes",
  "cod_confirmations",
  "gateway_settlement_lines",
  "cod_remittances",
] as const;

const QUICK_ACTIONS = [
  { to: "/admin/products?new=1", label: "Add Product" },
  { to: "/admin/categories?new=1", label: "Add Category" },
  { to: "/admin/banners?new=1", label: "Add Banner" },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, activity, query, error, hiddenTest, todos, goLive } = loaderData;
  return (
    <AdminPage title="Dashboard" description="Overview of your neon shop" liveTables={LIVE_TABLES}>
      {goLive.done ? null : <GoLiveChecklist {...goLive} />}
      <OwnerQueue todos={todos} />
      <StatCards
        className="grid-cols-2 xl:grid-cols-4"
        cards={[
          {
            id: "stat-products",
            title: "Total Products",
            value: String(stats.totalProducts),
            icon: Package,
            hint: "In the catalogue",
          },
          {
            id: "stat-categories",
            title: "Total Categories",
            value: String(stats.totalCategories),
            icon: FolderTree,
            hint: "Product categories",
          },
          {
            id: "stat-orders",
            title: "Total Orders",
            value: String(stats.totalOrders),
            icon: ShoppingCart,
            hint: "All time, without abandoned online attempts",
          },
          {
            id: "stat-revenue",
            title: "Total Revenue",
            value: formatRupees(stats.totalRevenue),
            icon: IndianRupee,
            hint: "All time, money received",
          },
        ]}
      />
      <HiddenTestOrders hidden={hiddenTest} range={query.range} />

      {error ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {error} Showing the last {query.range} days.
        </p>
      ) : null}
      <PeriodReport data={loaderData} />
      <MoneyView
        money={loaderData.money}
        page="/admin/money"
        description={`Orders placed in the last ${query.range} days, test orders left out: what reached the bank after refunds, Razorpay's fees, courier charges and the cash couriers still hold.`}
      />
      <CodConfirmationCards cod={loaderData.cod} days={query.range} />
      <RecoveryCards figures={loaderData.recovery} days={query.range} />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3 [&>*]:min-w-0">
        <ListCard title="Quick Actions" description="Common tasks" className="lg:col-span-1">
          <div className="flex flex-col gap-3">
            {QUICK_ACTIONS.map((a, i) => (
              <Button key={a.to} asChild variant={i === 0 ? "default" : "outline"}>
                <Link to={a.to}>
                  <Plus aria-hidden="true" />
                  {a.label}
                </Link>
              </Button>
            ))}
          </div>
        </ListCard>
        <ListCard
          title={
            <>
              <Activity className="size-5 text-primary" aria-hidden="true" />
              Recent Activity
            </>
          }
          description="Latest orders and status changes"
          className="lg:col-span-2"
          empty={activity.length === 0 ? "No recent activity yet." : null}
        >
          <ul aria-label="Recent activity">
            {activity.map((item) => (
              <ActivityRow key={item.id} item={item} />
            ))}
          </ul>
        </ListCard>
      </div>
      {goLive.done ? <GoLiveChecklist {...goLive} /> : null}
    </AdminPage>
  );
}
