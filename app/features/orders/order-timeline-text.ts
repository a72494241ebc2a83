import { RETURN_STATUS_LABELS, type ReturnStatus } from "~/features/after-sale/returns";
import { orderStatusLabel, paymentStatusLabel } from "~/features/order-lifecycle/order-status";
import { stageLabel } from "~/features/workshop/production-board";

type Entry = { field: string; fromValue: string | null; toValue: string };

function valueLabel(field: string, v: string | null): string {
  if (v === null) return "none";
  if (field === "status") return orderStatusLabel(v);
  if (field === "return") return RETURN_STATUS_LABELS[v as ReturnStatus] ?? v;
  if (field === "production") return stageLabel(v);
  return paymentStatusLabel(v);
}

/**
 * The heading of one row of an order's timeline: "Status: Confirmed → In Production", "Return: Return
 * approved", "Payment: Pending → Paid", "Production: To cut → To bend" (a production board move). A row that records an event without a change of its value (a refund
 * started or processed while the payment stays Paid) is headed by its field alone, never "Paid → Paid"
 * (issue 42); its note says what happened.
 */
export function timelineHeading(h: Entry): string {
  const field =
    h.field === "status"
      ? "Status"
      : h.field === "return"
        ? "Return"
        : h.field === "production"
          ? "Production"
          : "Payment";
  if (h.fromValue !== null && h.fromValue === h.toValue) return field;
  const from = h.field === "return" && h.fromValue === null ? "" : `${valueLabel(h.field, h.fromValue)} → `;
  return `${field}: ${from}${valueLabel(h.field, h.toValue)}`;
}
