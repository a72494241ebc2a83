import { useState } from "react";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/use-form";
import { isFlood, relatedLabel, type RelatedBy, type RelatedOpenOrders } from "~/features/orders/order-flood";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";

/**
 * Shown when other open orders share this order's phone or network address: cancel them all at once
 * (a flood of fake cash-on-delivery orders). Nothing is offered for a single order.
 */
export function RelatedOrdersControl({
  kind,
  id,
  related,
}: {
  kind: OrderKind;
  id: string;
  related: RelatedOpenOrders;
}) {
  const { fetcher, pending } = useFetcherForm({
    toast: { ok: "Orders cancelled", failed: "Failed to cancel orders" },
  });
  const [asking, setAsking] = useState<RelatedBy | null>(null);
  const options = (["phone", "client"] as const).filter((by) => isFlood(related, by));
  if (options.length === 0) return null;

  function confirm(by: RelatedBy) {
    const form = new FormData();
    form.set("intent", "cancel-related");
    form.set("kind", kind);
    form.set("id", id);
    form.set("by", by);
    void fetcher.submit(form, { method: "post" });
  }

  return (
    <div className="grid gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
      {options.map((by) => (
        <div key={by} className="flex flex-wrap items-center justify-between gap-2">
          <p>
            {related[by]} open orders (not confirmed, not paid) come from {relatedLabel(by)}.
          </p>
          <Button
            type="button"
            variant="destructive"
            size="sm"
            disabled={pending}
            onClick={() => setAsking(by)}
          >
            Cancel all {related[by]}
          </Button>
        </div>
      ))}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        question={asking ? `Cancel all ${related[asking]} open orders from ${relatedLabel(asking)}?` : ""}
        details="Each order is cancelled and its stock returned. Confirmed or paid orders are not touched."
        confirmLabel="Cancel orders"
        onConfirm={() => {
          if (asking) confirm(asking);
          setAsking(null);
        }}
      />
    </div>
  );
}
