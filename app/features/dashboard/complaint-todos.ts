import type { GrievanceWarnings } from "~/features/grievances/grievances";

type Line = { id: string; label: string; hint: string; count: number; href: string; alert?: string };

/** "2 overdue, 1 due soon", or nothing when neither. */
function alertOf(overdue: number, near: number, soon: string): string | undefined {
  const parts = [overdue > 0 ? `${overdue} overdue` : "", near > 0 ? `${near} ${soon}` : ""].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : undefined;
}

/**
 * The complaint lines of the owner's queue (issue 32): tickets waiting for their 48-hour acknowledgement and
 * for their resolution within one month, with those near or past the clock's end as a warning.
 */
export function complaintTodos(w: GrievanceWarnings): Line[] {
  const ack = alertOf(w.acknowledgeOverdue, w.acknowledgeNear, "due within 12 hours");
  const res = alertOf(w.resolveOverdue, w.resolveNear, "due within 5 days");
  return [
    {
      id: "complaint-ack",
      label: "Complaints to acknowledge",
      hint: "Acknowledge within 48 hours of receipt",
      count: w.toAcknowledge,
      href: "/admin/complaints?status=new",
      ...(ack ? { alert: ack } : {}),
    },
    {
      id: "complaint-resolve",
      label: "Complaints to resolve",
      hint: "Resolve within one month of receipt",
      count: w.toResolve,
      href: "/admin/complaints?status=unresolved",
      ...(res ? { alert: res } : {}),
    },
  ];
}
