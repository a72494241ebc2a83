import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";
import { Checkbox } from "~/ui/checkbox";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { Label } from "~/ui/label";
import {
  orderStatusLabel,
  RTO_REASON_IDS,
  RTO_REASON_LABELS,
  type OrderStatus,
} from "~/features/order-lifecycle/order-status";
import { checkStatusMove, nextStatuses, statusChangeSchema } from "~/features/orders/order-workflow";
import { useFormErrors } from "~/ui/use-form-errors";
import type { OrderActionResult } from "~/shared/admin-forms";
import {
  selectClass,
  submitIfValid,
  useAnswerErrors,
  useResultToast,
  type OrderRef,
} from "./order-change-form";

/** The status control of the details dialog: only the moves the workflow allows are offered. */
export function StatusControl({ order }: { order: OrderRef }) {
  const fetcher = useFetcher<OrderActionResult>();
  useResultToast(fetcher.data, fetcher.state);
  const options = nextStatuses(order.status).filter(
    // The form asks for what a move needs (courier, reason): only the order decides here.
    (to) => checkStatusMove(order, { to, courier: "x", trackingNumber: "x", rtoReason: "refused" }).ok,
  );
  const [to, setTo] = useState<OrderStatus | "">(options[0] ?? "");
  useEffect(() => setTo(options[0] ?? ""), [order.status]); // eslint-disable-line react-hooks/exhaustive-deps
  const { errors, validate, onChange, onBlur } = useFormErrors(statusChangeSchema, {
    serverErrors: useAnswerErrors(fetcher.data),
  });
  const busy = fetcher.state !== "idle";
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
  const id = (k: string) => `${order.id}-status-${k}`;
  return (
    <>
      <fetcher.Form
        ref={formRef}
        method="post"
        className="grid gap-3"
        aria-label="Change order status"
        noValidate
        onSubmit={(e) => {
          submitIfValid(e, validate);
          if (!e.defaultPrevented && to === "cancelled") {
            e.preventDefault();
            setConfirming(true);
          }
        }}
        onChange={onChange}
        onBlur={onBlur}
      >
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="kind" value={order.kind} />
        <input type="hidden" name="id" value={order.id} />
        <input type="hidden" name="expected" value={order.status} />
        <Field id={id("to")} name="to" label="New status" error={errors.to} className="gap-1.5">
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
            <Field
              id={id("courier")}
              name="courier"
              label="Courier"
              error={errors.courier}
              className="gap-1.5"
            >
              {(control) => <Input {...control} required maxLength={80} />}
            </Field>
            <Field
              id={id("tracking")}
              name="trackingNumber"
              label="Tracking number"
              error={errors.trackingNumber}
              className="gap-1.5"
            >
              {(control) => <Input {...control} required maxLength={80} />}
            </Field>
          </div>
        ) : null}
        {to === "delivered" && codUnpaid ? (
          <div className="flex items-center gap-2">
            <Checkbox id={id("paid")} name="markPaid" value="on" />
            <Label htmlFor={id("paid")}>Cash collected: mark the payment as paid</Label>
          </div>
        ) : null}
        {to === "rto" ? (
          <Field
            id={id("rto")}
            name="rtoReason"
            label="Why did it come back?"
            error={errors.rtoReason}
            className="gap-1.5"
          >
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
            id={id("proof-override")}
            name="proofOverride"
            label="Reason to go ahead without an approved proof (only if the shopper has not approved it)"
            error={errors.proofOverride}
            className="gap-1.5"
          >
            {(control) => <Input {...control} maxLength={300} />}
          </Field>
        ) : null}
        <Field
          id={id("note")}
          name="note"
          label={to === "rto" ? "Note (needed for Other)" : "Note (optional)"}
          error={errors.note}
          className="gap-1.5"
        >
          {(control) => <Textarea {...control} maxLength={500} rows={2} />}
        </Field>
        <div>
          <Button type="submit" disabled={busy} variant={to === "cancelled" ? "destructive" : "default"}>
            {busy ? "Saving..." : to === "cancelled" ? "Cancel Order" : "Update Status"}
          </Button>
        </div>
      </fetcher.Form>
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
          if (formRef.current) void fetcher.submit(formRef.current);
        }}
      />
    </>
  );
}
