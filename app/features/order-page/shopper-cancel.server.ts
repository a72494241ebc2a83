import { eq, sql } from "drizzle-orm";
import { formatRupees } from "~/shared/money";
import { checkShopperCancel } from "~/features/order-page/order-page";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { returnStock } from "~/features/order-lifecycle/order-stock.server";
import { db, type Tx } from "~/platform/db/client.server";
import { customNeonOrders, orders, orderStatusHistory } from "~/features/order-lifecycle/tables.server";
import { enqueueOnce, wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { paidAmount, refundsOf, startRefund } from "~/features/after-sale/refunds.server";
import { refundableAmount } from "~/features/after-sale/refunds";
import { issueCreditNoteIfInvoiced } from "~/features/invoices/invoices.server";
import { settledByStaff } from "~/features/cod-confirmation/cod-confirmation.server";
import { findOrderByToken, type OrderRef } from "./shopper-order.server";
import { REFUND_TIME_SENTENCE } from "~/features/settings/shop-promises";

/*
 * The shopper cancels their own order from its page (the Terms: within 24 hours, before production).
 * One transaction under the order's row lock: the rule is checked again, the stock goes back exactly
 * once, a paid online order's money is refunded in full through Razorpay (queued), and the shopper's and
 * the shop's e-mails are queued. A repeat (double click, replay) finds the order cancelled and changes nothing.
 */

export const CANCELLED_MAIL_QUEUE = "mail-order-cancelled";

export type CancelResult =
  { ok: true; refund: number; stockReturned: boolean } | { ok: false; status: 404 | 409; message: string };

async function lock(tx: Tx, ref: OrderRef) {
  const t = ref.kind === "order" ? orders : customNeonOrders;
  const [o] = await tx
    .select({
      id: t.id,
      status: t.status,
      paymentMethod: t.paymentMethod,
      paymentStatus: t.paymentStatus,
      createdAt: t.createdAt,
      totalAmount: t.totalAmount,
      razorpayPaymentId: t.razorpayPaymentId,
      isTest: t.isTest,
      stockReleasedAt: t.stockReleasedAt,
    })
    .from(t)
    .where(eq(t.id, ref.id))
    .for("update");
  return o;
}

export async function cancelOrderByShopper(
  token: string,
  reason: string | undefined,
  now = new Date(),
): Promise<CancelResult> {
  const ref = await findOrderByToken(token);
  if (!ref) return { ok: false, status: 404, message: "Order not found." };
  const result = await db().transaction(async (tx): Promise<CancelResult> => {
    const o = await lock(tx, ref);
    if (!o) return { ok: false, status: 404, message: "Order not found." };
    const check = checkShopperCancel(o, now);
    if (!check.ok) return { ok: false, status: 409, message: check.reason };
    const stockReturned = ref.kind === "order" ? await returnStock(tx, o) : false;
    const t = ref.kind === "order" ? orders : customNeonOrders;
    await tx
      .update(t)
      .set({
        status: "cancelled",
        ...(stockReturned ? { stockReleasedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(t.id, o.id));
    await tx.insert(orderStatusHistory).values({
      orderId: ref.kind === "order" ? o.id : null,
      customOrderId: ref.kind === "custom" ? o.id : null,
      field: "status",
      fromValue: o.status,
      toValue: "cancelled",
      note: [
        "Cancelled by the shopper on the order page",
        reason,
        stockReturned ? "Stock returned" : undefined,
      ]
        .filter(Boolean)
        .join(". "),
      createdAt: sql`clock_timestamp()`,
    });
    // An order invoiced already (prepaid, invoice asked for) gets its credit note with the cancellation.
    await issueCreditNoteIfInvoiced(tx, ref, "Order cancelled by the shopper", undefined, "shopper");
    // Money taken online goes back in full; cash on delivery was not collected yet.
    let refund = 0;
    if (o.paymentMethod === "razorpay" && o.paymentStatus === "paid") {
      refund = refundableAmount(paidAmount(o), await refundsOf(tx, ref));
      if (refund > 0) {
        const started = await startRefund(tx, ref, o, {
          amount: refund,
          reason: "Order cancelled by the shopper",
          actor: null,
        });
        if (!started.ok) throw new Error(`refund could not be started: ${started.message}`);
      }
    }
    // A COD order waiting for its confirmation (issue 30) is answered: the sweep never mails about it.
    await settledByStaff(tx, ref.kind, o.id, "cancelled", null, "page");
    await enqueueCancelledMails(tx, ref.kind, o.id, refund);
    return { ok: true, refund, stockReturned };
  });
  if (result.ok) {
    wakeWorkers();
    logger.info({ kind: ref.kind, id: ref.id, refund: result.refund }, "order cancelled by the shopper");
  }
  return result;
}

async function enqueueCancelledMails(tx: Tx, kind: OrderKind, id: string, refund: number) {
  await enqueueOnce(tx, CANCELLED_MAIL_QUEUE, `cancelled:${kind}:${id}`, {
    kind,
    id,
    refund,
    audience: "customer",
  });
  await enqueueOnce(tx, CANCELLED_MAIL_QUEUE, `cancelled-notice:${kind}:${id}`, {
    kind,
    id,
    refund,
    audience: "shop",
  });
}

export function refundText(refund: number): string {
  return refund > 0
    ? `${formatRupees(refund)} is being refunded to your original payment method. ${REFUND_TIME_SENTENCE}`
    : "Nothing was charged, so there is nothing to refund.";
}
