import { useEffect, useMemo } from "react";
import { toast } from "sonner";
import type {
  OrderKind,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from "~/features/order-lifecycle/order-status";
import type { OrderActionResult } from "~/shared/admin-forms";

/** What the status and payment change forms of the order dialog share. */

export const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** The toast of each answer (an answer with field errors shows them next to the fields instead). */
export function useResultToast(data: OrderActionResult | undefined, state: string) {
  useEffect(() => {
    if (state !== "idle" || !data) return;
    if (data.ok) toast.success("Order updated", { description: data.message });
    else if (!data.errors || Object.keys(data.errors).length === 0)
      toast.error("Failed to update order", { description: data.message });
  }, [data, state]);
}

/** The field errors of each new answer (none after a success), one object per answer so it replaces what is shown. */
export function useAnswerErrors(data: OrderActionResult | undefined) {
  return useMemo(() => (data ? (data.ok ? {} : (data.errors ?? {})) : undefined), [data]);
}

/** Checks a change form in the browser before it is sent (the server checks it again). */
export function submitIfValid(
  event: React.FormEvent<HTMLFormElement>,
  validate: (form: HTMLFormElement) => Record<string, string>,
) {
  if (Object.keys(validate(event.currentTarget)).length > 0) event.preventDefault();
}

/** The order a change form changes: what the workflow needs to offer only the allowed moves. */
export type OrderRef = {
  kind: OrderKind;
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
};
