import { Ban, IndianRupee, ReceiptIndianRupee, ShoppingCart, TrendingUp, Undo2 } from "lucide-react";
import { Link } from "react-router";
import { DailyChart } from "~/features/dashboard/ui/daily-chart";
import {
  DaysTable,
  ListCard,
  RangePicker,
  ShareBar,
  StatCards,
} from "~/features/dashboard/ui/dashboard-sections";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { formatIsoDate } from "~/shared/ist-dates";
import { formatRupees } from "~/shared/money";
import { FIGURES_EXPLAINED, formatPercent } from "~/features/dashboard/sales-figures";
import type { DashboardData } from "~/features/dashboard/routes/admin-dashboard.server";
import { cn } from "~/ui/utils";

const plural = (n: number, w: string) => `${n.toLocaleString("en-IN")} ${w}${n === 1 ? "" : "s"}`;

/** What the gross margin counts, with its share and what it leaves out. */
function marginHint(m: DashboardData["margin"]): string {
  const share = m.percent === null ? "" : ` (${formatPercent(m.percent)})`;
  const left =
    m.unmeasured > 0 ? ` ${plural(m.unmeasured, "custom sign")} could not be measured and are left out.` : "";
  return `Estimated${share}: ${formatRupees(m.revenue)} of goods without GST, less ${formatRupees(m.cost)} to make them (workshop settings), over the orders that brought money in.${left}`;
}

/** A chart with its heading and what it counts. */
function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h3 className="font-semibold leading-none tracking-tight">{title}</h3>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

/** The dashboard's chosen period (7, 30 or 90 IST days): figures, charts, shares, top products, low stock. */
export function PeriodReport({ data }: { data: Omit<DashboardData, "stats" | "activity"> }) {
  const { query, first, last, days, totals: t, top, lowStock, lowStockThreshold } = data;
  const period = `${formatIsoDate(first)} – ${formatIsoDate(last)}`;
  const today = days.at(-1);
  return (
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

      <StatCards
        className="grid-cols-2 sm:grid-cols-3 xl:grid-cols-6"
        cards={[
          {
            id: "period-revenue",
            title: "Revenue",
            value: formatRupees(t.revenue),
            icon: IndianRupee,
            hint: FIGURES_EXPLAINED.revenue,
          },
          {
            id: "period-margin",
            title: "Gross Margin (estimated)",
            value: formatRupees(data.margin.margin),
            icon: TrendingUp,
            hint: marginHint(data.margin),
          },
          {
            id: "period-orders",
            title: "Orders",
            value: t.orders.toLocaleString("en-IN"),
            icon: ShoppingCart,
            hint: FIGURES_EXPLAINED.orders,
          },
          {
            id: "period-aov",
            title: "Average Order Value",
            value: formatRupees(t.averageOrderValue),
            icon: ReceiptIndianRupee,
            hint: FIGURES_EXPLAINED.aov,
          },
          {
            id: "period-rto",
            title: "RTO Rate",
            value: formatPercent(t.rtoRate),
            icon: Undo2,
            hint: `${FIGURES_EXPLAINED.rto} ${t.rto} of ${t.shipped}.`,
          },
          {
            id: "period-cancel",
            title: "Cancellation Rate",
            value: formatPercent(t.cancellationRate),
            icon: Ban,
            hint: `${FIGURES_EXPLAINED.cancellation} ${t.cancelled} of ${t.orders}.`,
          },
        ]}
      />

      {data.shipping.parcels > 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="shipping-margin">
          Shipping: {plural(data.shipping.parcels, "parcel")} booked with the courier; delivery fees{" "}
          {formatRupees(data.shipping.fees)}, courier charges {formatRupees(data.shipping.charges)},{" "}
          <span className={cn("font-medium", data.shipping.margin < 0 ? "text-red-400" : "text-foreground")}>
            {data.shipping.margin < 0 ? "loss" : "margin"} {formatRupees(Math.abs(data.shipping.margin))}
          </span>
          .
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <ChartCard title="Revenue per day" description="Money received, by the day the order was placed">
          <DailyChart
            kind="revenue"
            days={days.map((d) => ({ day: d.day, value: d.revenue }))}
            label={`Revenue per day, ${period}: ${formatRupees(t.revenue)} in all, ${formatRupees(today?.revenue ?? 0)} today.`}
          />
        </ChartCard>
        <ChartCard title="Orders per day" description="Ready-made and custom orders placed">
          <DailyChart
            kind="orders"
            days={days.map((d) => ({ day: d.day, value: d.orders }))}
            label={`Orders per day, ${period}: ${plural(t.orders, "order")} in all, ${plural(today?.orders ?? 0, "order")} today.`}
          />
          <DaysTable days={days} />
        </ChartCard>
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
          <ShareBar
            label="Sales by channel: website vs chat (orders)"
            parts={[
              { name: "Website", value: t.websiteOrders, detail: formatRupees(t.websiteRevenue) },
              { name: "Chat", value: t.chatOrders, detail: formatRupees(t.chatRevenue) },
            ]}
          />
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
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
  );
}
