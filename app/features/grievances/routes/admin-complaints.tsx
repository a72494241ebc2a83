import { Link } from "react-router";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { Badge } from "~/ui/badge";
import { Card, CardContent } from "~/ui/card";
import { cn } from "~/ui/utils";
import { INBOX_FILTER_LABELS, INBOX_FILTERS } from "~/features/grievances/grievance-staff";
import { ComplaintClock } from "~/features/grievances/ui/complaint-clock";
import { adminComplaintsLoader } from "./admin-complaints.server";
import type { Route } from "./+types/admin-complaints";

export const meta: Route.MetaFunction = () => adminMeta("Complaints");

export function loader({ request }: Route.LoaderArgs) {
  return adminComplaintsLoader(request);
}

/** Tables whose changes reload the page. */
const LIVE_TABLES = ["grievances", "grievance_messages"] as const;

/** The grievance desk's inbox: tickets with their two clocks, filtered by status. */
export default function AdminComplaints({ loaderData }: Route.ComponentProps) {
  const { filter, tickets } = loaderData;
  return (
    <AdminPage
      title="Complaints"
      description="Acknowledge each complaint within 48 hours and resolve it within one month of receipt (times in IST)."
      liveTables={LIVE_TABLES}
    >
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
        {INBOX_FILTERS.map((f) => (
          <Link
            key={f}
            to={`?status=${f}`}
            aria-current={f === filter ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm",
              f === filter ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
            )}
          >
            {INBOX_FILTER_LABELS[f]}
          </Link>
        ))}
      </nav>
      {tickets.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No complaints here.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Complaints">
          {tickets.map((t) => (
            <li key={t.id}>
              <Card
                className={cn(
                  (t.acknowledge === "overdue" || t.resolve === "overdue") && "border-red-500/70",
                )}
              >
                <CardContent className="grid gap-2 pt-4 sm:grid-cols-[1fr_auto] sm:items-center">
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <Link
                        to={`/admin/complaints/${t.id}`}
                        className="font-mono font-semibold text-primary underline-offset-2 hover:underline"
                      >
                        {t.number}
                      </Link>
                      <Badge variant={t.status === "resolved" ? "secondary" : "outline"}>
                        {t.statusLabel}
                      </Badge>
                    </p>
                    <p className="truncate text-sm">
                      {t.customerName} · {t.category}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Received {t.receivedAt} IST ·{" "}
                      {t.assignee ? `Assigned to ${t.assignee}` : "Not assigned"}
                    </p>
                  </div>
                  <div className="flex flex-col gap-1 sm:text-right">
                    <ComplaintClock label="Acknowledge by" due={t.acknowledgeBy} state={t.acknowledge} />
                    <ComplaintClock label="Resolve by" due={t.resolveBy} state={t.resolve} />
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
