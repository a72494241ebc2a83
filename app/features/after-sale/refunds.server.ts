import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { OrderKind, PaymentMethod, PaymentStatus } from "~/features/order-lifecycle/order-status";
import { formatRupees } from "~/shared/money";
import {
  checkRefund,
  isFullyRefunded,
  nextRefundStatus,
  type RefundMethod,
  type RefundRow,
  type RefundStatus,
} from "~/features/after-sale/refunds";
import { db, type DbOrTx, type Tx } from "~/platform/db/client.server";
import { writeOrderHistory, type Actor } from "~/features/order-lifecycle/order-history.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { refunds } from "./tables.server";
import { issueCreditNoteIfInvoiced } from "~/features/invoices/invoices.server";
import { enqueueOnce } from "~/platform/jobs/queue.server";
import { enqueueRefundEmail } from "~/features/after-sale/refund-emails.server";
import { logger } from "~/platform/logger.server";
import { paymentGateway } from "~/features/payments/gateway.server";
import { createRazorpayRefund, RazorpayError } from "~/features/payments/razorpay.server";

/*
 * Refunds (app/features/after-sale/refunds.ts): started inside the transaction of the event that causes them (a
 * cancellation, a return, staff's refund), with the order's row locked so two refunds can never together
 * exceed what was paid. An online refund is then sent to Razorpay by the job queue, with our refund's id as
 * Razorpay's idempotency key: a retried job or a double click never refunds twice. Razorpay's answer and its
 * refund.processed / refund.failed webhooks move the refund on, in any order and however often repeated.
 */

export const REFUND_QUEUE = "razorpay-refund";

export type RefundTarget = { kind: OrderKind; id: string };

/** Who started the refund: staff (recorded in history) or the shopper/system (null). */
export type RefundActor = Actor | null;

export type LockedOrderForRefund = {
  id: string;
  totalAmount: number;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  razorpayPaymentId: string | null;
  isTest: boolean;
};

const tableOf = (kind: OrderKind) => (kind === "order" ? orders : customNeonOrders);
const targetColumn = (kind: OrderKind) => (kind === "order" ? refunds.orderId : refunds.customOrderId);

/** What the order took: its total once paid (online, or COD collected); nothing before. */
export function paidAmount(o: Pick<LockedOrderForRefund, "paymentStatus" | "totalAmount">): number {
  return o.paymentStatus === "paid" || o.paymentStatus === "refunded" ? o.totalAmount : 0;
}

export async function refundsOf(tx: DbOrTx, target: RefundTarget): Promise<(RefundRow & { id: string })[]> {
  return tx
    .select({ id: refunds.id, amount: refunds.amount, status: refunds.status })
    .from(refunds)
    .where(eq(targetColumn(target.kind), target.id))
    .orderBy(asc(refunds.createdAt));
}

/** This module's rows of the order's history (field "payment_status"). */
function historyRow(
  tx: Tx,
  target: RefundTarget,
  from: string,
  to: string,
  note: string,
  actor: RefundActor,
) {
  return writeOrderHistory(tx, target, { field: "payment_status", from, to, note, actor });
}

export type StartRefund = {
  amount: number;
  reason: string;
  actor: RefundActor;
  /** For cash on delivery refunds staff paid themselves: the bank or UPI reference. */
  manualReference?: string | undefined;
  /** The admin form's one-time key: the same key again returns the first refund (a double click). */
  requestKey?: string | undefined;
};

export type StartedRefund =
  { ok: true; refundId: string; method: RefundMethod; repeated?: boolean } | { ok: false; message: string };

/**
 * Start a refund of `amount` rupees for an order the caller has locked (FOR UPDATE) in `tx`. Online
 * payments are refunded through Razorpay (queued); anything else needs the reference of the money staff
 * paid back, and is recorded as processed.
 */
export async function startRefund(
  tx: Tx,
  target: RefundTarget,
  order: LockedOrderForRefund,
  input: StartRefund,
): Promise<StartedRefund> {
  if (input.requestKey) {
    const [same] = await tx
      .select({ id: refunds.id, method: refunds.method })
      .from(refunds)
      .where(eq(refunds.requestKey, input.requestKey));
    if (same) return { ok: true, refundId: same.id, method: same.method, repeated: true };
  }
  const existing = await refundsOf(tx, target);
  const check = checkRefund(paidAmount(order), existing, input.amount);
  if (!check.ok) return check;
  const online = order.paymentMethod === "razorpay";
  if (online && !order.razorpayPaymentId)
    return { ok: false, message: "This online order has no payment id, so it cannot be refunded online." };
  if (!online && !input.manualReference?.trim())
    return { ok: false, message: "Enter the bank or UPI reference of the money paid back." };
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: target.kind === "order" ? target.id : null,
      customOrderId: target.kind === "custom" ? target.id : null,
      amount: input.amount,
      method: online ? "razorpay" : "manual",
      status: online ? "pending" : "processed",
      reason: input.reason,
      razorpayPaymentId: online ? order.razorpayPaymentId : null,
      reference: online ? null : input.manualReference!.trim(),
      isTest: order.isTest,
      requestKey: input.requestKey ?? null,
      createdBy: input.actor?.id ?? null,
      createdByEmail: input.actor?.email ?? null,
    })
    .returning({ id: refunds.id });
  const refundId = row!.id;
  if (online) {
    await historyRow(
      tx,
      target,
      order.paymentStatus,
      order.paymentStatus,
      `Refund of ${formatRupees(input.amount)} started through Razorpay: ${input.reason}`,
      input.actor,
    );
    await enqueueOnce(tx, REFUND_QUEUE, `refund:${refundId}`, { refundId });
  } else {
    await historyRow(
      tx,
      target,
      order.paymentStatus,
      order.paymentStatus,
      `Refund of ${formatRupees(input.amount)} paid back (reference ${input.manualReference!.trim()}): ${input.reason}`,
      input.actor,
    );
    const note = await issueCreditNoteIfInvoiced(
      tx,
      target,
      `Refund: ${input.reason}`,
      input.amount,
      input.actor?.email ?? "system",
    );
    await settleOrderIfRefunded(tx, target);
    await enqueueRefundEmail(tx, refundId, note?.id ?? null);
  }
  return { ok: true, refundId, method: online ? "razorpay" : "manual" };
}

/** Once processed refunds cover what was paid, the order's payment status becomes 'refunded'. */
async function settleOrderIfRefunded(tx: Tx, target: RefundTarget): Promise<void> {
  const t = tableOf(target.kind);
  const [o] = await tx
    .select({ id: t.id, totalAmount: t.totalAmount, paymentStatus: t.paymentStatus })
    .from(t)
    .where(eq(t.id, target.id))
    .for("update");
  if (!o || o.paymentStatus !== "paid") return;
  if (!isFullyRefunded(paidAmount(o), await refundsOf(tx, target))) return;
  await tx
    .update(t)
    .set({ paymentStatus: "refunded", updatedAt: sql`now()` })
    .where(eq(t.id, o.id));
  await historyRow(tx, target, "paid", "refunded", "Refunded in full", null);
}

type RefundUpdate = {
  /** Our refund id (from the job, or the notes Razorpay echoes back). */
  refundId?: string | undefined;
  razorpayRefundId: string;
  status: RefundStatus;
  failureReason?: string | undefined;
};

/** Apply what Razorpay says of a refund; a settled refund never moves again. Returns the new status. */
export async function applyRefundUpdate(u: RefundUpdate): Promise<RefundStatus | "unknown"> {
  return db().transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(refunds)
      .where(
        u.refundId && /^[0-9a-f-]{36}$/.test(u.refundId)
          ? eq(refunds.id, u.refundId)
          : eq(refunds.razorpayRefundId, u.razorpayRefundId),
      )
      .for("update");
    if (!r) {
      logger.warn({ razorpayRefundId: u.razorpayRefundId }, "refund update for a refund we do not know");
      return "unknown" as const;
    }
    if (r.razorpayRefundId && r.razorpayRefundId !== u.razorpayRefundId) {
      logger.error(
        { refundId: r.id, razorpayRefundId: u.razorpayRefundId },
        "refund update names another Razorpay refund",
      );
      return r.status;
    }
    const to = nextRefundStatus(r.status, u.status);
    await tx
      .update(refunds)
      .set({
        razorpayRefundId: u.razorpayRefundId,
        status: to,
        ...(to === "failed" && r.status !== "failed"
          ? { failureReason: u.failureReason ?? "Refund failed" }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(refunds.id, r.id));
    if (to !== r.status) {
      const target: RefundTarget = r.orderId
        ? { kind: "order", id: r.orderId }
        : { kind: "custom", id: r.customOrderId! };
      const t = tableOf(target.kind);
      // The order's row lock orders this with a document being issued (decision 052): either the invoice counts
      // this refund, or it exists by the time the credit note below is looked for.
      const [o] = await tx
        .select({ paymentStatus: t.paymentStatus })
        .from(t)
        .where(eq(t.id, target.id))
        .for("update");
      await historyRow(
        tx,
        target,
        o?.paymentStatus ?? "paid",
        o?.paymentStatus ?? "paid",
        to === "processed"
          ? `Refund of ${formatRupees(r.amount)} processed by Razorpay (${u.razorpayRefundId})`
          : `Refund of ${formatRupees(r.amount)} failed (${u.razorpayRefundId}): ${u.failureReason ?? "no reason given"}`,
        null,
      );
      if (to === "processed") {
        // Money went back: an invoiced order gets a credit note for it (capped at what is not yet credited).
        const note = await issueCreditNoteIfInvoiced(
          tx,
          target,
          `Refund: ${r.reason}`,
          r.amount,
          r.createdByEmail ?? "system",
        );
        await settleOrderIfRefunded(tx, target);
        // The shopper hears that the money went back, with the credit note (issue 27).
        await enqueueRefundEmail(tx, r.id, note?.id ?? null);
      }
      logger.info({ refundId: r.id, status: to }, "refund updated");
    }
    return to;
  });
}

/**
 * The job: send one refund to Razorpay. Same idempotency key and body on every try, so a retry after a
 * lost answer gets the same refund back. Razorpay refusing it (4xx) fails the refund for staff to see; a
 * network error or 5xx is thrown, and the queue tries again.
 */
export async function sendRefund(data: Record<string, unknown>): Promise<void> {
  const refundId = typeof data.refundId === "string" ? data.refundId : "";
  const [r] = await db()
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.method, "razorpay")));
  if (!r || r.status !== "pending" || r.razorpayRefundId) return;
  const g = paymentGateway();
  if (r.isTest) {
    // The built-in test gateway (orders labelled Test) refunds at once; a real payment never comes here.
    if (g.mode !== "test") throw new Error("a test-gateway refund while the test gateway is off");
    await applyRefundUpdate({
      refundId: r.id,
      razorpayRefundId: `rfnd_Test${crypto.randomBytes(7).toString("hex")}`,
      status: "processed",
    });
    return;
  }
  if (g.mode !== "razorpay") throw new Error("Razorpay keys are not set; the refund waits for them");
  try {
    const answer = await createRazorpayRefund(g.credentials, {
      paymentId: r.razorpayPaymentId!,
      amountPaise: r.amount * 100,
      idempotencyKey: r.id,
      receipt: `refund-${r.id.slice(0, 8)}`,
      notes: { refund_id: r.id },
    });
    await applyRefundUpdate({ refundId: r.id, razorpayRefundId: answer.id, status: answer.status });
  } catch (err) {
    if (
      err instanceof RazorpayError &&
      err.status !== undefined &&
      err.status >= 400 &&
      err.status < 500 &&
      err.status !== 409 &&
      err.status !== 429
    ) {
      await db()
        .update(refunds)
        .set({ status: "failed", failureReason: err.message.slice(0, 300), updatedAt: sql`now()` })
        .where(and(eq(refunds.id, r.id), eq(refunds.status, "pending")));
      logger.error({ refundId: r.id, status: err.status }, "Razorpay refused the refund");
      return;
    }
    throw err;
  }
}

/** A refund's public view for the order page and the admin. */
export async function refundsForOrder(target: RefundTarget) {
  return db()
    .select({
      id: refunds.id,
      amount: refunds.amount,
      method: refunds.method,
      status: refunds.status,
      reason: refunds.reason,
      reference: refunds.reference,
      razorpayRefundId: refunds.razorpayRefundId,
      failureReason: refunds.failureReason,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(eq(targetColumn(target.kind), target.id))
    .orderBy(asc(refunds.createdAt));
}
