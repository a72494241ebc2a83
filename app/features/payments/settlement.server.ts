import { and, eq, ne, sql } from "drizzle-orm";
import type { VerifyPaymentInput } from "./payment-verify";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { logger } from "~/platform/logger.server";
import { wakeWorkers } from "~/platform/jobs/queue.server";
import { paymentGateway } from "./gateway.server";
import { verifyPaymentSignature } from "./razorpay.server";
import { history, ordersOf } from "./checkout-orders.server";
import { markPaid } from "./mark-paid.server";
import { findPrepay, settlePrepay } from "./cod-prepay.server";

/* Settling payments: the browser's signed success answer, the webhook, and paid-after-release. */

/**
 * A signed success answer that settled a checkout: its id, and whether it was a "Pay now instead" payment of a
 * COD checkout (then the orders must be paid afterwards for the answer to count). The checkout's answer to the
 * browser is made from it by verifyPayment (checkout/payment-verify.server.ts).
 */
export type Settled = { checkoutId: string; via: "checkout" | "prepay" } | null;

/**
 * The browser's success callback: check razorpay_signature against the Razorpay order id we stored
 * (HMAC-SHA256 of order_id|payment_id with the key secret, constant-time compare) and mark the
 * checkout's orders paid. A bad signature changes nothing.
 */
export async function settleSignedPayment(input: VerifyPaymentInput): Promise<Settled> {
  const g = paymentGateway();
  if (g.mode === "off") return null;
  const [row] = await db()
    .select()
    .from(checkouts)
    .where(eq(checkouts.razorpayOrderId, input.razorpay_order_id));
  if (!row) return verifyPrepay(g, input);
  if (row.isTest !== (g.mode === "test")) {
    logger.warn({ razorpayOrderId: input.razorpay_order_id }, "payment verification for an unknown order");
    return null;
  }
  const valid = verifyPaymentSignature(g.keySecret, {
    razorpayOrderId: row.razorpayOrderId!,
    razorpayPaymentId: input.razorpay_payment_id,
    signature: input.razorpay_signature,
  });
  if (!valid) {
    logger.warn({ checkoutId: row.id }, "payment signature did not verify");
    return null;
  }
  const changed = await db().transaction((tx) =>
    markPaid(tx, row.id, input.razorpay_payment_id, "checkout signature"),
  );
  if (changed) {
    logger.info({ checkoutId: row.id, isTest: row.isTest }, "payment verified");
    wakeWorkers();
  }
  return { checkoutId: row.id, via: "checkout" };
}

/**
 * The signed success of a "Pay now instead" payment (a COD checkout paid online, cod-prepay.server.ts): checked
 * against that gateway order, then the orders become prepaid and paid in one transaction.
 */
async function verifyPrepay(
  g: Exclude<ReturnType<typeof paymentGateway>, { mode: "off" }>,
  input: VerifyPaymentInput,
): Promise<Settled> {
  const prepay = await findPrepay(input.razorpay_order_id);
  const valid =
    prepay &&
    prepay.isTest === (g.mode === "test") &&
    verifyPaymentSignature(g.keySecret, {
      razorpayOrderId: input.razorpay_order_id,
      razorpayPaymentId: input.razorpay_payment_id,
      signature: input.razorpay_signature,
    });
  if (!prepay || !valid) {
    logger.warn({ razorpayOrderId: input.razorpay_order_id }, "payment verification for an unknown order");
    return null;
  }
  const r = await db().transaction((tx) =>
    settlePrepay(tx, input.razorpay_order_id, input.razorpay_payment_id, "checkout signature"),
  );
  if (r === "applied") wakeWorkers();
  return { checkoutId: prepay.checkoutId, via: "prepay" };
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
  if (row) return true;
  const prepay = await findPrepay(razorpayOrderId);
  return Boolean(prepay?.isTest && !prepay.prepaidAt);
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
      // A COD checkout paid online instead (its own gateway order until the payment arrives).
      if ((ev.type === "payment.captured" || ev.type === "order.paid") && ev.paymentId) {
        const r = await settlePrepay(
          tx,
          ev.razorpayOrderId,
          ev.paymentId,
          `webhook ${ev.type}`,
          ev.amountPaise,
        );
        if (r === "applied") {
          paidNow = ev.razorpayOrderId;
          return "applied" as const;
        }
        if (r === "duplicate") return "applied" as const;
      }
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
