import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import {
  DROP_KIND_LABEL,
  DROP_KINDS,
  DROP_REASON_LABEL,
  DROP_REASONS,
  type DropCounts,
  type DropKind,
  type DropReason,
  type MonitoringCaps,
} from "~/features/site-speed/web-vitals";

/** Only CSP reports can find the day full (vitals rows are bounded by the page list). */
const APPLIES: Record<DropKind, readonly DropReason[]> = {
  csp: DROP_REASONS,
  vitals: ["network-cap"],
};

/**
 * The Site Speed page's count of reports and beacons answered but not stored over the shown period, by
 * reason, with the shares that cause them (issue 25).
 */
export function MonitoringDropsCard({
  days,
  dropped,
  caps,
}: {
  days: number;
  dropped: DropCounts;
  caps: MonitoringCaps;
}) {
  const total = (kind: DropKind) => DROP_REASONS.reduce((sum, r) => sum + dropped[kind][r], 0);
  const any = DROP_KINDS.some((k) => total(k) > 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reports not counted</CardTitle>
        <CardDescription>
          So that no one can fill these lists or move the figures above, each network (one address, or one
          home&apos;s IPv6 block) may add {caps.vitalsPerPageDay} speed measurements per page and device a
          day, {caps.cspNewKindsPerDay} new blocked things and {caps.cspReportsPerDay} security reports a day,
          and a day keeps at most {caps.cspKindsPerDay} blocked things. Anything beyond is accepted but not
          counted. Large numbers here mean someone flooded the reports.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!any ? (
          <p className="py-4 text-center text-muted-foreground">
            Nothing was left out in the last {days} days.
          </p>
        ) : (
          <Table scrollLabel="Reports not counted">
            <TableHeader>
              <TableRow>
                <TableHead>Report</TableHead>
                {DROP_REASONS.map((r) => (
                  <TableHead key={r} className="text-right">
                    {DROP_REASON_LABEL[r]}
                  </TableHead>
                ))}
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {DROP_KINDS.map((kind) => (
                <TableRow key={kind}>
                  <TableCell>{DROP_KIND_LABEL[kind]}</TableCell>
                  {DROP_REASONS.map((r) => (
                    <TableCell key={r} className="text-right tabular-nums">
                      {APPLIES[kind].includes(r) ? (
                        dropped[kind][r]
                      ) : (
                        <span className="text-muted-foreground" title="Does not apply">
                          –
                        </span>
                      )}
                    </TableCell>
                  ))}
                  <TableCell className="text-right font-semibold tabular-nums">{total(kind)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
