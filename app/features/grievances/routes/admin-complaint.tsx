import { Link } from "react-router";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminHeaders, adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { Badge } from "~/ui/badge";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { ComplaintThread } from "~/features/grievances/ui/complaint-thread";
import { ComplaintClock } from "~/features/grievances/ui/complaint-clock";
import { StaffActions } from "~/features/grievances/ui/staff-actions";
import { adminComplaintAction, adminComplaintLoader } from "./admin-complaints.server";
import type { Route } from "./+types/admin-complaint";
import { formatPhone } from "~/shared/phone-numbers";

export const meta: Route.MetaFunction = ({ data: d }) =>
  adminMeta(d ? `Complaint ${d.ticket.number}` : "Complaint");

export const headers: Route.HeadersFunction = () => adminHeaders();

export function loader({ request, params }: Route.LoaderArgs) {
  return adminComplaintLoader(request, params.id);
}

export const action = adminComplaintAction;

const LIVE_TABLES = ["grievances", "grievance_messages"] as const;

/** One complaint: the shopper, the order, the clocks, the thread with internal notes, and staff's actions. */
export default function AdminComplaint({ loaderData }: Route.ComponentProps) {
  const { ticket: t, staff } = loaderData;
  return (
    <AdminPage
      title={`Complaint ${t.number}`}
      description={`${t.category} · received ${t.receivedAt} IST`}
      liveTables={LIVE_TABLES}
      action={
        <Link to="/admin/complaints" className="text-sm text-primary underline underline-offset-2">
          All complaints
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <Card>
            <CardContent className="grid gap-3 pt-6 text-sm sm:grid-cols-2">
              <div>
                <p className="text-muted-foreground">Shopper</p>
                <p className="font-medium">{t.customerName}</p>
                <p className="break-all">{t.customerEmail}</p>
                {t.customerPhone ? <p>{formatPhone(t.customerPhone)}</p> : null}
              </div>
              <div className="space-y-1">
                <p className="text-muted-foreground">Status</p>
                <Badge variant={t.status === "resolved" ? "secondary" : "outline"}>{t.statusLabel}</Badge>
                <p>{t.assignee ? `Assigned to ${t.assignee}` : "Not assigned"}</p>
              </div>
              <div>
                <p className="text-muted-foreground">Order</p>
                {t.order ? (
                  <Link to={t.order.href} className="font-mono text-primary underline underline-offset-2">
                    {t.order.ref}
                  </Link>
                ) : t.orderRef ? (
                  <p>
                    <span className="font-mono">{t.orderRef}</span>{" "}
                    <span className="text-muted-foreground">(no order with this number and contact)</span>
                  </p>
                ) : (
                  <p>None given</p>
                )}
              </div>
              <div className="flex flex-col gap-1">
                <p className="text-muted-foreground">Clocks</p>
                <ComplaintClock label="Acknowledge by" due={t.acknowledgeBy} state={t.acknowledge} />
                <ComplaintClock label="Resolve by" due={t.resolveBy} state={t.resolve} />
                {t.acknowledgedAt ? (
                  <p className="text-xs text-muted-foreground">Acknowledged {t.acknowledgedAt} IST</p>
                ) : null}
                {t.resolvedAt ? (
                  <p className="text-xs text-muted-foreground">
                    Resolved {t.resolvedAt} IST by {t.resolvedByEmail}
                  </p>
                ) : null}
              </div>
            </CardContent>
          </Card>
          {t.resolution ? (
            <Card className="border-green-600/60">
              <CardHeader>
                <h2 className="text-lg font-semibold">Resolution</h2>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-line text-sm">{t.resolution}</p>
              </CardContent>
            </Card>
          ) : null}
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold">Thread</h2>
            </CardHeader>
            <CardContent>
              <ComplaintThread
                audience="staff"
                photo={t.photo}
                messages={[
                  { id: "description", kind: "shopper", body: t.description, at: t.receivedAt },
                  ...t.messages,
                ]}
              />
            </CardContent>
          </Card>
        </div>
        <StaffActions ticket={t} staff={staff} />
      </div>
    </AdminPage>
  );
}
