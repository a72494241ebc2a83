import { RETURN_STATUS_LABELS, type ReturnStatus } from "~/features/after-sale/returns";
import { formatIstDateTime } from "~/shared/ist-dates";
import { orderStatusLabel, paymentStatusLabel } from "~/features/order-lifecycle/order-status";
import type { HistoryEntry } from "~/features/orders/admin-order-details.server";

/** Every change of the order, oldest first, starting with its placing. */
export function OrderTimeline({ createdAt, history }: { createdAt: string; history: HistoryEntry[] }) {
  const label = (field: string, v: string | null) =>
    v === null
      ? "none"
      : field === "status"
        ? orderStatusLabel(v)
        : field === "return"
          ? (RETURN_STATUS_LABELS[v as ReturnStatus] ?? v)
          : paymentStatusLabel(v);
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
          <p className="text-sm font-medium">
            {h.field === "status" ? "Status" : h.field === "return" ? "Return" : "Payment"}:{" "}
            {h.field === "return" && h.fromValue === null ? "" : `${label(h.field, h.fromValue)} → `}
            {label(h.field, h.toValue)}
          </p>
          <p className="text-xs text-muted-foreground">
            {formatIstDateTime(h.createdAt)} IST · {h.changedByEmail ?? "System"}
          </p>
          {h.note ? <p className="mt-1 text-sm">{h.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
