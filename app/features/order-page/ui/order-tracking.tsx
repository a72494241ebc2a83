import { Truck } from "~/ui/icons";
import type { ShopperOrder } from "~/features/order-page/shopper-order.server";

/** The courier and tracking number of a dispatched order, with the courier's tracking link when known. */
export function OrderTracking({
  courier,
  trackingNumber,
  trackingUrl,
}: Pick<ShopperOrder, "courier" | "trackingNumber" | "trackingUrl">) {
  return (
    <div className="space-y-1 rounded-md border p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <Truck className="size-4" aria-hidden /> {courier}
      </p>
      <p>
        Tracking number: <span className="font-mono">{trackingNumber}</span>
      </p>
      {trackingUrl ? (
        <a href={trackingUrl} target="_blank" rel="noreferrer noopener" className="text-primary underline">
          Track your parcel
        </a>
      ) : null}
    </div>
  );
}
