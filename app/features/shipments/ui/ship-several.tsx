import { FileDown, Truck } from "lucide-react";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { EmptyNote } from "~/features/admin-shell/ui/admin-list";
import { formatRupees } from "~/shared/money";
import { formatIstDate } from "~/shared/ist-dates";
import { useFetcherForm } from "~/ui/use-form";
import type { BatchOutcome, readyToShip } from "~/features/shipments/courier-batch.server";

type Ready = Awaited<ReturnType<typeof readyToShip>>;

/**
 * "Ready to ship" (issue 28): orders in production in India without a booking; staff tick several and
 * "Ship selected": each is booked with the courier, then one manifest PDF for all of them. What was booked
 * (with each label) and what failed, and why, are shown under the button.
 */
export function ShipSeveral({ rows, max, booking }: { rows: Ready; max: number; booking: boolean }) {
  const { fetcher, pending } = useFetcherForm<{ ok: boolean; message?: string; batch?: BatchOutcome }>({
    toast: { ok: "Shipped", failed: "Not shipped" },
  });
  const batch = fetcher.data?.batch;
  if (!booking)
    return (
      <p className="text-sm text-muted-foreground">
        Courier booking needs Shiprocket keys (Settings &gt; Keys); ship each order by hand from its page.
      </p>
    );
  return (
    <Card>
      <CardContent className="space-y-4 p-3 sm:p-6">
        {rows.length === 0 ? (
          <EmptyNote className="p-4">No order in production is waiting for the courier.</EmptyNote>
        ) : (
          <fetcher.Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="ship-several" />
            <p className="text-sm text-muted-foreground">
              Tick up to {max} orders: each is booked with the courier chosen in Settings (Courier) among
              those that serve its PIN (and collect cash for COD), and one manifest is made for the pickup.
            </p>
            <ul className="divide-y rounded-md border" aria-label="Orders ready to ship">
              {rows.map((r) => (
                <li key={r.id}>
                  <label className="flex items-center gap-3 p-2 text-sm">
                    <input type="checkbox" name="order" value={`${r.kind}:${r.id}`} className="size-4" />
                    <span className="font-mono font-medium">#{r.displayId}</span>
                    <span className="min-w-0 flex-1 truncate">
                      {r.customerName} · PIN {r.pincode}
                    </span>
                    <span className="whitespace-nowrap text-muted-foreground">
                      {r.cod ? "COD" : "Prepaid"} {formatRupees(r.total)}
                      <span className="hidden sm:inline"> · {formatIstDate(r.createdAt)}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <Button type="submit" disabled={pending}>
              <Truck aria-hidden /> {pending ? "Shipping..." : "Ship selected"}
            </Button>
          </fetcher.Form>
        )}
        {batch ? (
          <div className="space-y-2 text-sm" role="status">
            {batch.manifestUrl ? (
              <a
                href={batch.manifestUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary underline"
              >
                <FileDown className="size-4" aria-hidden /> Manifest for {batch.booked.length} parcels (PDF)
              </a>
            ) : null}
            {batch.manifestError ? <p className="text-red-400">No manifest: {batch.manifestError}</p> : null}
            <ul className="space-y-1">
              {batch.booked.map((b) => (
                <li key={b.displayId}>
                  #{b.displayId}: {b.courierName}, AWB <span className="font-mono">{b.awb}</span>
                  {b.labelUrl ? (
                    <>
                      {" "}
                      <a
                        href={b.labelUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-primary underline"
                      >
                        label
                      </a>
                    </>
                  ) : null}
                </li>
              ))}
              {batch.failed.map((f) => (
                <li key={f.displayId} className="text-red-400">
                  #{f.displayId}: {f.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
