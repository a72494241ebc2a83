import { BellRing, HandCoins, ShoppingCart } from "lucide-react";
import { formatRupees } from "~/shared/money";
import type { DashboardData } from "~/features/dashboard/routes/admin-dashboard.server";
import { StatCards } from "./dashboard-sections";

/**
 * Cart reminders over the dashboard's period (issue 30, decision 045). A recovered order is one placed with an
 * abandoned checkout's e-mail or phone after a reminder was sent to it (found by the 5-minute sweep); its total
 * is the recovered revenue (app/features/checkout-recovery/recovery-sweep.server.ts).
 */
export function RecoveryCards({ figures, days }: { figures: DashboardData["recovery"]; days: number }) {
  if (figures.saved === 0) return null;
  return (
    <section aria-labelledby="cart-reminders-heading" className="space-y-3">
      <h2 id="cart-reminders-heading" className="text-lg font-semibold">
        Cart reminders, last {days} days
      </h2>
      <StatCards
        className="grid-cols-1 sm:grid-cols-3"
        cards={[
          {
            id: "stat-carts-saved",
            title: "Carts saved for reminders",
            value: String(figures.saved),
            icon: ShoppingCart,
            hint: `${figures.reminded} reminded; the others ordered, unsubscribed or are not due yet`,
          },
          {
            id: "stat-carts-recovered",
            title: "Recovered orders",
            value: String(figures.recovered),
            icon: BellRing,
            hint: "Orders with the cart's e-mail or phone placed after a reminder went",
          },
          {
            id: "stat-carts-revenue",
            title: "Recovered revenue",
            value: formatRupees(figures.revenue),
            icon: HandCoins,
            hint: "The totals of those orders",
          },
        ]}
      />
    </section>
  );
}
