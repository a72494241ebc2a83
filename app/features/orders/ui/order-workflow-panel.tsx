import { RETURN_STATUS_LABELS, type ReturnStatus } from "~/features/after-sale/returns";
import { useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";
import { Checkbox } from "~/ui/checkbox";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { Label } from "~/ui/label";
import { formatIstDateTime } from "~/shared/ist-dates";
import {
  orderStatusLabel,
  paymentStatusLabel,
  RTO_REASON_IDS,
  RTO_REASON_LABELS,
  type OrderKind,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from "~/features/order-lifecycle/order-status";
import {
  checkStatusMove,
  nextPaymentStatuses,
  nextStatuses,
  paymentChangeSchema,
  statusChangeSchema,
} from "~/features/orders/order-workflow";
import { useFormErrors } from "~/ui/use-form-errors";
import type { OrderActionResult } from "~/shared/admin-forms";

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** What an order-change action answers. */

export function StatusBadge({ status }: { status: string }) {
  const tone: Record<string, string> = {
    pending: "bg-amber-100 text-amber-900 border-amber-200",
    confirmed: "bg-sky-100 text-sky-900 border-sky-200",
    in_production: "bg-violet-100 text-violet-900 border-violet-200",
    dispatched: "bg-indigo-100 text-indigo-900 border-indigo-200",
    delivered: "bg-emerald-100 text-emerald-900 border-emerald-200",
    cancelled: "bg-zinc-200 text-zinc-800 border-zinc-300",
    rto: "bg-orange-100 text-orange-900 border-orange-300",
  };
  return (
    <Badge variant="outline" className={tone[status] ?? tone.pending}>
      {orderStatusLabel(status)}
    </Badge>
  );
}

export function PaymentBadge({ status }: { status: string }) {
  const tone: Record<string, string> = {
    pending: "bg-amber-100 text-amber-900 border-amber-200",
    paid: "bg-emerald-100 text-emerald-900 border-emerald-200",
    failed: "bg-red-100 text-red-900 border-red-200",
    refunded: "bg-zinc-200 text-zinc-800 border-zinc-300",
  };
  return (
    <Badge variant="outline" className={tone[status] ?? tone.pending}>
      {paymentStatusLabel(status)}
    </Badge>
  );
}

function useResultToast(data: OrderActionResult | undefined, state: string) {
  useEffect(() => {
    if (state !== "idle" || !data) return;
    if (data.ok) toast.success("Order updated", { description: data.message });
    else if (!data.errors || Object.keys(data.errors).length === 0)
      toast.error("Failed to update order", { description: data.message });
  }, [data, state]);
}

/** The field errors of each new answer (none after a success), one object per answer so it replaces what is shown. */
function useAnswerErrors(data: OrderActionResult | undefined) {
  return useMemo(() => (data ? (data.ok ? {} : (data.errors ?? {})) : undefined), [data]);
}

/** Checks a change form in the browser before it is sent (the server checks it again). */
function submitIfValid(
  event: React.FormEvent<HTMLFormElement>,
  validate: (form: HTMLFormElement) => Record<string, string>,
) {
  if (Object.keys(validate(event.currentTarget)).length > 0) event.preventDefault();
}

type OrderRef = {
  kind: OrderKind;
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
};

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

/** The payment-status control: only allowed moves (a paid online order never goes back to pending). */
export function PaymentControl({ order }: { order: OrderRef }) {
  const fetcher = useFetcher<OrderActionResult>();
  useResultToast(fetcher.data, fetcher.state);
  const options = nextPaymentStatuses(order);
  const { errors, validate, onChange, onBlur } = useFormErrors(paymentChangeSchema, {
    serverErrors: useAnswerErrors(fetcher.data),
  });
  const busy = fetcher.state !== "idle";
  const id = (k: string) => `${order.id}-payment-${k}`;
  if (options.length === 0) {
    return <p className="text-sm text-muted-foreground">The payment status cannot change any more.</p>;
  }
  return (
    <fetcher.Form
      method="post"
      className="grid gap-3"
      aria-label="Change payment status"
      noValidate
      onSubmit={(e) => submitIfValid(e, validate)}
      onChange={onChange}
      onBlur={onBlur}
    >
      <input type="hidden" name="intent" value="payment" />
      <input type="hidden" name="kind" value={order.kind} />
      <input type="hidden" name="id" value={order.id} />
      <input type="hidden" name="expected" value={order.paymentStatus} />
      <Field id={id("to")} name="to" label="New payment status" error={errors.to} className="gap-1.5">
        {(control) => (
          // No move is pre-selected (a pre-selected first option once sent 'Failed' by mistake): the
          // placeholder names the current status and the staff member picks the new one.
          <select {...control} defaultValue="" key={order.paymentStatus} className={selectClass}>
            <option value="" disabled>
              Now {paymentStatusLabel(order.paymentStatus)}: choose the new status
            </option>
            {options.map((s) => (
              <option key={s} value={s}>
                {paymentStatusLabel(s)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={id("note")}
        name="note"
        label="Payment note (optional)"
        error={errors.note}
        className="gap-1.5"
      >
        {(control) => <Textarea {...control} maxLength={500} rows={2} />}
      </Field>
      <div>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Saving..." : "Update Payment"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export type TimelineEntry = {
  id: string;
  field: "status" | "payment_status" | "return";
  fromValue: string | null;
  toValue: string;
  note: string | null;
  changedByEmail: string | null;
  createdAt: string;
};

/** Every change of the order, oldest first, starting with its placing. */
export function OrderTimeline({ createdAt, history }: { createdAt: string; history: TimelineEntry[] }) {
  const label = (field: string, v: string | null) =>
    v === null
      ? "none"
      : field === "status"
        ? orderStatusLabel(v)
        : field === "return"
          ? (RETURN_STATUS_LABELS[v as ReturnStatus] ?? v)
          : paymentStatusLabel(v);
  return (
    <ol className="relative grid gap-4 border-l pl-5" aria-label="Order timeline">
      <li className="relative">
        <span
          className="absolute -left-[1.56rem] top-1.5 size-2.5 rounded-full bg-primary"
          aria-hidden="true"
        />
        <p className="text-sm font-medium">Order placed</p>
        <p className="text-xs text-muted-foreground">{formatIstDateTime(createdAt)} IST</p>
      </li>
      {history.map((h) => (
        <li key={h.id} className="relative">
          <span
            className="absolute -left-[1.56rem] top-1.5 size-2.5 rounded-full bg-primary"
            aria-hidden="true"
          />
          <p className="text-sm font-medium">
            {h.field === "status" ? "Status" : h.field === "return" ? "Return" : "Payment"}:{" "}
            {h.field === "return" && h.fromValue === null ? "" : `${label(h.field, h.fromValue)} → `}
            {label(h.field, h.toValue)}
          </p>
          <p className="text-xs text-muted-foreground">
            {formatIstDateTime(h.createdAt)} IST · {h.changedByEmail ?? "System"}
          </p>
          {h.note ? <p className="mt-1 text-sm">{h.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
