import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { paymentStatusLabel } from "~/features/order-lifecycle/order-status";
import { nextPaymentStatuses, paymentChangeSchema } from "~/features/orders/order-workflow";
import { useFormErrors } from "~/ui/use-form-errors";
import type { OrderActionResult } from "~/shared/admin-forms";
import {
  selectClass,
  submitIfValid,
  useAnswerErrors,
  useResultToast,
  type OrderRef,
} from "./order-change-form";

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
