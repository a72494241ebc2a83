import { Badge } from "~/ui/badge";
import { orderStatusLabel, paymentStatusLabel } from "~/features/order-lifecycle/order-status";

/** An order's status as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  const tone: Record<string, string> = {
    pending: "bg-amber-100 text-amber-900 border-amber-200",
    confirmed: "bg-sky-100 text-sky-900 border-sky-200",
    in_production: "bg-violet-100 text-violet-900 border-violet-200",
    dispatched: "bg-indigo-100 text-indigo-900 border-indigo-200",
    delivered: "bg-emerald-100 text-emerald-900 border-emerald-200",
    cancelled: "bg-zinc-200 text-zinc-800 border-zinc-300",
    rto: "bg-orange-100 text-orange-900 border-orange-300",
  };
  return (
    <Badge variant="outline" className={tone[status] ?? tone.pending}>
      {orderStatusLabel(status)}
    </Badge>
  );
}

/** An order's payment status as a coloured badge. */
export function PaymentBadge({ status }: { status: string }) {
  const tone: Record<string, string> = {
    pending: "bg-amber-100 text-amber-900 border-amber-200",
    paid: "bg-emerald-100 text-emerald-900 border-emerald-200",
    failed: "bg-red-100 text-red-900 border-red-200",
    refunded: "bg-zinc-200 text-zinc-800 border-zinc-300",
  };
  return (
    <Badge variant="outline" className={tone[status] ?? tone.pending}>
      {paymentStatusLabel(status)}
    </Badge>
  );
}
