import crypto from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { quoteRef, type QuoteOrderRequest } from "~/features/logo-quotes/logo-quotes";
import { orderCeilingMessage } from "~/features/checkout/order-limits";
import { priceCheckout, type PricedCustomLine } from "~/features/checkout/order-pricing";
import { attachGatewayOrder } from "~/features/payments/gateway-order.server";
import { shippingChoice } from "~/features/checkout/place-order.server";
import { findById, findByKey, toPlaced, type PlacedCheckout } from "~/features/checkout/records.server";
import { writeOrders } from "~/features/checkout/write-orders.server";
import { db, type Tx } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { logger } from "~/platform/logger.server";
import { wakeWorkers } from "~/platform/jobs/queue.server";
import { enqueueOrderEmails } from "~/features/order-lifecycle/order-email-queue.server";
import { paymentGateway } from "~/features/payments/gateway.server";
import { pinRefusal } from "~/features/couriers/pin-check.server";
import { loadStoreSettings, shopSettings } from "~/features/settings/store-settings.server";
import { isQuoteToken, quoteOrderStands } from "./logo-quotes";
import { logoQuotes } from "./tables.server";

/*
 * A priced logo quote ordered (issue 18, decision 024): by the shopper from the quote's own link, or by staff as
 * a line of a chat order (issue 46). The order is a custom order (the logo its preview picture, the quoted price
 * its base price) that follows the usual workflow.
 */

type QuoteRow = typeof logoQuotes.$inferSelect;

/**
 * The quote's row locked until commit, if it may be ordered now: priced, and not ordered by an order that
 * stands (an unpaid order that was cancelled, online or by an expired pay link, frees it). Used by the
 * quote's own checkout and by Chat Orders (issue 46).
 */
export async function lockQuoteForOrder(
  tx: Tx,
  where: SQL,
): Promise<{ ok: true; quote: QuoteRow } | { ok: false; status: 404 | 409; message: string }> {
  const [q] = await tx.select().from(logoQuotes).where(where).for("update");
  if (!q) return { ok: false, status: 404, message: "Quote not found." };
  if (q.price === null) return { ok: false, status: 409, message: "This quote does not have a price yet." };
  if (q.customOrderId) {
    const [o] = await tx
      .select({ status: customNeonOrders.status, paymentStatus: customNeonOrders.paymentStatus })
      .from(customNeonOrders)
      .where(eq(customNeonOrders.id, q.customOrderId));
    if (quoteOrderStands(o))
      return { ok: false, status: 409, message: "This quote has already been ordered." };
  }
  return { ok: true, quote: q };
}

/** The quote as one custom line at staff's price: the logo its picture, "Logo artwork" where a font would be. */
export function quoteCustomLine(q: QuoteRow): PricedCustomLine {
  const price = q.price ?? 0;
  return {
    kind: "custom",
    cartId: q.id,
    label: `Logo sign (quote ${quoteRef(q.id)})`,
    design: {
      text: `Logo (quote ${quoteRef(q.id)})`,
      font: "Logo artwork",
      color: "As in the logo",
      size: q.size as PricedCustomLine["design"]["size"],
      hasDimmer: false,
      backingShape: "cut-to-shape",
      // Stored as text on the order: staff see "Logo artwork" where a font would be.
    } as unknown as PricedCustomLine["design"],
    quantity: 1,
    makeWarnings: q.notes ? `Shopper's notes: ${q.notes}` : null,
    price: {
      basePrice: price,
      characterPrice: 0,
      extraCharacters: 0,
      dimmerPrice: 0,
      backingPrice: 0,
      total: price,
    },
    unitPrice: price,
    lineTotal: price,
  };
}

/** The quote ordered by the checkout's custom order that carries its logo (written by writeOrders). */
export async function markQuoteOrdered(tx: Tx, q: QuoteRow, checkoutId: string): Promise<void> {
  const [order] = await tx
    .select({ id: customNeonOrders.id })
    .from(customNeonOrders)
    .where(
      and(eq(customNeonOrders.checkoutId, checkoutId), eq(customNeonOrders.previewImageKey, q.imageKey)),
    );
  if (!order) throw new Error(`checkout ${checkoutId} has no order for quote ${q.id}`);
  await tx
    .update(logoQuotes)
    .set({ state: "ordered", customOrderId: order.id })
    .where(eq(logoQuotes.id, q.id));
}

export type QuoteOrderOutcome =
  | { ok: true; replayed: boolean; checkout: PlacedCheckout }
  | { ok: false; status: 404 | 409 | 422 | 503; message: string; fieldErrors?: Record<string, string> };

class Refusal extends Error {
  constructor(readonly outcome: Extract<QuoteOrderOutcome, { ok: false }>) {
    super(outcome.message);
  }
}

/**
 * Order a priced quote, as one transaction under the quote's row lock: the price is the quote's (nothing
 * the browser sends), the usual delivery and COD charges apply, and a quote whose order stands is never
 * ordered again (an unpaid online order that was cancelled frees it). The idempotency key makes a repeat
 * return the first result.
 */
export async function placeQuoteOrder(token: string, req: QuoteOrderRequest): Promise<QuoteOrderOutcome> {
  if (!isQuoteToken(token)) return { ok: false, status: 404, message: "Quote not found." };
  const existing = await findByKey(req.idempotencyKey);
  if (existing) {
    const placed = await toPlaced(existing);
    const [q] = await db()
      .select({ id: logoQuotes.id })
      .from(logoQuotes)
      .innerJoin(customNeonOrders, eq(customNeonOrders.id, logoQuotes.customOrderId))
      .where(sql`${logoQuotes.accessToken} = ${token} and ${customNeonOrders.checkoutId} = ${existing.id}`);
    if (!q) return { ok: false, status: 409, message: "This checkout was already used. Please try again." };
    return { ok: true, replayed: true, checkout: placed };
  }
  const gateway = paymentGateway();
  if (req.form.paymentMethod === "razorpay" && gateway.mode === "off")
    return {
      ok: false,
      status: 503,
      message: "Online payment is not available. Please choose Cash on Delivery.",
    };
  // The PIN must exist and be in the chosen state, its invoice's place of supply (issue 42).
  const pin = await pinRefusal(req.form);
  if (pin) return { ok: false, status: 422, message: pin.message, fieldErrors: { [pin.field]: pin.message } };
  const isTest = req.form.paymentMethod === "razorpay" && gateway.mode === "test";
  const { limits, shipping: rules } = await shopSettings();
  let checkoutId: string;
  try {
    checkoutId = await db().transaction(async (tx) => {
      const locked = await lockQuoteForOrder(tx, eq(logoQuotes.accessToken, token));
      if (!locked.ok) throw new Refusal(locked);
      const q = locked.quote;
      const line = quoteCustomLine(q);
      const outcome = priceCheckout([], [line], shippingChoice(req.form), rules);
      if (!outcome.ok)
        throw new Refusal({
          ok: false,
          status: 422,
          message: outcome.message,
          fieldErrors: { [outcome.field]: outcome.message },
        });
      const plan = outcome.plan;
      if (plan.totalAmount > limits.maxOrderTotal)
        throw new Refusal({
          ok: false,
          status: 422,
          message: orderCeilingMessage(limits, await loadStoreSettings()),
        });
      const [created] = await tx
        .insert(checkouts)
        .values({
          idempotencyKey: req.idempotencyKey,
          requestHash: crypto
            .createHash("sha256")
            .update(JSON.stringify({ quote: q.id, form: req.form }))
            .digest("hex"),
          paymentMethod: req.form.paymentMethod,
          totalAmount: plan.totalAmount,
          isTest,
          customerPhone: req.form.phone,
          customerEmail: req.form.email.toLowerCase(),
          holdExpiresAt:
            req.form.paymentMethod === "razorpay"
              ? sql`now() + make_interval(mins => ${limits.paymentHoldMinutes})`
              : null,
        })
        .returning({ id: checkouts.id });
      await writeOrders(tx, created!.id, { ...req, items: [] }, plan, [q.imageKey], isTest);
      await markQuoteOrdered(tx, q, created!.id);
      if (req.form.paymentMethod === "cod") await enqueueOrderEmails(tx, created!.id);
      return created!.id;
    });
  } catch (err) {
    if (err instanceof Refusal) return err.outcome;
    throw err;
  }
  logger.info({ checkoutId, method: req.form.paymentMethod, isTest }, "logo quote ordered");
  if (req.form.paymentMethod === "cod") wakeWorkers();
  else await attachGatewayOrder(checkoutId);
  return { ok: true, replayed: false, checkout: await toPlaced((await findById(checkoutId))!) };
}
