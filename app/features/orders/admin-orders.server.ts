import { data } from "react-router";
import { documentInSentence } from "~/features/invoices/invoices.server";
import {
  orderStatusLabel,
  paymentStatusLabel,
  type OrderKind,
} from "~/features/order-lifecycle/order-status";
import { orderChangeSchema } from "~/features/order-workflow/order-workflow";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { wakeWorkers } from "~/platform/jobs/queue.server";
import {
  type ChangeResult,
  changeOrderStatus,
  changePaymentStatus,
} from "~/features/order-workflow/order-changes.server";
import { type Actor } from "~/features/order-lifecycle/order-history.server";

// The details dialog's status and payment forms

/** What a change that was made says: the new state and the tax documents it issued. */
function changedMessage(change: { intent: "status" | "payment" }, r: ChangedOrder) {
  const base =
    change.intent === "status"
      ? `Status set to ${orderStatusLabel(r.status)}${r.stockReturned ? "; stock returned" : ""}${r.cashCollected ? "; cash on delivery collected" : ""}.`
      : `Payment set to ${paymentStatusLabel(r.paymentStatus)}.`;
  const invoice = r.invoice
    ? "number" in r.invoice
      ? ` ${documentInSentence(r.invoice.title)} ${r.invoice.number}.`
      : ` No tax invoice: ${r.invoice.problem}`
    : "";
  const credit = r.creditNote ? ` Credit note ${r.creditNote.number} issued.` : "";
  return base + invoice + credit;
}

type ChangedOrder = Extract<ChangeResult, { ok: true }>;

/**
 * A status or payment change posted by the details dialog (one schema per form), made and answered
 * (FormAnswer). `kind` is the page's kind: a form for the other kind of order is refused. A refusal about a
 * field the form shows answers that field's message beside it (no sentence); any other refusal is the
 * sentence.
 */
export async function changeOrder(fields: Record<string, string>, kind: OrderKind, actor: Actor) {
  const parsed = orderChangeSchema.safeParse(fields);
  if (!parsed.success)
    return data(failedAnswer(undefined, fieldErrorsOf(parsed.error), fields.intent), { status: 400 });
  const change = parsed.data;
  if (change.kind !== kind)
    return data(failedAnswer("Unknown order.", undefined, change.intent), { status: 400 });
  const r =
    change.intent === "status"
      ? await changeOrderStatus(change, actor)
      : await changePaymentStatus(change, actor);
  if (!r.ok) {
    const onField = r.field && r.field !== "to";
    return data(
      onField
        ? failedAnswer(undefined, { [r.field!]: r.message }, change.intent)
        : failedAnswer(r.message, undefined, change.intent),
      { status: r.httpStatus },
    );
  }
  // The status mail was queued in the change's transaction: wake this instance's worker for it.
  if (r.statusChanged) wakeWorkers();
  return data(okAnswer(changedMessage(change, r), change.intent));
}
