import { settledByStaff } from "~/features/cod-confirmation/cod-confirmation.server";
import { eq, sql } from "drizzle-orm";
import {
  rtoReasonLabel,
  type OrderKind,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from "~/features/order-lifecycle/order-status";
import {
  checkPaymentMove,
  checkStatusMove,
  returnsStock,
  type MoveCheck,
  type PaymentChange,
  type StatusChange,
} from "./order-workflow";
import { db, type Tx } from "~/platform/db/client.server";
import { pgErrorOf } from "~/platform/db/errors.server";
import { logger } from "~/platform/logger.server";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { enqueueStatusEmail } from "~/features/order-lifecycle/order-status-emails.server";
import { enqueueWhatsAppStatus } from "~/features/whatsapp/whatsapp-updates.server";
import {
  invoiceSettings,
  issueCreditNoteIfInvoiced,
  issueInvoiceInTx,
} from "~/features/invoices/invoices.server";
import { latestProofState } from "~/features/design-proofs/design-proofs.server";
import { proofOverrideNote, type ProofState } from "~/features/design-proofs/design-proofs";
import { writeOrderHistory, type Actor } from "~/features/order-lifecycle/order-history.server";
import { retakeStock, returnStock } from "~/features/order-lifecycle/order-stock.server";

/** The admin who makes a change (recorded in the order's history). */

export type ChangeResult =
  | {
      ok: true;
      kind: OrderKind;
      id: string;
      status: OrderStatus;
      paymentStatus: PaymentStatus;
      stockReturned: boolean;
      /** This change recorded cash on delivery collected (a delivery). */
      cashCollected?: boolean;
      statusChanged: OrderStatus | null;
      /** The tax invoice or bill of supply issued with a dispatch, or why none could be (settings incomplete). */
      invoice?: { number: string; title: string } | { problem: string };
      creditNote?: { number: string };
    }
  | { ok: false; httpStatus: 404 | 409; message: string; field?: string };

type Locked = {
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  stockReleasedAt: Date | null;
  /** Custom orders: the latest design proof's state (null: none); absent for regular orders. */
  latestProof?: ProofState | null;
};

async function lockOrder(tx: Tx, kind: OrderKind, id: string): Promise<Locked | undefined> {
  const t = tableOf(kind);
  const r = await tx.execute<{
    id: string;
    status: OrderStatus;
    payment_status: PaymentStatus;
    payment_method: PaymentMethod;
    stock_released_at: Date | null;
  }>(
    sql`select id, status, payment_status, payment_method, stock_released_at from ${t} where ${t.id} = ${id}::uuid for update`,
  );
  const row = r.rows[0];
  return row
    ? {
        id: row.id,
        status: row.status,
        paymentStatus: row.payment_status,
        paymentMethod: row.payment_method,
        stockReleasedAt: row.stock_released_at,
        ...(kind === "custom" ? { latestProof: await latestProofState(tx, row.id) } : {}),
      }
    : undefined;
}

/** A history row of a staff change (the statement's own clock keeps two changes of one transaction in order). */
function record(
  tx: Tx,
  kind: OrderKind,
  id: string,
  field: "status" | "payment_status",
  from: string,
  to: string,
  note: string | undefined,
  actor: Actor | null,
) {
  return writeOrderHistory(tx, { kind, id }, { field, from, to, note: note ?? null, actor });
}

async function withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorOf(err)?.code !== "40P01") throw err;
    logger.warn({ err }, "order change hit a deadlock; retrying once");
    return work();
  }
}

const changedElsewhere =
  "This order was changed by someone else in the meantime. Close the dialog and open it again.";

type Refusal = Extract<ChangeResult, { ok: false }>;

/**
 * Lock the order and check the move against what it is now: refused when it is gone, when it changed since
 * the dialog showed it (`expected`), or when the workflow does not allow the move.
 */
async function lockForMove(
  tx: Tx,
  change: { kind: OrderKind; id: string; expected?: string | undefined },
  current: (o: Locked) => string,
  check: (o: Locked) => MoveCheck,
): Promise<Locked | Refusal> {
  const o = await lockOrder(tx, change.kind, change.id);
  if (!o) return { ok: false, httpStatus: 404, message: "Order not found." };
  if (change.expected && change.expected !== current(o))
    return { ok: false, httpStatus: 409, message: changedElsewhere };
  const checked = check(o);
  if (!checked.ok)
    return {
      ok: false,
      httpStatus: 409,
      message: checked.message,
      ...(checked.field ? { field: checked.field } : {}),
    };
  return o;
}

/**
 * Move an order's status, as one transaction: lock the order, check the move with the workflow rules,
 * write the order (courier and tracking number for dispatch, stock back on cancel and on return to origin
 * (RTO, with its reason), cash on delivery collected
 * with the delivery) and a history row for each change (who, when, from, to, note).
 */
export async function changeOrderStatus(change: StatusChange, actor: Actor | null): Promise<ChangeResult> {
  // A change the shop makes by itself (the courier's tracking) has no staff member: its history row says so.
  const by = actor?.email ?? SYSTEM_ACTOR;
  // Read before the transaction: the invoice issued on dispatch is made with these settings.
  const settings = change.to === "dispatched" ? await invoiceSettings() : null;
  const result = await withDeadlockRetry(() =>
    db().transaction(async (tx): Promise<ChangeResult> => {
      const kind = change.kind;
      const o = await lockForMove(
        tx,
        change,
        (o) => o.status,
        (o) => checkStatusMove(o, change),
      );
      if ("ok" in o) return o;

      // Cash on delivery is collected with the delivery (issue 42, decision 051): a delivered COD order is paid,
      // whoever marks it delivered (staff, or the courier's tracking).
      let paymentStatus = o.paymentStatus;
      if (change.to === "delivered" && o.paymentMethod === "cod" && o.paymentStatus !== "paid") {
        const pay = checkPaymentMove({ ...o, status: "delivered" }, "paid");
        if (!pay.ok) return { ok: false, httpStatus: 409, message: pay.message, field: "to" };
        paymentStatus = "paid";
      }

      // An unconfirmed COD order's stock went back on sale after its window (issue 41): confirmed, it takes
      // it again, or the move is refused when it is gone.
      if (change.to === "confirmed" && kind === "order") {
        const taken = await retakeStock(tx, o);
        if (!taken.ok) return { ok: false, httpStatus: 409, message: taken.message, field: "to" };
      }
      let stockReturned = false;
      if (returnsStock(change.to) && kind === "order") stockReturned = await returnStock(tx, o);

      const t = tableOf(kind);
      await tx
        .update(t)
        .set({
          status: change.to,
          paymentStatus,
          ...(change.to === "dispatched"
            ? { courier: change.courier!, trackingNumber: change.trackingNumber! }
            : {}),
          ...(change.to === "rto" ? { rtoReason: change.rtoReason! } : {}),
          ...(stockReturned ? { stockReleasedAt: sql`now()` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(t.id, o.id));

      const dispatchNote =
        change.to === "dispatched"
          ? `Courier: ${change.courier}, tracking number: ${change.trackingNumber}`
          : undefined;
      const rtoNote =
        change.to === "rto" ? `Returned to origin: ${rtoReasonLabel(change.rtoReason)}` : undefined;
      // A production move past an unapproved proof keeps staff's reason in the history.
      const overrideNote =
        change.to === "in_production" && o.latestProof !== undefined && o.latestProof !== "approved"
          ? proofOverrideNote(o.latestProof, change.proofOverride ?? "")
          : undefined;
      const note =
        [dispatchNote, rtoNote, overrideNote, stockReturned ? "Stock returned" : undefined, change.note]
          .filter(Boolean)
          .join(". ") || undefined;
      await record(tx, kind, o.id, "status", o.status, change.to, note, actor);
      // Staff confirming or cancelling a COD order answers its confirmation (issue 30): never auto-cancelled after.
      if (change.to === "confirmed" || change.to === "cancelled")
        await settledByStaff(tx, kind, o.id, change.to, actor);
      if (paymentStatus !== o.paymentStatus)
        await record(
          tx,
          kind,
          o.id,
          "payment_status",
          o.paymentStatus,
          paymentStatus,
          "Cash collected on delivery",
          actor,
        );
      // The tax invoice (or bill of supply) is issued with the dispatch (same transaction: a rolled-back
      // dispatch takes no number); a cancelled or returned (RTO) order that was invoiced gets its credit note.
      let invoice: { number: string; title: string } | { problem: string } | undefined;
      if (settings) {
        const issued = await issueInvoiceInTx(tx, { kind, id: o.id }, by, settings);
        invoice =
          "problem" in issued ? { problem: issued.problem } : { number: issued.number, title: issued.title };
      }
      // An order invoiced at dispatch that comes back (RTO) gets its credit note too: the goods returned.
      const credit =
        change.to === "cancelled" || change.to === "rto"
          ? await issueCreditNoteIfInvoiced(
              tx,
              { kind, id: o.id },
              change.to === "rto" ? "Returned to origin (RTO)" : "Order cancelled",
              undefined,
              by,
            )
          : null;
      // The shopper's mail (and WhatsApp message, when asked for) for this move is queued with it: it exists
      // exactly when the change commits.
      await enqueueStatusEmail(tx, kind, o.id, change.to);
      await enqueueWhatsAppStatus(tx, kind, o.id, change.to);
      return {
        ok: true,
        kind,
        id: o.id,
        status: change.to,
        paymentStatus,
        stockReturned,
        cashCollected: paymentStatus !== o.paymentStatus,
        statusChanged: change.to,
        ...(invoice ? { invoice } : {}),
        ...(credit ? { creditNote: { number: credit.number } } : {}),
      };
    }),
  );
  if (result.ok) logger.info({ kind: change.kind, id: change.id, to: change.to, by }, "order status changed");
  return result;
}

/** Who a change the shop made by itself is recorded as (invoices, logs). */
export const SYSTEM_ACTOR = "courier tracking";

/** Change an order's payment status, as one transaction with its history row. */
export async function changePaymentStatus(change: PaymentChange, actor: Actor): Promise<ChangeResult> {
  const result = await db().transaction(async (tx): Promise<ChangeResult> => {
    const kind = change.kind;
    const o = await lockForMove(
      tx,
      change,
      (o) => o.paymentStatus,
      (o) => checkPaymentMove(o, change.to),
    );
    if ("ok" in o) return o;
    const t = tableOf(kind);
    await tx
      .update(t)
      .set({ paymentStatus: change.to, updatedAt: sql`now()` })
      .where(eq(t.id, o.id));
    await record(tx, kind, o.id, "payment_status", o.paymentStatus, change.to, change.note, actor);
    const credit =
      change.to === "refunded"
        ? await issueCreditNoteIfInvoiced(tx, { kind, id: o.id }, "Payment refunded", undefined, actor.email)
        : null;
    return {
      ok: true,
      kind,
      id: o.id,
      status: o.status,
      paymentStatus: change.to,
      stockReturned: false,
      statusChanged: null,
      ...(credit ? { creditNote: { number: credit.number } } : {}),
    };
  });
  if (result.ok)
    logger.info(
      { kind: change.kind, id: change.id, to: change.to, by: actor.email },
      "payment status changed",
    );
  return result;
}
