import crypto from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { imageAttrs } from "~/shared/images";
import {
  buildQuoteEmail,
  isPngOrJpeg,
  isQuoteToken,
  MAX_LOGO_BYTES,
  quotePath,
  quoteRef,
  type LogoQuoteRequest,
  type QuoteOrderRequest,
  type QuoteState,
} from "~/features/logo-quotes/logo-quotes";
import { customSizeLabel } from "~/features/sign-options/line-description";
import { formatRupees } from "~/shared/money";
import { orderCeilingMessage } from "~/features/checkout/order-limits";
import { priceCheckout, type PricedCustomLine } from "~/features/checkout/order-pricing";
import { attachGatewayOrder } from "~/features/payments/gateway-order.server";
import { shippingChoice } from "~/features/checkout/place-order.server";
import { findById, findByKey, toPlaced, type PlacedCheckout } from "~/features/checkout/records.server";
import { writeOrders } from "~/features/checkout/write-orders.server";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { logoQuotes } from "./tables.server";
import { sendMail } from "~/platform/email.server";
import { deliverOnce, enqueueOnce, wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { enqueueOrderEmails } from "~/features/order-lifecycle/order-email-queue.server";
import { paymentGateway } from "~/features/payments/gateway.server";
import { pinRefusal } from "~/features/couriers/pin-check.server";
import { publicImageBase } from "~/platform/storage/object-store.server";
import {
  loadShopSettings,
  loadStoreSettings,
  shopSettings,
  storeSettings,
} from "~/features/settings/store-settings.server";
import { ImageRejected, removeImage, storeImage } from "~/platform/storage/uploads.server";
import { enqueueStaffNotice } from "~/features/order-lifecycle/staff-notice-queue.server";

/*
 * Logo and artwork quotes (issue 18, decision 024): asked for by a shopper with a logo, priced by staff,
 * ordered by the shopper at that price from the quote's own link. The order is a custom order (the logo
 * its preview picture, the quoted price its base price) that follows the usual workflow.
 */

export const QUOTE_EMAIL_QUEUE = "mail-logo-quote";

export type RequestResult = { ok: true; ref: string } | { ok: false; errors: Record<string, string> };

/** Store a shopper's request: the logo must be a PNG or JPEG; it is re-encoded like every upload. */
export async function requestLogoQuote(
  input: LogoQuoteRequest,
  file: { bytes: Buffer } | null,
  clientIp: string,
): Promise<RequestResult> {
  if (!file) return { ok: false, errors: { logo: "Choose your logo (PNG or JPG)." } };
  if (file.bytes.length > MAX_LOGO_BYTES)
    return { ok: false, errors: { logo: "The logo is larger than 5 MB." } };
  if (!isPngOrJpeg(file.bytes))
    return { ok: false, errors: { logo: "The logo must be a PNG or JPG picture." } };
  let stored;
  try {
    stored = await storeImage(file.bytes, { maxBytes: MAX_LOGO_BYTES });
  } catch (e) {
    if (e instanceof ImageRejected) return { ok: false, errors: { logo: e.message } };
    throw e;
  }
  try {
    const row = await db().transaction(async (tx) => {
      const [r] = await tx
        .insert(logoQuotes)
        .values({
          customerName: input.name,
          customerEmail: input.email,
          customerPhone: input.phone,
          size: input.size,
          notes: input.notes,
          imageKey: stored.imageKey,
          imageWidth: stored.width,
          imageHeight: stored.height,
          clientIp: clientIp === "unknown" ? null : clientIp,
        })
        .returning({ id: logoQuotes.id });
      await enqueueStaffNotice(tx, { kind: "logo-quote", quoteId: r!.id });
      return r;
    });
    wakeWorkers();
    logger.info({ quoteId: row!.id }, "logo quote requested");
    return { ok: true, ref: quoteRef(row!.id) };
  } catch (e) {
    await removeImage(stored.imageKey);
    throw e;
  }
}

function logoImage(q: { imageKey: string; imageWidth: number; imageHeight: number }) {
  return imageAttrs(
    { imageKey: q.imageKey, width: q.imageWidth, height: q.imageHeight },
    640,
    publicImageBase(),
  );
}

/** Staff's list of quotes, newest first. */
export async function listLogoQuotes() {
  const rows = await db().select().from(logoQuotes).orderBy(desc(logoQuotes.createdAt)).limit(200);
  return rows.map((q) => ({
    id: q.id,
    ref: quoteRef(q.id),
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    customerPhone: q.customerPhone,
    size: customSizeLabel(q.size),
    notes: q.notes,
    image: logoImage(q),
    state: q.state,
    price: q.price,
    staffMessage: q.staffMessage,
    pricedByEmail: q.pricedByEmail,
    createdAt: q.createdAt.toISOString(),
    customOrderId: q.customOrderId,
  }));
}

export type PriceResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/** Staff set the price once; the shopper's e-mail with the quote's link is queued with it. */
export async function priceLogoQuote(
  input: { id: string; price: number; message: string },
  actor: { id: string; email: string },
): Promise<PriceResult> {
  const r = await db().transaction(async (tx): Promise<PriceResult> => {
    const [q] = await tx.select().from(logoQuotes).where(eq(logoQuotes.id, input.id)).for("update");
    if (!q) return { ok: false, status: 404, message: "Quote not found." };
    if (q.state !== "requested")
      return { ok: false, status: 409, message: "This quote already has a price." };
    await tx
      .update(logoQuotes)
      .set({
        state: "priced",
        price: input.price,
        staffMessage: input.message || null,
        pricedBy: actor.id,
        pricedByEmail: actor.email,
        pricedAt: sql`now()`,
      })
      .where(eq(logoQuotes.id, q.id));
    await enqueueOnce(tx, QUOTE_EMAIL_QUEUE, `logo-quote:${q.id}`, { quoteId: q.id });
    return { ok: true };
  });
  if (r.ok) {
    wakeWorkers();
    logger.info({ quoteId: input.id, price: input.price, by: actor.email }, "logo quote priced");
  }
  return r;
}

/** The quote behind a link, as the shopper sees it (null: no such quote). */
export async function quoteByToken(token: string) {
  if (!isQuoteToken(token)) return null;
  const [q] = await db().select().from(logoQuotes).where(eq(logoQuotes.accessToken, token));
  if (!q) return null;
  const order = q.customOrderId
    ? (
        await db()
          .select({ accessToken: customNeonOrders.accessToken, status: customNeonOrders.status })
          .from(customNeonOrders)
          .where(eq(customNeonOrders.id, q.customOrderId))
      )[0]
    : undefined;
  const open = order && order.status !== "cancelled";
  return {
    ref: quoteRef(q.id),
    state: (open ? "ordered" : q.state === "ordered" ? "priced" : q.state) as QuoteState,
    size: customSizeLabel(q.size),
    notes: q.notes,
    image: logoImage(q),
    price: q.price,
    staffMessage: q.staffMessage,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    customerPhone: q.customerPhone,
    orderPath: open ? `/orders/${order.accessToken}` : null,
  };
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
      const [q] = await tx.select().from(logoQuotes).where(eq(logoQuotes.accessToken, token)).for("update");
      if (!q) throw new Refusal({ ok: false, status: 404, message: "Quote not found." });
      if (q.price === null)
        throw new Refusal({ ok: false, status: 409, message: "This quote does not have a price yet." });
      if (q.customOrderId) {
        const [o] = await tx
          .select({ status: customNeonOrders.status, paymentStatus: customNeonOrders.paymentStatus })
          .from(customNeonOrders)
          .where(eq(customNeonOrders.id, q.customOrderId));
        if (o && !(o.status === "cancelled" && o.paymentStatus !== "paid"))
          throw new Refusal({ ok: false, status: 409, message: "This quote has already been ordered." });
      }
      const line: PricedCustomLine = {
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
          basePrice: q.price,
          characterPrice: 0,
          extraCharacters: 0,
          dimmerPrice: 0,
          backingPrice: 0,
          total: q.price,
        },
        unitPrice: q.price,
        lineTotal: q.price,
      };
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
      const [order] = await tx
        .select({ id: customNeonOrders.id })
        .from(customNeonOrders)
        .where(eq(customNeonOrders.checkoutId, created!.id));
      await tx
        .update(logoQuotes)
        .set({ state: "ordered", customOrderId: order!.id })
        .where(eq(logoQuotes.id, q.id));
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

/** The job that e-mails a priced quote's link to the shopper, at most once. */
export async function sendQuoteEmail(data: Record<string, unknown>): Promise<void> {
  const { quoteId, dedupeKey } = data;
  if (typeof quoteId !== "string") throw new Error("quote e-mail job with bad data");
  const key = typeof dedupeKey === "string" ? dedupeKey : `logo-quote:${quoteId}`;
  await deliverOnce(key, async () => {
    const [q] = await db().select().from(logoQuotes).where(eq(logoQuotes.id, quoteId));
    if (!q || q.price === null) return;
    await loadShopSettings();
    const store = storeSettings();
    const mail = buildQuoteEmail(
      {
        ref: quoteRef(q.id),
        customerName: q.customerName,
        size: customSizeLabel(q.size),
        price: formatRupees(q.price),
        message: q.staffMessage ?? "",
        url: `${store.publicUrl}${quotePath(q.accessToken)}`,
      },
      store,
    );
    await sendMail({ dedupeKey: key, to: q.customerEmail, replyTo: store.email, ...mail });
  });
}
