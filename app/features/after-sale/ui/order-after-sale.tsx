import { formatIstDateTime } from "~/shared/ist-dates";
import { formatRupees } from "~/shared/money";
import { refundableAmount, REFUND_STATUS_LABELS } from "~/features/after-sale/refunds";
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS } from "~/features/after-sale/returns";
import type { AfterSale, AfterSaleOrder } from "./after-sale-view";
import { RefundForm } from "./refund-form";
import { RecordReturn, ReturnActions } from "./return-forms";

/** The order dialog's returns and refunds: their states, staff's next step, and a refund form. */
export function OrderAfterSale({ order, afterSale }: { order: AfterSaleOrder; afterSale: AfterSale }) {
  const paid = order.paymentStatus === "paid" || order.paymentStatus === "refunded" ? order.totalAmount : 0;
  const left = refundableAmount(paid, afterSale.refunds);
  const openReturn = afterSale.returns.some((r) => ["requested", "approved", "received"].includes(r.status));
  return (
    <div className="grid gap-3">
      {afterSale.returns.map((r) => (
        <div key={r.id} className="grid gap-2 rounded-md border p-3 text-sm">
          <p className="font-medium">
            {RETURN_STATUS_LABELS[r.status]} · {RETURN_REASON_LABELS[r.reason]}
          </p>
          <p className="text-muted-foreground">
            {formatIstDateTime(r.createdAt)} IST · asked by{" "}
            {r.requestedBy === "shopper" ? "the shopper" : "staff"}
          </p>
          <p className="break-words">{r.details}</p>
          {r.decisionNote ? <p className="break-words">Note: {r.decisionNote}</p> : null}
          <ReturnActions ret={r} order={order} left={left} />
        </div>
      ))}
      {afterSale.refunds.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Refunds">
          {afterSale.refunds.map((r) => (
            <li key={r.id}>
              {formatRupees(r.amount)}: {REFUND_STATUS_LABELS[r.status]} (
              {r.method === "razorpay" ? (r.razorpayRefundId ?? "Razorpay") : `ref. ${r.reference}`}) ·{" "}
              {r.reason}
              {r.failureReason ? <span className="text-destructive"> · {r.failureReason}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {paid > 0 ? (
        <p className="text-sm">
          Paid {formatRupees(paid)};{" "}
          {left > 0 ? `${formatRupees(left)} can still be refunded.` : "refunded in full."}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Nothing has been paid for this order yet, so nothing can be refunded.{" "}
          {order.paymentMethod === "cod"
            ? "Cash on delivery counts as paid once the order is marked Delivered; before that, cancel the order instead of refunding it."
            : "If the shopper paid in another way, record it first in the order's payment status."}
        </p>
      )}
      {paid > 0 && left > 0 && !openReturn ? <RefundForm order={order} left={left} /> : null}
      {order.status === "delivered" && !openReturn ? <RecordReturn order={order} /> : null}
    </div>
  );
}
