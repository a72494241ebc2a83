import { paymentStatusLabel } from "~/features/order-lifecycle/order-status";

/**
 * The payment as shown for an order: a cash-on-delivery order cancelled or returned before payment was never
 * collected and never will be, so it reads "Not collected", not "Pending".
 */
export function orderPaymentLabel(o: {
  paymentMethod: string;
  paymentStatus: string;
  status: string;
}): string {
  if (
    o.paymentMethod === "cod" &&
    o.paymentStatus === "pending" &&
    (o.status === "cancelled" || o.status === "rto")
  )
    return "Not collected";
  return paymentStatusLabel(o.paymentStatus);
}
