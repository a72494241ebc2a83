import { Link } from "react-router";
import { AdminPageHeader } from "~/features/admin-shell/ui/admin-page-header";
import { MonitoringDropsCard } from "~/features/site-speed/ui/monitoring-drops";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
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
import { requireAdmin } from "~/platform/auth/auth.server";
import {
  droppedSummary,
  monitoringCaps,
  recentCspViolations,
  vitalsSummary,
} from "~/features/site-speed/vitals.server";
import type { Route } from "./+types/admin-site-speed";

export const meta: Route.MetaFunction = () => adminMeta("Site Speed");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const days = new URL(request.url).searchParams.get("days") === "28" ? 28 : 7;
  const [vitals, csp, dropped] = await Promise.all([
    vitalsSummary(days),
    recentCspViolations(days),
    droppedSummary(days),
  ]);
  return { days, vitals, csp, dropped, caps: monitoringCaps() };
}

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
    <div className="space-y-6">
      <AdminPageHeader
        title="Site Speed"
        description="How fast the shop is for real shoppers (75th percentile), and pages our security policy blocked something on."
      >
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
      </AdminPageHeader>
      <Card>
        <CardHeader>
          <CardTitle>Core Web Vitals by page</CardTitle>
          <CardDescription>
            Good at or under: LCP {formatMetric("LCP", THRESHOLDS.LCP.good)}, INP{" "}
            {formatMetric("INP", THRESHOLDS.INP.good)}, CLS {THRESHOLDS.CLS.good}, TTFB{" "}
            {formatMetric("TTFB", THRESHOLDS.TTFB.good)}. Poor above: LCP{" "}
            {formatMetric("LCP", THRESHOLDS.LCP.poor)}, INP {formatMetric("INP", THRESHOLDS.INP.poor)}, CLS{" "}
            {THRESHOLDS.CLS.poor}, TTFB {formatMetric("TTFB", THRESHOLDS.TTFB.poor)}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {vitals.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">
              No measurements in the last {days} days yet.
            </p>
          ) : (
            <Table scrollLabel="Core Web Vitals by page">
              <TableHeader>
                <TableRow>
                  <TableHead>Page</TableHead>
                  <TableHead>Device</TableHead>
                  {METRICS.map((m) => (
                    <TableHead key={m}>{m}</TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
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
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Blocked by the security policy</CardTitle>
          <CardDescription>
            Things browsers refused to load on our pages. A payment provider or script listed here may be
            stopping shoppers from paying.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {csp.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">Nothing blocked in the last {days} days.</p>
          ) : (
            <Table scrollLabel="Blocked by the security policy">
              <TableHeader>
                <TableRow>
                  <TableHead>Blocked</TableHead>
                  <TableHead>Rule</TableHead>
                  <TableHead>Page</TableHead>
                  <TableHead className="text-right">Times</TableHead>
                  <TableHead>Last seen</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {csp.map((v) => (
                  <TableRow key={`${v.blocked} ${v.directive} ${v.page}`}>
                    <TableCell className="font-mono whitespace-nowrap">{v.blocked}</TableCell>
                    <TableCell className="font-mono whitespace-nowrap">{v.directive}</TableCell>
                    <TableCell className="font-mono">{v.page}</TableCell>
                    <TableCell className="text-right">{v.count}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatIstDateTime(v.lastSeenAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <MonitoringDropsCard days={days} dropped={dropped} caps={caps} />
    </div>
  );
}
