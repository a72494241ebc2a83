import type { LucideIcon } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { activityTitle, type ActivityItem } from "~/features/dashboard/admin-dashboard";
import { formatIsoDate, formatIstMediumDateTime } from "~/shared/ist-dates";
import { formatRupees } from "~/shared/money";
import {
  DASHBOARD_RANGES,
  formatPercent,
  type DashboardQuery,
  type DayFigures,
} from "~/features/dashboard/sales-figures";
import { cn } from "~/ui/utils";

/** The dashboard's parts (app/features/dashboard/routes/dashboard-page.tsx puts them together). */

export function StatCard({
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
        <p className="text-2xl font-bold tabular-nums sm:text-3xl">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

type StatCardProps = Parameters<typeof StatCard>[0];

/** A row of stat cards (the grid's columns per screen width in `className`). */
export function StatCards({ cards, className }: { cards: StatCardProps[]; className: string }) {
  return (
    <div className={cn("grid gap-3 sm:gap-4", className)}>
      {cards.map((card) => (
        <StatCard key={card.id} {...card} />
      ))}
    </div>
  );
}

/** 7 / 30 / 90 days and "include test orders": a GET form, so the view lives in the URL. */
export function RangePicker({ query }: { query: DashboardQuery }) {
  const submit = useSubmit();
  const href = (range: number) => `?range=${range}${query.test ? "&test=1" : ""}`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <nav aria-label="Period" className="inline-flex rounded-md border bg-card p-0.5">
        {DASHBOARD_RANGES.map((r) => (
          <Link
            key={r}
            to={href(r)}
            preventScrollReset
            aria-current={query.range === r ? "page" : undefined}
            className={cn(
              "rounded px-3 py-1.5 text-sm font-medium",
              query.range === r
                ? "bg-primary text-primary-foreground"
                : "text-muted-foreground hover:bg-muted",
            )}
          >
            {r} days
          </Link>
        ))}
      </nav>
      <Form method="get" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
        <input type="hidden" name="range" value={query.range} />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="test"
            value="1"
            defaultChecked={query.test}
            key={String(query.test)}
            className="size-4 accent-primary"
          />
          Include test orders
        </label>
      </Form>
    </div>
  );
}

/** Two parts of a whole as one bar with words: "Prepaid 60% (12) · COD 40% (8)". */
export function ShareBar({
  label,
  parts,
}: {
  label: string;
  parts: [{ name: string; value: number; detail?: string }, { name: string; value: number; detail?: string }];
}) {
  const total = parts[0].value + parts[1].value;
  const share = (v: number) => (total > 0 ? Math.round((v / total) * 1000) / 10 : null);
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">{label}</h3>
      <div className="flex h-3 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        {total > 0 ? (
          <>
            <div className="bg-primary" style={{ width: `${share(parts[0].value)}%` }} />
            <div className="bg-neon-blue" style={{ width: `${share(parts[1].value)}%` }} />
          </>
        ) : null}
      </div>
      <p className="flex flex-wrap justify-between gap-x-4 text-sm">
        {parts.map((p, i) => (
          <span key={p.name} className="flex items-center gap-1.5">
            <span
              className={cn("size-2.5 rounded-full", i === 0 ? "bg-primary" : "bg-neon-blue")}
              aria-hidden="true"
            />
            {p.name} {formatPercent(share(p.value))} ({p.value.toLocaleString("en-IN")}
            {p.detail ? `, ${p.detail}` : ""})
          </span>
        ))}
      </p>
    </div>
  );
}

/** The daily numbers behind the charts, as a table (for screen readers and for checking a number). */
export function DaysTable({ days }: { days: DayFigures[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">Show the numbers per day</summary>
      <div className="mt-2 max-h-72 overflow-y-auto">
        <table className="w-full text-left">
          <thead>
            <tr className="border-b">
              <th className="py-1 font-medium">Day</th>
              <th className="py-1 text-right font-medium">Orders</th>
              <th className="py-1 text-right font-medium">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.day} className="border-b last:border-b-0">
                <td className="py-1">{formatIsoDate(d.day)}</td>
                <td className="py-1 text-right tabular-nums">{d.orders}</td>
                <td className="py-1 text-right tabular-nums">{formatRupees(d.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** A card with a heading, a line under it, and its list (or what it says when the list is empty). */
export function ListCard({
  title,
  description,
  empty = null,
  className,
  children,
}: {
  title: React.ReactNode;
  description: string;
  empty?: string | null;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold leading-none tracking-tight">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{empty ? <p className="text-sm text-muted-foreground">{empty}</p> : children}</CardContent>
    </Card>
  );
}

export function ActivityRow({ item }: { item: ActivityItem }) {
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
        <p className="break-words text-sm font-medium">{activityTitle(item)}</p>
        {details.length > 0 ? (
          <p className="truncate text-xs text-muted-foreground">{details.join(" · ")}</p>
        ) : null}
      </div>
      <time dateTime={item.at} className="shrink-0 text-xs text-muted-foreground">
        {formatIstMediumDateTime(item.at)}
      </time>
    </li>
  );
}
