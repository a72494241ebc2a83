import { RequestReturn } from "~/features/after-sale/ui/request-return";
import type { ShopperOrder } from "~/features/order-page/shopper-order.server";
import { OrderSection } from "~/features/order-page/ui/order-section";

/** The order's returns so far, and the return form while it can be returned. */
export function OrderReturns({ returns, returnForm }: Pick<ShopperOrder, "returns" | "returnForm">) {
  return (
    <OrderSection title="Returns" contentClassName="space-y-3">
      {returns.length > 0 ? (
        <ul className="space-y-2 text-sm" aria-label="Your returns">
          {returns.map((r) => (
            <li key={r.id}>
              <span className="font-medium">{r.label}</span> · {r.reason}
              {r.note ? <span className="block text-muted-foreground">{r.note}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {returnForm ? <RequestReturn {...returnForm} /> : null}
    </OrderSection>
  );
}
