import { Badge } from "~/ui/badge";
import { orderStatusLabel, paymentStatusLabel } from "~/features/order-lifecycle/order-status";
import { orderPaymentLabel } from "~/features/order-lifecycle/order-payment-label";

const AMBER = "bg-amber-100 text-amber-900 border-amber-200";
const EMERALD = "bg-emerald-100 text-emerald-900 border-emerald-200";
const ZINC = "bg-zinc-200 text-zinc-800 border-zinc-300";

const STATUS_TONES: Record<string, string> = {
  pending: AMBER,
  confirmed: "bg-sky-100 text-sky-900 border-sky-200",
  in_production: "bg-violet-100 text-violet-900 border-violet-200",
  dispatched: "bg-indigo-100 text-indigo-900 border-indigo-200",
  delivered: EMERALD,
  cancelled: ZINC,
  rto: "bg-orange-100 text-orange-900 border-orange-300",
};

const PAYMENT_TONES: Record<string, string> = {
  pending: AMBER,
  paid: EMERALD,
  failed: "bg-red-100 text-red-900 border-red-200",
  refunded: ZINC,
};

/** A status as a coloured badge (an unknown status looks like pending). */
function ToneBadge({ tone, label }: { tone: string | undefined; label: string }) {
  return (
    <Badge variant="outline" className={tone ?? AMBER}>
      {label}
    </Badge>
  );
}

/** An order's status as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  return <ToneBadge tone={STATUS_TONES[status]} label={orderStatusLabel(status)} />;
}

/** An order's payment status as a coloured badge ("Not collected" for a cancelled or returned COD order). */
export function PaymentBadge({
  status,
  order,
}: {
  status: string;
  order?: { paymentMethod: string; status: string };
}) {
  const label = order ? orderPaymentLabel({ ...order, paymentStatus: status }) : paymentStatusLabel(status);
  return <ToneBadge tone={PAYMENT_TONES[status]} label={label} />;
}
