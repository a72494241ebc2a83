import { formatRupees } from "~/shared/money";
import { formatIsoDate } from "~/shared/ist-dates";
import type { ShopperOrder } from "~/features/order-page/shopper-order.server";
import { OrderSection } from "~/features/order-page/ui/order-section";

type Props = {
  order: Pick<
    ShopperOrder,
    | "payment"
    | "refunds"
    | "estimatedDelivery"
    | "preferredDate"
    | "customerName"
    | "address"
    | "customerPhone"
    | "customerEmail"
  >;
};

/** How the order is paid (and what was refunded), when it should arrive, and where it goes. */
export function OrderPaymentDelivery({ order: o }: Props) {
  return (
    <OrderSection title="Payment and delivery">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Payment</dt>
          <dd className="font-medium">
            {o.payment.method}:{" "}
            {o.payment.isCod && o.payment.status === "Pending" ? "pay on delivery" : o.payment.status}
          </dd>
          {o.refunds.map((r) => (
            <dd key={r.id}>
              {r.label}: {formatRupees(r.amount)}
            </dd>
          ))}
        </div>
        <div>
          <dt className="text-muted-foreground">Estimated delivery</dt>
          <dd className="font-medium">{o.estimatedDelivery}</dd>
          {o.preferredDate ? <dd>Preferred date: {formatIsoDate(o.preferredDate)}</dd> : null}
        </div>
        <div className="sm:col-span-2">
          <dt className="text-muted-foreground">Delivery address</dt>
          <dd>
            {o.customerName}, {o.address}
          </dd>
          <dd className="text-muted-foreground">
            {o.customerPhone} · {o.customerEmail}
          </dd>
        </div>
      </dl>
    </OrderSection>
  );
}
