import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { formatRupees } from "~/shared/money";
import type {
  OrderKind,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from "~/features/order-lifecycle/order-status";
import {
  checkReturnMove,
  checkReturnRequest,
  OPEN_RETURN_STATUSES,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  returnsStock,
  shopperReturnNote,
  type ReturnReason,
  type ReturnStatus,
} from "~/features/after-sale/returns";
import { returnStock } from "~/features/order-lifecycle/order-stock.server";
import { db, type Tx } from "~/platform/db/client.server";
import { writeOrderHistory } from "~/features/order-lifecycle/order-history.server";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { orders, orderStatusHistory, type ShippingAddress } from "~/features/order-lifecycle/tables.server";
import { refunds, returnRequests } from "./tables.server";
import { enqueueOnce, wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { startRefund, type RefundActor, type RefundTarget } from "./refunds.server";

/*
 * Returns and staff refunds (issue 17). Every step runs in one transaction under the order's row lock,
 * writes a history row (field 'return' or 'payment_status') and queues the shopper's e-mail for that step.
 */

export const RETURN_MAIL_QUEUE = "mail-return-update";

const targetColumn = (kind: OrderKind) =>
  kind === "order" ? returnRequests.orderId : returnRequests.customOrderId;

async function lockOrder(tx: Tx, target: RefundTarget) {
  const t = tableOf(target.kind);
  const [o] = await tx
    .select({
      id: t.id,
      status: t.status,
      paymentMethod: t.paymentMethod,
      paymentStatus: t.paymentStatus,
      totalAmount: t.totalAmount,
      razorpayPaymentId: t.razorpayPaymentId,
      isTest: t.isTest,
      stockReleasedAt: t.stockReleasedAt,
      shippingAddress: t.shippingAddress,
    })
    .from(t)
    .where(eq(t.id, target.id))
    .for("update");
  return o as
    | (typeof o & {
        status: OrderStatus;
        paymentMethod: PaymentMethod;
        paymentStatus: PaymentStatus;
        shippingAddress: ShippingAddress;
      })
    | undefined;
}

/** Shipped abroad: the return policy is stricter. */
const international = (a: ShippingAddress) => Boolean(a.country && a.country !== "IN");

async function deliveredAt(tx: Tx, target: RefundTarget): Promise<Date | null> {
  const h = orderStatusHistory;
  const [row] = await tx
    .select({ at: sql<Date>`min(${h.createdAt})` })
    .from(h)
    .where(
      and(
        target.kind === "order" ? eq(h.orderId, target.id) : eq(h.customOrderId, target.id),
        eq(h.field, "status"),
        eq(h.toValue, "delivered"),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** Whether the order has a return still going on (at most one may be). */
async function hasOpenReturn(tx: Tx, target: RefundTarget): Promise<boolean> {
  const open = await tx
    .select({ id: returnRequests.id })
    .from(returnRequests)
    .where(
      and(
        eq(targetColumn(target.kind), target.id),
        inArray(returnRequests.status, [...OPEN_RETURN_STATUSES]),
      ),
    );
  return open.length > 0;
}

/** Refunded in full: its payment says so, or an earlier return of it was refunded (issue 42). */
async function nothingLeft(tx: Tx, target: RefundTarget, paymentStatus: string): Promise<boolean> {
  if (paymentStatus === "refunded") return true;
  const done = await tx
    .select({ id: returnRequests.id })
    .from(returnRequests)
    .where(and(eq(targetColumn(target.kind), target.id), eq(returnRequests.status, "refunded")))
    .limit(1);
  return done.length > 0;
}

/** This module's rows of the order's history (field "return"). */
function history(
  tx: Tx,
  target: RefundTarget,
  from: string | null,
  to: string,
  note: string,
  actor: RefundActor,
) {
  return writeOrderHistory(tx, target, { field: "return", from, to, note, actor });
}

/** The shopper's mail for one step, with that step's note (a later step may replace the stored note). */
async function queueMail(tx: Tx, returnId: string, status: ReturnStatus, note: string | null = null) {
  await enqueueOnce(tx, RETURN_MAIL_QUEUE, `return:${returnId}:${status}`, { returnId, status, note });
}

export type ReturnResult = { ok: true; returnId: string } | { ok: false; status: 404 | 409; message: string };

/** Ask for a return (the shopper from the order page, or staff on the shopper's behalf). */
export async function requestReturn(
  target: RefundTarget,
  input: { reason: ReturnReason; details: string },
  by: "shopper" | "staff",
  actor: RefundActor,
  now = new Date(),
): Promise<ReturnResult> {
  const r = await db().transaction(async (tx): Promise<ReturnResult> => {
    const o = await lockOrder(tx, target);
    if (!o) return { ok: false, status: 404, message: "Order not found." };
    const check = checkReturnRequest(
      {
        kind: target.kind,
        status: o.status,
        deliveredAt: await deliveredAt(tx, target),
        international: international(o.shippingAddress),
        hasOpenReturn: await hasOpenReturn(tx, target),
        nothingLeft: await nothingLeft(tx, target, o.paymentStatus),
      },
      input.reason,
      now,
    );
    if (!check.ok) return { ok: false, status: 409, message: check.message };
    const [row] = await tx
      .insert(returnRequests)
      .values({
        orderId: target.kind === "order" ? target.id : null,
        customOrderId: target.kind === "custom" ? target.id : null,
        reason: input.reason,
        details: input.details,
        requestedBy: by,
      })
      .returning({ id: returnRequests.id });
    await history(
      tx,
      target,
      null,
      "requested",
      `${by === "shopper" ? "Shopper" : "Staff"}: ${RETURN_REASON_LABELS[input.reason]}. ${input.details}`,
      actor,
    );
    await queueMail(tx, row!.id, "requested");
    return { ok: true, returnId: row!.id };
  });
  if (r.ok) {
    wakeWorkers();
    logger.info({ ...target, returnId: r.returnId, by }, "return requested");
  }
  return r;
}

export type ReturnDecision =
  | { to: "approved"; note?: string | undefined }
  | { to: "refused"; note: string }
  | { to: "received"; resaleable: boolean; note?: string | undefined };

/** Staff move a return on: approve or refuse it, or record it received and inspected (stock back once). */
export async function decideReturn(
  returnId: string,
  d: ReturnDecision,
  actor: RefundActor,
): Promise<ReturnResult & { stockReturned?: boolean }> {
  const r = await db().transaction(async (tx) => {
    const [ret] = await tx.select().from(returnRequests).where(eq(returnRequests.id, returnId)).for("update");
    if (!ret) return { ok: false as const, status: 404 as const, message: "Return not found." };
    const target: RefundTarget = ret.orderId
      ? { kind: "order", id: ret.orderId }
      : { kind: "custom", id: ret.customOrderId! };
    const o = await lockOrder(tx, target);
    if (!o) return { ok: false as const, status: 404 as const, message: "Order not found." };
    const move = checkReturnMove(ret.status, d.to);
    if (!move.ok) return { ok: false as const, status: 409 as const, message: move.message };
    let stockReturned = false;
    if (d.to === "received" && returnsStock(target.kind, d.resaleable)) {
      stockReturned = await returnStock(tx, o);
      if (stockReturned)
        await tx
          .update(orders)
          .set({ stockReleasedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(orders.id, o.id));
    }
    await tx
      .update(returnRequests)
      .set({
        status: d.to,
        decisionNote: d.note ?? null,
        ...(d.to === "received" ? { resaleable: d.resaleable } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(returnRequests.id, ret.id));
    const extra =
      d.to === "received"
        ? [d.resaleable ? "Resaleable" : "Not resaleable", stockReturned ? "stock returned" : undefined]
        : [];
    await history(
      tx,
      target,
      ret.status,
      d.to,
      [RETURN_STATUS_LABELS[d.to], d.note, ...extra].filter(Boolean).join(". "),
      actor,
    );
    // The shopper's mail carries only what is meant for them (the inspection's findings stay staff-only).
    await queueMail(tx, ret.id, d.to, shopperReturnNote(d.to, d.note));
    return { ok: true as const, returnId: ret.id, stockReturned };
  });
  if (r.ok) wakeWorkers();
  return r;
}

export type RefundResult = { ok: true; refundId: string } | { ok: false; status: 404 | 409; message: string };

/**
 * A refund from the admin: full or partial, for a received return (the return becomes refunded) or on its
 * own (goodwill, a fault found later). Online payments go back through Razorpay; cash on delivery needs
 * the bank or UPI reference of the money staff paid back.
 */
export async function refundFromAdmin(
  target: RefundTarget,
  input: {
    amount: number;
    reason: string;
    reference?: string | undefined;
    returnId?: string | undefined;
    requestKey?: string | undefined;
  },
  actor: RefundActor,
): Promise<RefundResult> {
  const r = await db().transaction(async (tx): Promise<RefundResult> => {
    const o = await lockOrder(tx, target);
    if (!o) return { ok: false, status: 404, message: "Order not found." };
    let ret: typeof returnRequests.$inferSelect | undefined;
    if (input.returnId && input.requestKey) {
      // The same form sent twice: the first refund stands, the return is already refunded.
      const [same] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(eq(refunds.requestKey, input.requestKey));
      if (same) return { ok: true, refundId: same.id };
    }
    if (input.returnId) {
      [ret] = await tx
        .select()
        .from(returnRequests)
        .where(and(eq(returnRequests.id, input.returnId), eq(targetColumn(target.kind), target.id)))
        .for("update");
      if (!ret) return { ok: false, status: 404, message: "Return not found." };
      const move = checkReturnMove(ret.status, "refunded");
      if (!move.ok)
        return {
          ok: false,
          status: 409,
          message: "Refund a return once it has been received and inspected.",
        };
    }
    const started = await startRefund(tx, target, o, {
      amount: input.amount,
      reason: input.reason,
      actor,
      manualReference: input.reference,
      requestKey: input.requestKey,
    });
    if (!started.ok) return { ok: false, status: 409, message: started.message };
    if (ret && !started.repeated) {
      await tx
        .update(returnRequests)
        .set({ status: "refunded", refundId: started.refundId, updatedAt: sql`now()` })
        .where(eq(returnRequests.id, ret.id));
      await history(tx, target, ret.status, "refunded", `Refund of ${formatRupees(input.amount)}`, actor);
      // One e-mail per refund (issue 42): the refund's own mail says the return is complete.
    }
    return { ok: true, refundId: started.refundId };
  });
  if (r.ok) {
    wakeWorkers();
    logger.info({ ...target, amount: input.amount, by: actor?.email }, "refund started by staff");
  }
  return r;
}

/** An order's returns, oldest first, for the admin dialog and the order page. */
export async function returnsOf(target: RefundTarget) {
  return db()
    .select()
    .from(returnRequests)
    .where(eq(targetColumn(target.kind), target.id))
    .orderBy(asc(returnRequests.createdAt));
}

/** Whether the order could be returned now, and for which reasons (the order page's form). */
export async function returnOptions(target: RefundTarget, now = new Date()) {
  return db().transaction(async (tx) => {
    const t = tableOf(target.kind);
    const [o] = await tx
      .select({ status: t.status, shippingAddress: t.shippingAddress, paymentStatus: t.paymentStatus })
      .from(t)
      .where(eq(t.id, target.id));
    if (!o) return null;
    return {
      kind: target.kind,
      status: o.status as OrderStatus,
      deliveredAt: await deliveredAt(tx, target),
      international: international(o.shippingAddress as ShippingAddress),
      hasOpenReturn: await hasOpenReturn(tx, target),
      nothingLeft: await nothingLeft(tx, target, o.paymentStatus),
      now,
    };
  });
}
