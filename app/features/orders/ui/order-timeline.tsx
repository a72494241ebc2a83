import { formatIstDateTime } from "~/shared/ist-dates";
import { timelineHeading } from "~/features/orders/order-timeline-text";
import type { HistoryEntry } from "~/features/orders/admin-order-details.server";

/** Every change of the order, oldest first, starting with its placing. */
export function OrderTimeline({ createdAt, history }: { createdAt: string; history: HistoryEntry[] }) {
  return (
    <ol className="relative grid gap-4 border-l pl-5" aria-label="Order timeline">
      <li className="relative">
        <span
          className="absolute -left-[1.56rem] top-1.5 size-2.5 rounded-full bg-primary"
          aria-hidden="true"
        />
        <p className="text-sm font-medium">Order placed</p>
        <p className="text-xs text-muted-foreground">{formatIstDateTime(createdAt)} IST</p>
      </li>
      {history.map((h) => (
        <li key={h.id} className="relative">
          <span
            className="absolute -left-[1.56rem] top-1.5 size-2.5 rounded-full bg-primary"
            aria-hidden="true"
          />
          <p className="text-sm font-medium">{timelineHeading(h)}</p>
          <p className="text-xs text-muted-foreground">
            {formatIstDateTime(h.createdAt)} IST · {h.changedByEmail ?? "System"}
          </p>
          {h.note ? <p className="mt-1 text-sm">{h.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
