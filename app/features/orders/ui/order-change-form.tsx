import type { ReactNode } from "react";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import type { FormValidator } from "~/shared/form-errors";
import type {
  OrderKind,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from "~/features/order-lifecycle/order-status";
import { useFetcherForm } from "~/ui/use-form";

/** What the status and payment change forms of the order dialog share. */

export const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** The order a change form changes: what the workflow needs to offer only the allowed moves. */
export type OrderRef = {
  kind: OrderKind;
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
};

type Intent = "status" | "payment";

/**
 * A change form: checked in the browser against the schema the action parses; the answer's sentence is a
 * toast, its field errors show beside the fields. `field(name, label)` gives a `<Field>`'s props.
 */
export function useChangeForm(order: OrderRef, intent: Intent, schema: FormValidator) {
  const form = useFetcherForm({ schema, toast: { ok: "Order updated", failed: "Failed to update order" } });
  const field = (name: string, label: ReactNode, idPart: string = name) => ({
    id: `${order.id}-${intent}-${idPart}`,
    name,
    label,
    error: form.errors[name],
    className: "gap-1.5",
  });
  return { ...form, field };
}

/** The hidden fields of a change form: what it changes, of which order, and what the dialog showed. */
export function ChangeTarget({ intent, order }: { intent: Intent; order: OrderRef }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={order.kind} />
      <input type="hidden" name="id" value={order.id} />
      <input type="hidden" name="expected" value={intent === "status" ? order.status : order.paymentStatus} />
    </>
  );
}

/** The change's note (kept in the order's history) and the button that sends the form. */
export function NoteAndSave({
  field,
  label,
  pending,
  save,
  variant = "default",
}: {
  field: ReturnType<typeof useChangeForm>["field"];
  label: string;
  pending: boolean;
  save: string;
  variant?: "default" | "outline" | "destructive";
}) {
  return (
    <>
      <Field {...field("note", label)}>
        {(control) => <Textarea {...control} maxLength={500} rows={2} />}
      </Field>
      <div>
        <Button type="submit" disabled={pending} variant={variant}>
          {pending ? "Saving..." : save}
        </Button>
      </div>
    </>
  );
}
