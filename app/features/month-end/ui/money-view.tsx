import { Link } from "react-router";
import { SectionCard } from "~/features/admin-shell/ui/admin-list";
import { formatPaise } from "~/features/invoices/gst-tax";
import type { MoneyFigures } from "~/features/month-end/money-figures.server";

/* The money view (issue 45): on the dashboard for its range and on the money page for its period. */

const rupees = (r: number) => `₹${formatPaise(Math.round(r * 100))}`;

/**
 * Received − refunds = revenue; − Razorpay's fees, − courier charges, − cash the couriers still hold = what
 * reached the bank. Each line links to its rows: `page` is the money page for the same days.
 */
export function MoneyView({
  money,
  page,
  title = "Money",
  description,
}: {
  money: MoneyFigures;
  page: string;
  title?: string;
  description: string;
}) {
  const lines: { id: string; label: string; value: string; to: string; note?: string; total?: boolean }[] = [
    { id: "received", label: "Received", value: rupees(money.received), to: "/admin/purchases" },
    { id: "refunds", label: "Refunds", value: `− ${rupees(money.refunds)}`, to: `${page}#refunds` },
    { id: "revenue", label: "Revenue", value: rupees(money.revenue), to: "/admin/purchases", total: true },
    {
      id: "fees",
      label: "Razorpay fees and GST on them",
      value: `− ${rupees(money.gatewayFees)}`,
      to: `${page}#settlements`,
      note: money.unsettled
        ? `${money.unsettled} ${money.unsettled === 1 ? "payment is" : "payments are"} not settled yet: ${money.unsettled === 1 ? "its fee is" : "their fees are"} not known.`
        : undefined,
    },
    {
      id: "courier",
      label: "Courier charges",
      value: `− ${rupees(money.courierCharges)}`,
      to: "/admin/shipments",
    },
    {
      id: "cod",
      label: "Cash on delivery still with couriers",
      value: `− ${rupees(money.codOutstanding)}`,
      to: `${page}#cod`,
    },
    {
      id: "bank",
      label: "Reached the bank",
      value: rupees(money.reachedBank),
      to: `${page}#settlements`,
      total: true,
    },
  ];
  return (
    <SectionCard level={2} title={title} description={description}>
      <dl className="grid gap-1 text-sm" aria-label={title}>
        {lines.map((l) => (
          <div
            key={l.id}
            data-testid={`money-${l.id}`}
            className={`flex flex-wrap items-baseline justify-between gap-x-4 py-1 ${l.total ? "border-t font-semibold" : ""}`}
          >
            <dt>
              <Link className="underline-offset-2 hover:underline" to={l.to}>
                {l.label}
              </Link>
              {l.note ? (
                <span className="block text-xs font-normal text-muted-foreground">{l.note}</span>
              ) : null}
            </dt>
            <dd className="tabular-nums">{l.value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
