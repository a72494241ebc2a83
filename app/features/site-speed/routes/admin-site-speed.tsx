import { Link } from "react-router";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { MonitoringDropsCard } from "~/features/site-speed/ui/monitoring-drops";
import { buttonVariants } from "~/ui/button";
import { AdminTable, EmptyNote, SectionCard } from "~/features/admin-shell/ui/admin-list";
import { TableCell, TableRow } from "~/ui/table";
import { formatIstDateTime } from "~/shared/ist-dates";
import {
  formatMetric,
  METRICS,
  rate,
  THRESHOLDS,
  type MetricName,
  type Rating,
} from "~/features/site-speed/web-vitals";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { cn } from "~/ui/utils";
import {
  droppedSummary,
  monitoringCaps,
  recentCspViolations,
  vitalsSummary,
} from "~/features/site-speed/vitals.server";
import { adminLoader } from "~/features/admin-shell/admin-route.server";
import type { Route } from "./+types/admin-site-speed";

export const meta: Route.MetaFunction = () => adminMeta("Site Speed");

export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const days = new URL(request.url).searchParams.get("days") === "28" ? 28 : 7;
  const [vitals, csp, dropped] = await Promise.all([
    vitalsSummary(days),
    recentCspViolations(days),
    droppedSummary(days),
  ]);
  return { days, vitals, csp, dropped, caps: monitoringCaps() };
}, "settings");

const RATING_LABEL: Record<Rating, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};
// Dark text on light chips: each pair is above 4.5:1.
const RATING_CLASS: Record<Rating, string> = {
  good: "bg-green-200 text-green-950",
  "needs-improvement": "bg-amber-200 text-amber-950",
  poor: "bg-red-200 text-red-950",
};

function MetricCell({ metric, p75, count }: { metric: MetricName; p75: number | null; count: number }) {
  if (p75 === null) return <span className="text-muted-foreground">No data</span>;
  const r = rate(metric, p75);
  return (
    <div className="flex flex-col items-start gap-1">
      <span
        className={cn("rounded px-2 py-0.5 text-sm font-semibold whitespace-nowrap", RATING_CLASS[r])}
        title={RATING_LABEL[r]}
      >
        {formatMetric(metric, p75)} · {RATING_LABEL[r]}
      </span>
      <span className="text-xs text-muted-foreground">
        {count} {count === 1 ? "visit" : "visits"}
      </span>
    </div>
  );
}

export default function AdminVitals({ loaderData }: Route.ComponentProps) {
  const { days, vitals, csp, dropped, caps } = loaderData;
  return (
    <AdminPage
      title="Site Speed"
      description="How fast the shop is for real shoppers (75th percentile), and pages our security policy blocked something on."
      action={
        <nav aria-label="Period" className="flex gap-2">
          {[7, 28].map((d) => (
            <Link
              key={d}
              to={`?days=${d}`}
              aria-current={d === days ? "page" : undefined}
              className={buttonVariants({ variant: d === days ? "default" : "outline", size: "sm" })}
            >
              Last {d} days
            </Link>
          ))}
        </nav>
      }
    >
      <SectionCard
        title="Core Web Vitals by page"
        description={
          <>
            Good at or under: LCP {formatMetric("LCP", THRESHOLDS.LCP.good)}, INP{" "}
            {formatMetric("INP", THRESHOLDS.INP.good)}, CLS {THRESHOLDS.CLS.good}, TTFB{" "}
            {formatMetric("TTFB", THRESHOLDS.TTFB.good)}. Poor above: LCP{" "}
            {formatMetric("LCP", THRESHOLDS.LCP.poor)}, INP {formatMetric("INP", THRESHOLDS.INP.poor)}, CLS{" "}
            {THRESHOLDS.CLS.poor}, TTFB {formatMetric("TTFB", THRESHOLDS.TTFB.poor)}.
          </>
        }
      >
        {vitals.length === 0 ? (
          <EmptyNote className="py-8">No measurements in the last {days} days yet.</EmptyNote>
        ) : (
          <AdminTable scrollLabel="Core Web Vitals by page" columns={["Page", "Device", ...METRICS]}>
            {vitals.map((row) => (
              <TableRow key={`${row.page} ${row.device}`}>
                <TableCell className="font-mono">{row.page}</TableCell>
                <TableCell>{row.device === "mobile" ? "Mobile" : "Desktop"}</TableCell>
                {METRICS.map((m) => (
                  <TableCell key={m}>
                    <MetricCell metric={m} p75={row.metrics[m].p75} count={row.metrics[m].count} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </AdminTable>
        )}
      </SectionCard>
      <SectionCard
        title="Blocked by the security policy"
        description="Things browsers refused to load on our pages. A payment provider or script listed here may be stopping shoppers from paying."
      >
        {csp.length === 0 ? (
          <EmptyNote className="py-8">Nothing blocked in the last {days} days.</EmptyNote>
        ) : (
          <AdminTable
            scrollLabel="Blocked by the security policy"
            columns={["Blocked", "Rule", "Page", { label: "Times", className: "text-right" }, "Last seen"]}
          >
            {csp.map((v) => (
              <TableRow key={`${v.blocked} ${v.directive} ${v.page}`}>
                <TableCell className="font-mono whitespace-nowrap">{v.blocked}</TableCell>
                <TableCell className="font-mono whitespace-nowrap">{v.directive}</TableCell>
                <TableCell className="font-mono">{v.page}</TableCell>
                <TableCell className="text-right">{v.count}</TableCell>
                <TableCell className="whitespace-nowrap">{formatIstDateTime(v.lastSeenAt)}</TableCell>
              </TableRow>
            ))}
          </AdminTable>
        )}
      </SectionCard>
      <MonitoringDropsCard days={days} dropped={dropped} caps={caps} />
    </AdminPage>
  );
}
