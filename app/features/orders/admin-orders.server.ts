import {
  orderStatusLabel,
  paymentStatusLabel,
  type OrderKind,
} from "~/features/order-lifecycle/order-status";
import { orderChangeSchema } from "~/features/orders/order-workflow";
import { fieldErrorsOf } from "~/shared/form-errors";
import { type ChangeResult, changeOrderStatus, changePaymentStatus } from "./admin-order-changes.server";
import { type Actor } from "~/features/order-lifecycle/order-history.server";

// The details dialog's form posts

export type OrderActionResponse = {
  httpStatus: 200 | 400 | 404 | 409;
  body: { ok: true; message: string } | { ok: false; message: string; errors?: Record<string, string> };
  changed?: Extract<ChangeResult, { ok: true }>;
};

/**
 * Parse a status or payment change posted by the details dialog (one schema per form) and make it.
 * `kind` is the page's kind: a form for the other kind of order is refused.
 */
export async function runOrderAction(
  form: FormData,
  kind: OrderKind,
  actor: Actor,
): Promise<OrderActionResponse> {
  const parsed = orderChangeSchema.safeParse(
    Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")),
  );
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return {
      httpStatus: 400,
      body: { ok: false, message: Object.values(errors)[0] ?? "Check the form.", errors },
    };
  }
  if (parsed.data.kind !== kind) return { httpStatus: 400, body: { ok: false, message: "Unknown order." } };
  const change = parsed.data;
  const r =
    change.intent === "status"
      ? await changeOrderStatus(change, actor)
      : await changePaymentStatus(change, actor);
  if (!r.ok) {
    return {
      httpStatus: r.httpStatus,
      body: {
        ok: false,
        message: r.message,
        ...(r.field && r.field !== "to" ? { errors: { [r.field]: r.message } } : {}),
      },
    };
  }
  const base =
    change.intent === "status"
      ? `Status set to ${orderStatusLabel(r.status)}${r.stockReturned ? "; stock returned" : ""}${change.markPaid && r.paymentStatus === "paid" ? "; payment marked paid" : ""}.`
      : `Payment set to ${paymentStatusLabel(r.paymentStatus)}.`;
  const invoice = r.invoice
    ? "number" in r.invoice
      ? ` Tax invoice ${r.invoice.number}.`
      : ` No tax invoice: ${r.invoice.problem}`
    : "";
  const credit = r.creditNote ? ` Credit note ${r.creditNote.number} issued.` : "";
  const message = base + invoice + credit;
  return { httpStatus: 200, body: { ok: true, message }, changed: r };
}
