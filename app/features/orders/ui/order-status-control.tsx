import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import {
  orderStatusLabel,
  RTO_REASON_IDS,
  RTO_REASON_LABELS,
  type OrderStatus,
} from "~/features/order-lifecycle/order-status";
import { checkStatusMove, nextStatuses, statusChangeSchema } from "~/features/order-workflow/order-workflow";
import { ChangeTarget, NoteAndSave, selectClass, useChangeForm, type OrderRef } from "./order-change-form";

/** The status control of the details dialog: only the moves the workflow allows are offered. */
export function StatusControl({ order }: { order: OrderRef }) {
  const form = useChangeForm(order, "status", statusChangeSchema);
  const { field } = form;
  const options = nextStatuses(order.status).filter(
    // The form asks for what a move needs (courier, reason): only the order decides here.
    (to) => checkStatusMove(order, { to, courier: "x", trackingNumber: "x", rtoReason: "refused" }).ok,
  );
  const [to, setTo] = useState<OrderStatus | "">(options[0] ?? "");
  useEffect(() => setTo(options[0] ?? ""), [order.status]); // eslint-disable-line react-hooks/exhaustive-deps
  const blocked = nextStatuses(order.status).length > 0 && options.length === 0;
  // Cancelling cannot be undone: the form is sent only after the staff member confirms it.
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);

  if (options.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {blocked
          ? "An online order can be confirmed only after it is paid."
          : order.status === "rto"
            ? "This order came back to us (RTO); its status cannot change any more."
            : `This order is ${orderStatusLabel(order.status).toLowerCase()}; its status cannot change any more.`}
      </p>
    );
  }
  const codUnpaid = order.paymentMethod === "cod" && order.paymentStatus !== "paid";
  return (
    <>
      <form.fetcher.Form
        ref={formRef}
        method="post"
        className="grid gap-3"
        aria-label="Change order status"
        {...form.props}
        onSubmit={(e) => {
          form.onSubmit(e);
          if (!e.defaultPrevented && to === "cancelled") {
            e.preventDefault();
            setConfirming(true);
          }
        }}
      >
        <ChangeTarget intent="status" order={order} />
        <Field {...field("to", "New status")}>
          {(control) => (
            <select
              {...control}
              value={to}
              onChange={(e) => setTo(e.target.value as OrderStatus)}
              className={selectClass}
            >
              {options.map((s) => (
                <option key={s} value={s}>
                  {orderStatusLabel(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {to === "dispatched" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field {...field("courier", "Courier")}>
              {(control) => <Input {...control} required maxLength={80} />}
            </Field>
            <Field {...field("trackingNumber", "Tracking number", "tracking")}>
              {(control) => <Input {...control} required maxLength={80} />}
            </Field>
          </div>
        ) : null}
        {to === "delivered" && codUnpaid ? (
          <p className="text-sm text-muted-foreground">
            Cash on delivery: delivering it records the cash as collected (payment Paid).
          </p>
        ) : null}
        {to === "rto" ? (
          <Field {...field("rtoReason", "Why did it come back?", "rto")}>
            {(control) => (
              <select {...control} defaultValue="" className={selectClass} required>
                <option value="" disabled>
                  Choose a reason
                </option>
                {RTO_REASON_IDS.map((r) => (
                  <option key={r} value={r}>
                    {RTO_REASON_LABELS[r]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {(to === "cancelled" || to === "rto") && order.kind === "order" ? (
          <p className="text-sm text-muted-foreground">
            {to === "cancelled" ? "Cancelling" : "Marking it returned"} puts the ordered quantities back into
            stock.
          </p>
        ) : null}
        {to === "in_production" && order.kind === "custom" ? (
          <Field
            {...field(
              "proofOverride",
              "Reason to go ahead without an approved proof (only if the shopper has not approved it)",
              "proof-override",
            )}
          >
            {(control) => <Input {...control} maxLength={300} />}
          </Field>
        ) : null}
        <NoteAndSave
          field={field}
          label={to === "rto" ? "Note (needed for Other)" : "Note (optional)"}
          pending={form.pending}
          save={to === "cancelled" ? "Cancel Order" : "Update Status"}
          variant={to === "cancelled" ? "destructive" : "default"}
        />
      </form.fetcher.Form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question="Cancel this order?"
        details={
          order.kind === "order"
            ? "The order is cancelled for good and its items go back into stock. This cannot be undone."
            : "The order is cancelled for good. This cannot be undone."
        }
        confirmLabel="Yes, cancel order"
        cancelLabel="Keep order"
        onConfirm={() => {
          setConfirming(false);
          if (formRef.current) void form.fetcher.submit(formRef.current);
        }}
      />
    </>
  );
}
