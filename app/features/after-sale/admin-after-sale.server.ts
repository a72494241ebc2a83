import { data } from "react-router";
import {
  adminRefundSchema,
  adminReturnCreateSchema,
  adminReturnDecideSchema,
} from "~/features/after-sale/after-sale-forms";
import { failedAnswer } from "~/shared/form-answer";
import { fieldErrorsOf, type FieldErrors } from "~/shared/form-errors";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { reply } from "~/platform/auth/admin-action.server";
import { refundsForOrder } from "./refunds.server";
import { decideReturn, refundFromAdmin, requestReturn, returnsOf } from "./returns.server";
import type { Actor } from "~/features/order-lifecycle/order-history.server";

/** The order dialog's after-sale actions (refund, return entered by staff, return decisions). */

/** 400: the fields to fix; the first one's message is the sentence the dialog shows. */
export function refusedFields(fieldErrors: FieldErrors, intent?: string) {
  return data(failedAnswer(Object.values(fieldErrors)[0], fieldErrors, intent), { status: 400 });
}

/** An after-sale form's answer (FormAnswer): what was done, or why not, with the status code. */
export async function runAfterSaleAction(fields: Record<string, string>, kind: OrderKind, actor: Actor) {
  const { intent = "" } = fields;
  if (intent === "refund") {
    const p = adminRefundSchema.safeParse(fields);
    if (!p.success) return refusedFields(fieldErrorsOf(p.error), intent);
    if (p.data.kind !== kind) return refusedFields({ id: "Unknown order." }, intent);
    const r = await refundFromAdmin({ kind, id: p.data.id }, p.data, actor);
    return reply(
      intent,
      r,
      () => "Refund started.",
      (f) => f.message,
    );
  }
  if (intent === "return-create") {
    const p = adminReturnCreateSchema.safeParse(fields);
    if (!p.success) return refusedFields(fieldErrorsOf(p.error), intent);
    if (p.data.kind !== kind) return refusedFields({ id: "Unknown order." }, intent);
    const r = await requestReturn({ kind, id: p.data.id }, p.data, "staff", actor);
    return reply(
      intent,
      r,
      () => "Return recorded.",
      (f) => f.message,
    );
  }
  const p = adminReturnDecideSchema.safeParse(fields);
  if (!p.success) return refusedFields(fieldErrorsOf(p.error), intent);
  const d = p.data;
  if (d.to === "refused" && (!d.note || d.note.length < 5))
    return refusedFields({ note: "Give the shopper the reason for refusing." }, intent);
  if (d.to === "received" && !d.resaleable)
    return refusedFields({ resaleable: "Say whether the sign can be sold again." }, intent);
  const r = await decideReturn(
    d.returnId,
    d.to === "received"
      ? { to: "received", resaleable: d.resaleable === "yes", note: d.note }
      : d.to === "refused"
        ? { to: "refused", note: d.note! }
        : { to: "approved", note: d.note },
    actor,
  );
  return reply(
    intent,
    r,
    () => "Return updated.",
    (f) => f.message,
  );
}

/** What the order dialog shows of refunds and returns. */
export async function afterSaleOf(kind: OrderKind, id: string) {
  const [refunds, returns] = await Promise.all([refundsForOrder({ kind, id }), returnsOf({ kind, id })]);
  return {
    refunds: refunds.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    returns: returns.map((r) => ({
      id: r.id,
      reason: r.reason,
      details: r.details,
      status: r.status,
      decisionNote: r.decisionNote,
      resaleable: r.resaleable,
      requestedBy: r.requestedBy,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** An order's refunds and returns as the admin order dialog shows them. */
export type AfterSale = Awaited<ReturnType<typeof afterSaleOf>>;
