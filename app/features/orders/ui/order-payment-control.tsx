import { Field } from "~/ui/field";
import { MONEY_PERMISSION } from "~/shared/staff-access";
import { useCan } from "~/features/admin-shell/ui/use-can";
import { paymentStatusLabel } from "~/features/order-lifecycle/order-status";
import { nextPaymentStatuses, paymentChangeSchema } from "~/features/order-workflow/order-workflow";
import { ChangeTarget, NoteAndSave, selectClass, useChangeForm, type OrderRef } from "./order-change-form";

/**
 * The payment-status control: only allowed moves (a paid online order never goes back to pending), and only
 * for a role that may change the books (staff-roles.ts MONEY_PERMISSION).
 */
export function PaymentControl({ order }: { order: OrderRef }) {
  const form = useChangeForm(order, "payment", paymentChangeSchema);
  const mayChange = useCan(MONEY_PERMISSION);
  const options = nextPaymentStatuses(order);
  if (!mayChange) {
    return (
      <p className="text-sm text-muted-foreground">
        {paymentStatusLabel(order.paymentStatus)}. Payments are changed by staff who may refund.
      </p>
    );
  }
  if (options.length === 0) {
    return <p className="text-sm text-muted-foreground">The payment status cannot change any more.</p>;
  }
  return (
    <form.fetcher.Form
      method="post"
      className="grid gap-3"
      aria-label="Change payment status"
      {...form.props}
    >
      <ChangeTarget intent="payment" order={order} />
      <Field {...form.field("to", "New payment status")}>
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
      <NoteAndSave
        field={form.field}
        label="Payment note (optional)"
        pending={form.pending}
        save="Update Payment"
        variant="outline"
      />
    </form.fetcher.Form>
  );
}
