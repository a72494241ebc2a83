import { FileDown, Truck, XCircle } from "lucide-react";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/use-form";
import { formatRupees } from "~/shared/money";
import type { courierSection } from "~/features/shipments/courier-booking.server";

/** The shopper's NDR answers as staff read them (the labels' short form; the rules module holds zod). */
const NDR_ANSWER_WORDS: Record<string, string> = {
  reattempt: "try again",
  change: "new address or phone",
  cancel: "cancel, send it back",
};

type Props = {
  kind: "order" | "custom";
  orderId: string;
  status: string;
  courierShipping: Awaited<ReturnType<typeof courierSection>>;
};

/**
 * The details dialog's "Courier" section (issue 28): "Book courier" for an order in production when
 * Shiprocket is set up (the order is sent, a courier assigned with its AWB, the pickup scheduled, and the
 * order dispatched), then the courier, AWB, charge and the label PDF; a failed booking's reason stays
 * shown until a retry succeeds. Without Shiprocket, staff ship by typing the courier in Order Status.
 */
export function OrderCourierPanel({ orderId, status, courierShipping }: Props) {
  const { fetcher, pending } = useFetcherForm({ toast: { ok: "Courier booked", failed: "Not booked" } });
  const { fetcher: cancelFetcher, pending: cancelling } = useFetcherForm({
    toast: { ok: "Shipment cancelled", failed: "Not cancelled" },
  });
  const s = courierShipping.shipment;
  if (!courierShipping.booking && !s) {
    return (
      <p className="text-sm text-muted-foreground">
        Manual shipping: book the parcel on the courier&apos;s site, then choose Dispatched in Order Status
        with the courier and tracking number.
      </p>
    );
  }
  return (
    <div className="grid gap-3 text-sm">
      {s?.booked ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Courier</dt>
          <dd>{s.courierName}</dd>
          <dt className="text-muted-foreground">AWB</dt>
          <dd className="font-mono">{s.awb}</dd>
          <dt className="text-muted-foreground">Courier charge</dt>
          <dd>{s.courierCharge === null ? "—" : formatRupees(s.courierCharge)}</dd>
          <dt className="text-muted-foreground">Payment</dt>
          <dd>{s.cod ? "Cash on delivery" : "Prepaid"}</dd>
          <dt className="text-muted-foreground">Pickup</dt>
          <dd>{s.pickupScheduledFor ?? "—"}</dd>
        </dl>
      ) : null}
      {s?.labelUrl ? (
        <a
          href={s.labelUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          <FileDown className="size-4" aria-hidden /> Shipping label (PDF)
        </a>
      ) : null}
      {s?.ndr ? (
        <div role="status" className="rounded-md border border-amber-600 p-2">
          <p className="font-medium">
            Delivery failed{s.ndr.reason ? `: ${s.ndr.reason}` : ""}.{" "}
            {s.ndr.answer
              ? `The shopper answered "${NDR_ANSWER_WORDS[s.ndr.answer] ?? s.ndr.answer}"${
                  s.ndr.sent ? "; sent to the courier." : "; being sent to the courier."
                }`
              : "Waiting for the shopper's answer on the order page."}
          </p>
          {s.ndr.lastError ? <p className="text-red-400">Not sent yet: {s.ndr.lastError}</p> : null}
        </div>
      ) : null}
      {s?.booked && s.trackingStage === null ? (
        <cancelFetcher.Form method="post">
          <input type="hidden" name="intent" value="cancel-shipment" />
          <input type="hidden" name="id" value={orderId} />
          <Button type="submit" size="sm" variant="outline" disabled={cancelling}>
            <XCircle aria-hidden /> {cancelling ? "Cancelling..." : "Cancel shipment"}
          </Button>
        </cancelFetcher.Form>
      ) : null}
      {s?.lastError && !s.booked ? (
        <p role="alert" className="text-red-400">
          Last attempt failed: {s.lastError}
        </p>
      ) : null}
      {courierShipping.offers?.refusal ? (
        <p className="text-muted-foreground">{courierShipping.offers.refusal}</p>
      ) : !s?.booked && status === "in_production" ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="book-courier" />
          <input type="hidden" name="id" value={orderId} />
          {courierShipping.offers?.couriers.length ? (
            <label className="mb-2 grid min-w-0 gap-1">
              <span className="text-muted-foreground">Courier (price to the shop, days in transit)</span>
              <select
                name="courierId"
                defaultValue={courierShipping.offers.picked ?? undefined}
                className="w-full min-w-0 rounded-md border bg-background p-2"
              >
                {courierShipping.offers.couriers.map((c) => (
                  <option key={c.courierId} value={c.courierId}>
                    {c.name}: {formatRupees(c.rate)}, {c.transitDays} {c.transitDays === 1 ? "day" : "days"}
                    {c.courierId === courierShipping.offers!.picked
                      ? ` (${courierShipping.offers!.pickedWhy})`
                      : ""}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {courierShipping.offers?.parcel ? (
            <p className="mb-2 text-muted-foreground">
              Parcel: {courierShipping.offers.parcel.lengthCm} × {courierShipping.offers.parcel.breadthCm} ×{" "}
              {courierShipping.offers.parcel.heightCm} cm, {courierShipping.offers.parcel.weightKg} kg (box
              sizes in Settings, Courier)
            </p>
          ) : null}
          <Button type="submit" size="sm" disabled={pending}>
            <Truck aria-hidden /> {pending ? "Booking..." : s ? "Retry booking" : "Book courier"}
          </Button>
        </fetcher.Form>
      ) : !s?.booked ? (
        <p className="text-muted-foreground">
          Book the courier when the order is in production (ready to ship).
        </p>
      ) : null}
    </div>
  );
}
