import crypto from "node:crypto";
import { z } from "~/shared/zod";
import { failedAnswer } from "~/shared/form-answer";
import { logger } from "~/platform/logger.server";
import { applyPaymentEvent } from "~/features/payments/settlement.server";
import { applyRefundUpdate } from "~/features/after-sale/refunds.server";
import { paymentGateway } from "~/features/payments/gateway.server";
import { verifyWebhookSignature } from "~/features/payments/razorpay.server";

const entity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape) }).optional();

const eventSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: entity({
        id: z.string(),
        order_id: z.string().nullish(),
        amount: z.number().int().optional(),
        status: z.string().optional(),
      }),
      order: entity({
        id: z.string(),
        amount: z.number().int().optional(),
        amount_paid: z.number().int().optional(),
      }),
      refund: entity({
        id: z.string(),
        payment_id: z.string().optional(),
        amount: z.number().int().optional(),
        status: z.string().optional(),
        notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
      }),
    })
    .default({}),
});

const MAX_BODY = 1_000_000;

/**
 * A Razorpay webhook: X-Razorpay-Signature must be HMAC-SHA256 of the raw body with the webhook
 * secret. Handles payment.captured, order.paid, payment.failed, refund.processed and refund.failed; the event id (X-Razorpay-Event-Id,
 * else a hash of the body) makes a repeat change nothing. Small work, well within Razorpay's 5 s.
 */
export async function handleRazorpayWebhook(
  rawBody: string,
  signature: string | null,
  eventIdHeader: string | null,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const secret =
    paymentGateway().mode === "off"
      ? undefined
      : (paymentGateway() as { webhookSecret?: string }).webhookSecret;
  if (!secret)
    return { status: 503, body: failedAnswer("webhooks are not configured (RAZORPAY_WEBHOOK_SECRET)") };
  if (rawBody.length > MAX_BODY) return { status: 413, body: failedAnswer("too large") };
  if (!signature || !verifyWebhookSignature(secret, rawBody, signature)) {
    logger.warn("webhook with a bad signature refused");
    return { status: 400, body: failedAnswer("invalid signature") };
  }
  let parsed;
  try {
    parsed = eventSchema.safeParse(JSON.parse(rawBody));
  } catch {
    return { status: 400, body: failedAnswer("not JSON") };
  }
  if (!parsed.success) return { status: 400, body: failedAnswer("unexpected event shape") };
  const ev = parsed.data;
  const payment = ev.payload.payment?.entity;
  const order = ev.payload.order?.entity;
  const eventId = (
    eventIdHeader?.trim() || `sha256:${crypto.createHash("sha256").update(rawBody).digest("hex")}`
  ).slice(0, 200);
  const refund = ev.payload.refund?.entity;
  if ((ev.event === "refund.processed" || ev.event === "refund.failed") && refund) {
    // A refund only moves forward (pending → processed | failed), so a replayed or late event changes nothing.
    const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {};
    const result = await applyRefundUpdate({
      refundId: typeof notes.refund_id === "string" ? notes.refund_id : undefined,
      razorpayRefundId: refund.id,
      status: ev.event === "refund.processed" ? "processed" : "failed",
      failureReason: ev.event === "refund.failed" ? "Razorpay reported the refund as failed" : undefined,
    });
    logger.info({ eventId, type: ev.event, result }, "refund webhook");
    return { status: 200, body: { status: result } };
  }
  if (!["payment.captured", "order.paid", "payment.failed"].includes(ev.event)) {
    return { status: 200, body: { status: "ignored" } };
  }
  const razorpayOrderId = order?.id ?? payment?.order_id ?? undefined;
  const amountPaise = ev.event === "order.paid" ? (order?.amount_paid ?? order?.amount) : payment?.amount;
  const result = await applyPaymentEvent({
    eventId,
    type: ev.event,
    razorpayOrderId,
    paymentId: payment?.id,
    amountPaise,
  });
  logger.info({ eventId, type: ev.event, result }, "payment webhook");
  return { status: 200, body: { status: result } };
}
