import { useState } from "react";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/use-form";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";
import { CANCEL_SEVERAL_MAX } from "~/features/orders/order-flood";

/**
 * "Cancel selected" above an order list (issue 41): staff tick open orders (not confirmed, not paid), such as a
 * burst of fake cash-on-delivery orders, and cancel them in one action after a confirmation. Each is cancelled
 * as a single cancel would be (stock back, history, the shopper told); the server refuses without the right
 * to change orders.
 */
export function CancelSelected({
  selected,
  rowLabel,
  onClear,
}: {
  selected: readonly string[];
  /** "order" or "custom order": what a row is called. */
  rowLabel: string;
  onClear: () => void;
}) {
  const { fetcher, pending } = useFetcherForm({
    toast: { ok: "Orders cancelled", failed: "Orders not cancelled" },
    onAnswer: (a) => a.ok && onClear(),
  });
  const [asking, setAsking] = useState(false);
  const n = selected.length;
  const too = n > CANCEL_SEVERAL_MAX;

  if (n === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Tick open orders (not confirmed, not paid) to cancel several at once, for example a burst of fake
        orders.
      </p>
    );

  function submit() {
    const form = new FormData();
    form.set("intent", "cancel-several");
    form.set("orders", selected.join(","));
    void fetcher.submit(form, { method: "post" });
  }

  const what = `${n} ${rowLabel}${n === 1 ? "" : "s"}`;
  return (
    <div
      role="region"
      aria-label="Selected orders"
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
    >
      <p className="mr-auto">
        {what} selected
        {too ? `: at most ${CANCEL_SEVERAL_MAX} at once.` : "."}
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={onClear} disabled={pending}>
        Clear selection
      </Button>
      <Button
        type="button"
        variant="destructive"
        size="sm"
        disabled={pending || too}
        onClick={() => setAsking(true)}
      >
        {pending ? "Cancelling..." : `Cancel selected (${n})`}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        question={`Cancel ${what}?`}
        details="Each open order is cancelled and its stock returned, as a single cancel would be. Orders confirmed or paid in the meantime are left as they are."
        confirmLabel="Cancel orders"
        cancelLabel="Keep them"
        onConfirm={() => {
          setAsking(false);
          submit();
        }}
      />
    </div>
  );
}
