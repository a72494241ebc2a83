import {
  adminRefundSchema,
  adminReturnCreateSchema,
  adminReturnDecideSchema,
  AFTER_SALE_INTENTS,
} from "~/features/after-sale/after-sale-forms";
import { fieldErrorsOf } from "~/shared/form-errors";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { refundsForOrder } from "./refunds.server";
import { decideReturn, refundFromAdmin, requestReturn, returnsOf } from "./returns.server";
import type { Actor } from "~/features/order-lifecycle/order-history.server";

/** The order dialog's after-sale actions (refund, return entered by staff, return decisions). */

type Answer = { status: number; body: { ok: boolean; message: string; errors?: Record<string, string> } };

export function isAfterSaleIntent(intent: unknown): boolean {
  return (AFTER_SALE_INTENTS as readonly unknown[]).includes(intent);
}

const fields = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;

function invalid(errors: Record<string, string>): Answer {
  return { status: 400, body: { ok: false, message: Object.values(errors)[0] ?? "Check the form.", errors } };
}

export async function runAfterSaleAction(form: FormData, kind: OrderKind, actor: Actor): Promise<Answer> {
  const raw = fields(form);
  if (raw.intent === "refund") {
    const p = adminRefundSchema.safeParse(raw);
    if (!p.success) return invalid(fieldErrorsOf(p.error));
    if (p.data.kind !== kind) return invalid({ id: "Unknown order." });
    const r = await refundFromAdmin({ kind, id: p.data.id }, p.data, actor);
    return r.ok
      ? { status: 200, body: { ok: true, message: "Refund started." } }
      : { status: r.status, body: { ok: false, message: r.message } };
  }
  if (raw.intent === "return-create") {
    const p = adminReturnCreateSchema.safeParse(raw);
    if (!p.success) return invalid(fieldErrorsOf(p.error));
    if (p.data.kind !== kind) return invalid({ id: "Unknown order." });
    const r = await requestReturn({ kind, id: p.data.id }, p.data, "staff", actor);
    return r.ok
      ? { status: 200, body: { ok: true, message: "Return recorded." } }
      : { status: r.status, body: { ok: false, message: r.message } };
  }
  const p = adminReturnDecideSchema.safeParse(raw);
  if (!p.success) return invalid(fieldErrorsOf(p.error));
  const d = p.data;
  if (d.to === "refused" && (!d.note || d.note.length < 5))
    return invalid({ note: "Give the shopper the reason for refusing." });
  if (d.to === "received" && !d.resaleable)
    return invalid({ resaleable: "Say whether the sign can be sold again." });
  const r = await decideReturn(
    d.returnId,
    d.to === "received"
      ? { to: "received", resaleable: d.resaleable === "yes", note: d.note }
      : d.to === "refused"
        ? { to: "refused", note: d.note! }
        : { to: "approved", note: d.note },
    actor,
  );
  return r.ok
    ? { status: 200, body: { ok: true, message: "Return updated." } }
    : { status: r.status, body: { ok: false, message: r.message } };
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
