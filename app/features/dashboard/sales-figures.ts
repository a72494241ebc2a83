import { addDays, todayInIndia } from "~/shared/ist-dates";
import { isAbandonedAttempt } from "~/features/order-lifecycle/order-status";
import { z } from "~/shared/zod";

/*
 * The owner dashboard's numbers (PRODUCT.md, issue 17 "honest numbers"). One definition of what counts,
 * mirrored by the SQL in app/features/order-lifecycle/sales-sql.server.ts (an integration test checks both agree):
 *
 * - An order is every regular or custom order except an abandoned online attempt (online payment never
 *   made: pending or failed). Test-gateway orders are left out unless staff include them.
 * - Revenue is money actually received: online orders that are paid, plus cash on delivery orders that
 *   were delivered (cash collected), less the refunds processed for them; refunded payments count 0. A COD order returned to origin (RTO) never
 *   paid anything, so it is not revenue.
 * - Days are days in India (IST), by the day the order was placed.
 */

export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const dashboardQuerySchema = z.object({
  range: z
    .preprocess(
      (v) => (v === undefined || v === null || v === "" ? "30" : v),
      z.enum(["7", "30", "90"], "Choose 7, 30 or 90 days."),
    )
    .transform((v) => Number(v) as DashboardRange),
  test: z
    .preprocess((v) => v === "1" || v === "on" || v === "true", z.boolean())
    .optional()
    .transform((v) => v === true),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** The dashboard's URL query, parsed; a bad value falls back to the default (30 days, no test orders). */
export function parseDashboardQuery(params: URLSearchParams): DashboardQuery & { error?: string } {
  const parsed = dashboardQuerySchema.safeParse({
    range: params.get("range") ?? undefined,
    test: params.get("test") ?? undefined,
  });
  if (parsed.success) return parsed.data;
  return { range: 30, test: params.get("test") === "1", error: "Choose 7, 30 or 90 days." };
}

export type FigureOrder = {
  paymentMethod: string;
  paymentStatus: string;
  status: string;
  totalAmount: number;
  isTest?: boolean;
  /** Refunds processed for the order (partial ones included), in rupees. */
  refunded?: number;
};

/** Whether an order counts as an order at all (not an abandoned online attempt). */
export function countsAsOrder(o: FigureOrder, includeTest = false): boolean {
  return !isAbandonedAttempt(o) && (includeTest || !o.isTest);
}

/** The money an order has actually brought in, in rupees (see the definition above). */
export function revenueOf(o: FigureOrder): number {
  if (o.paymentStatus === "refunded") return 0;
  const received =
    o.paymentMethod !== "cod"
      ? o.paymentStatus === "paid"
        ? o.totalAmount
        : 0
      : o.status === "delivered" && (o.paymentStatus === "paid" || o.paymentStatus === "pending")
        ? o.totalAmount
        : 0;
  return Math.max(0, received - (o.refunded ?? 0));
}

/** The dashboard's words for what it counts (shown under the numbers). */
export const FIGURES_EXPLAINED = {
  revenue:
    "Money received: paid online orders plus delivered cash-on-delivery orders, less refunds (partial ones too). Unpaid online attempts are not counted.",
  orders: "Ready-made and custom orders placed, without abandoned online payment attempts.",
  aov: "Average value of the orders placed, cancelled and returned (RTO) orders left out.",
  rto: "Share of dispatched orders that came back (returned to origin).",
  cancellation: "Share of orders placed that were cancelled.",
} as const;

/** One IST day of the range, as the SQL adds it up. */
export type DayFigures = {
  day: string;
  orders: number;
  revenue: number;
  prepaid: number;
  cod: number;
  cancelled: number;
  rto: number;
  /** Orders that left the shop: dispatched, delivered or returned. */
  shipped: number;
  /** Totals and count of orders neither cancelled nor returned (for the average order value). */
  keptValue: number;
  kept: number;
  readyMadeOrders: number;
  readyMadeRevenue: number;
  customOrders: number;
  customRevenue: number;
  /** Where the orders were made (issue 46): the shop's checkout, or staff in a chat with a pay link. */
  websiteOrders: number;
  websiteRevenue: number;
  chatOrders: number;
  chatRevenue: number;
};

export type FigureTotals = Omit<DayFigures, "day"> & {
  averageOrderValue: number;
  /** Percentages with one decimal, null when there is nothing to divide by. */
  rtoRate: number | null;
  cancellationRate: number | null;
  prepaidShare: number | null;
};

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

export type TopProduct = { key: string; name: string; units: number; sales: number };
export type LowStockProduct = { id: string; name: string; stock: number };

/** The range's totals and rates from its days. */
export function summarizeDays(days: DayFigures[]): FigureTotals {
  const sum = (k: keyof Omit<DayFigures, "day">) => days.reduce((s, d) => s + d[k], 0);
  const t = {
    orders: sum("orders"),
    revenue: sum("revenue"),
    prepaid: sum("prepaid"),
    cod: sum("cod"),
    cancelled: sum("cancelled"),
    rto: sum("rto"),
    shipped: sum("shipped"),
    keptValue: sum("keptValue"),
    kept: sum("kept"),
    readyMadeOrders: sum("readyMadeOrders"),
    readyMadeRevenue: sum("readyMadeRevenue"),
    customOrders: sum("customOrders"),
    customRevenue: sum("customRevenue"),
    websiteOrders: sum("websiteOrders"),
    websiteRevenue: sum("websiteRevenue"),
    chatOrders: sum("chatOrders"),
    chatRevenue: sum("chatRevenue"),
  };
  return {
    ...t,
    averageOrderValue: t.kept > 0 ? Math.round(t.keptValue / t.kept) : 0,
    rtoRate: percent(t.rto, t.shipped),
    cancellationRate: percent(t.cancelled, t.orders),
    prepaidShare: percent(t.prepaid, t.orders),
  };
}

/** The first and last IST day of a range ending today (both included). */
export function rangeDays(range: DashboardRange, now: Date = new Date()): { first: string; last: string } {
  const last = todayInIndia(now);
  return { first: addDays(last, -(range - 1)), last };
}

/** "45.2%" or "–" when there is nothing to divide by. */
export function formatPercent(p: number | null): string {
  return p === null ? "–" : `${p.toLocaleString("en-IN", { maximumFractionDigits: 1 })}%`;
}
