import { CircleCheck, Timer, TimerOff } from "lucide-react";
import { durationText } from "~/features/cod-confirmation/cod-confirmation";
import type { DashboardData } from "~/features/dashboard/routes/admin-dashboard.server";
import { StatCards } from "./dashboard-sections";

/** COD confirmation over the period (issue 30): how many shoppers confirmed, how fast, how many the clock cancelled. */
export function CodConfirmationCards({ cod, days }: { cod: DashboardData["cod"]; days: number }) {
  if (cod.requested === 0) return null;
  return (
    <section aria-labelledby="cod-confirmation-heading" className="space-y-3">
      <h2 id="cod-confirmation-heading" className="text-lg font-semibold">
        COD confirmation, last {days} days
      </h2>
      <StatCards
        className="grid-cols-1 sm:grid-cols-3"
        cards={[
          {
            id: "stat-cod-rate",
            title: "Confirmation rate",
            value: cod.rate === null ? "–" : `${Math.round(cod.rate * 100)}%`,
            icon: CircleCheck,
            hint: `${cod.confirmed} of ${cod.requested - cod.waiting} answered or expired; ${cod.waiting} waiting`,
          },
          {
            id: "stat-cod-median",
            title: "Median time to confirm",
            value: durationText(cod.medianMinutes),
            icon: Timer,
            hint: "From placing the order to its confirmation",
          },
          {
            id: "stat-cod-expired",
            title: "Auto-cancelled",
            value: String(cod.autoCancelled),
            icon: TimerOff,
            hint: "Not confirmed in time; stock returned",
          },
        ]}
      />
    </section>
  );
}
