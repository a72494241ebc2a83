import { and, eq, ne, sql } from "drizzle-orm";
import type { VerifyPaymentInput } from "~/features/checkout/checkout";
import { db, type Tx } from "~/platform/db/client.server";
import { checkouts, customNeonOrders, orderItems, orders, products } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { wakeWorkers } from "~/platform/jobs/queue.server";
import { enqueueOrderEmails } from "~/features/checkout/order-emails.server";
import { enqueueWhatsAppPlaced } from "~/features/whatsapp/whatsapp-updates.server";
import { paymentGateway } from "~/features/checkout/gateway.server";
import { verifyPaymentSignature } from "~/features/checkout/razorpay.server";
import { findById, history, ordersOf, toPlaced, type PlacedCheckout } from "./records.server";

/* Settling payments: the browser's signed success answer, the webhook, and paid-after-release. */

/**
 * Mark a checkout paid (inside the caller's transaction, checkout row locked). A checkout already
 * paid is left alone; a checkout whose hold expired takes its stock again when it is still there.
 * Returns true when this call made the change.
 */
export async function markPaid(
  tx: Tx,
  checkoutId: string,
  paymentId: string,
  source: string,
): Promise<boolean> {
  const [c] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
  if (!c || c.paymentStatus === "paid") return false;
  await tx
    .update(checkouts)
    .set({ paymentStatus: "paid", razorpayPaymentId: paymentId, holdExpiresAt: null })
    .where(eq(checkouts.id, checkoutId));
  const list = await ordersOf(tx, checkoutId);
  for (const o of list) {
    await history(tx, [o], "payment_status", o.paymentStatus, "paid", `Payment ${paymentId} (${source})`);
  }
  await tx
    .update(orders)
    .set({ paymentStatus: "paid", razorpayPaymentId: paymentId, updatedAt: sql`now()` })
    .where(eq(orders.checkoutId, checkoutId));
  await tx
    .update(customNeonOrders)
    .set({ paymentStatus: "paid", razorpayPaymentId: paymentId, updatedAt: sql`now()` })
    .where(eq(customNeonOrders.checkoutId, checkoutId));

  // Paid after the hold expired and the orders were cancelled: take the stock again if it is there.
  const released = list.filter((o) => o.stockReleasedAt && o.status === "cancelled");
  if (released.length > 0) {
    try {
      await tx.transaction(async (sp) => {
        for (const o of released.filter((r) => !r.custom)) {
          const items = await sp
            .select({
              productId: orderItems.productId,
              quantity: sql<number>`${orderItems.quantity} - ${orderItems.madeToOrder}`,
            })
            .from(orderItems)
            .where(eq(orderItems.orderId, o.id));
          for (const it of items) {
            if (!it.productId) throw new Error("product deleted");
            const r = await sp
              .update(products)
              .set({ stockQuantity: sql`${products.stockQuantity} - ${it.quantity}`, updatedAt: sql`now()` })
              .where(and(eq(products.id, it.productId), sql`${products.stockQuantity} >= ${it.quantity}`))
              .returning({ id: products.id });
            if (r.length !== 1) throw new Error("stock gone");
          }
        }
        for (const o of released) {
          const table = o.custom ? customNeonOrders : orders;
          await sp
            .update(table)
            .set({ status: "pending", stockReleasedAt: null, updatedAt: sql`now()` })
            .where(eq(table.id, o.id));
          await history(
            sp,
            [o],
            "status",
            "cancelled",
            "pending",
            "Paid after the payment hold expired; stock taken again",
          );
        }
      });
    } catch (err) {
      logger.error(
        { err, checkoutId, paymentId },
        "paid after the hold expired and the stock is gone: the order stays cancelled and needs a refund",
      );
    }
  }
  // Paid now: the order's mails are queued in this transaction, once however often payment is reported.
  await enqueueOrderEmails(tx, checkoutId);
  await enqueueWhatsAppPlaced(tx, checkoutId);
  return true;
}

export type VerifyOutcome = { ok: true; checkout: PlacedCheckout } | { ok: false };

/**
 * The browser's success callback: check razorpay_signature against the Razorpay order id we stored
 * (HMAC-SHA256 of order_id|payment_id with the key secret, constant-time compare) and mark the
 * checkout's orders paid. A bad signature changes nothing.
 */
export async function verifyPayment(input: VerifyPaymentInput): Promise<VerifyOutcome> {
  const g = paymentGateway();
  if (g.mode === "off") return { ok: false };
  const [row] = await db()
    .select()
    .from(checkouts)
    .where(eq(checkouts.razorpayOrderId, input.razorpay_order_id));
  if (!row || row.isTest !== (g.mode === "test")) {
    logger.warn({ razorpayOrderId: input.razorpay_order_id }, "payment verification for an unknown order");
    return { ok: false };
  }
  const valid = verifyPaymentSignature(g.keySecret, {
    razorpayOrderId: row.razorpayOrderId!,
    razorpayPaymentId: input.razorpay_payment_id,
    signature: input.razorpay_signature,
  });
  if (!valid) {
    logger.warn({ checkoutId: row.id }, "payment signature did not verify");
    return { ok: false };
  }
  const changed = await db().transaction((tx) =>
    markPaid(tx, row.id, input.razorpay_payment_id, "checkout signature"),
  );
  if (changed) {
    logger.info({ checkoutId: row.id, isTest: row.isTest }, "payment verified");
    wakeWorkers();
  }
  const placed = await toPlaced((await findById(row.id))!);
  // Paid after the hold expired and the stock was gone: the orders stay cancelled (staff refund it).
  if (placed.cancelled) {
    logger.error({ checkoutId: row.id }, "payment verified for a cancelled checkout; needs a refund");
    return { ok: false };
  }
  return { ok: true, checkout: placed };
}

/** For the test gateway's signing endpoint: only existing, unpaid test checkouts. */
export async function isOpenTestCheckout(razorpayOrderId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.razorpayOrderId, razorpayOrderId),
        eq(checkouts.isTest, true),
        ne(checkouts.paymentStatus, "paid"),
      ),
    );
  return Boolean(row);
}

export type WebhookEvent = {
  eventId: string;
  type: string;
  razorpayOrderId?: string;
  paymentId?: string;
  amountPaise?: number;
};

/**
 * Apply one verified webhook event. The event id is recorded in the same transaction, so a repeat
 * (also a concurrent one: it waits on the unique key) changes nothing. A paid checkout never moves back.
 */
export async function applyPaymentEvent(ev: WebhookEvent): Promise<"applied" | "duplicate" | "ignored"> {
  let paidNow: string | undefined;
  const result = await db().transaction(async (tx) => {
    const inserted = await tx.execute(sql`
      insert into payment_events (event_id, event_type, razorpay_order_id)
      values (${ev.eventId}, ${ev.type}, ${ev.razorpayOrderId ?? null})
      on conflict (event_id) do nothing returning event_id`);
    if (inserted.rows.length === 0) return "duplicate" as const;
    if (!ev.razorpayOrderId) return "ignored" as const;
    const [c] = await tx
      .select()
      .from(checkouts)
      .where(eq(checkouts.razorpayOrderId, ev.razorpayOrderId))
      .for("update");
    if (!c) {
      logger.warn({ eventId: ev.eventId, type: ev.type }, "webhook for an order we do not know");
      return "ignored" as const;
    }
    if (ev.type === "payment.captured" || ev.type === "order.paid") {
      if (ev.amountPaise !== undefined && ev.amountPaise !== c.totalAmount * 100) {
        logger.error(
          { checkoutId: c.id, amountPaise: ev.amountPaise, expected: c.totalAmount * 100 },
          "webhook amount differs from the order total; not marked paid",
        );
        return "ignored" as const;
      }
      if (await markPaid(tx, c.id, ev.paymentId ?? c.razorpayPaymentId ?? "unknown", `webhook ${ev.type}`))
        paidNow = c.id;
      return "applied" as const;
    }
    if (ev.type === "payment.failed") {
      if (c.paymentStatus !== "pending") return "applied" as const;
      await tx.update(checkouts).set({ paymentStatus: "failed" }).where(eq(checkouts.id, c.id));
      const list = await ordersOf(tx, c.id);
      for (const o of list)
        await history(
          tx,
          [o],
          "payment_status",
          o.paymentStatus,
          "failed",
          `webhook payment.failed ${ev.paymentId ?? ""}`.trim(),
        );
      await tx
        .update(orders)
        .set({ paymentStatus: "failed", updatedAt: sql`now()` })
        .where(and(eq(orders.checkoutId, c.id), eq(orders.paymentStatus, "pending")));
      await tx
        .update(customNeonOrders)
        .set({ paymentStatus: "failed", updatedAt: sql`now()` })
        .where(and(eq(customNeonOrders.checkoutId, c.id), eq(customNeonOrders.paymentStatus, "pending")));
      return "applied" as const;
    }
    return "ignored" as const;
  });
  if (paidNow) wakeWorkers();
  return result;
}
