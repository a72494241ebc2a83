import crypto from "node:crypto";
import { courierRefusal } from "~/features/couriers/couriers.server";
import { eq, sql } from "drizzle-orm";
import type { CartItem } from "~/features/cart/cart";
import type { PlaceOrderRequest } from "~/features/checkout/checkout";
import { mailboxKey } from "~/shared/mail-safety";
import { tooManyCodesMessage } from "~/shared/rate-limits";
import {
  addressKey,
  openOrdersRefusal,
  orderCeilingMessage,
  quantityLimitErrors,
  stockShareErrors,
} from "~/features/checkout/order-limits";
import {
  priceCheckout,
  priceCustomLines,
  priceProductLines,
  requestedLines,
  type RequestedCustomLine,
  type RequestedProductLine,
  type ShippingChoice,
} from "~/features/checkout/order-pricing";
import { storePreviews, storeWallPhotos } from "~/features/checkout/custom-previews.server";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/platform/db/schema";
import { isTransactionConflict, retryTransactionConflicts } from "~/platform/db/retry.server";
import { logger } from "~/platform/logger.server";
import { wakeWorkers } from "~/platform/jobs/queue.server";
import { enqueueOrderEmails } from "~/features/checkout/order-emails.server";
import { enqueueWhatsAppPlaced } from "~/features/whatsapp/whatsapp-updates.server";
import {
  prepaidOnlyReason,
  RISK_PREPAID_MESSAGE,
  riskRequiresPrepaid,
} from "~/features/settings/cod-settings";
import { assessRtoRisk } from "~/features/cod-confirmation/rto-risk";
import { rtoFactsForCheckout } from "~/features/cod-confirmation/rto-risk.server";
import { requestCodConfirmation } from "~/features/cod-confirmation/cod-confirmation.server";
import { releaseUnconfirmedStock } from "~/features/cod-confirmation/cod-stock-holds.server";
import { paymentGateway } from "~/features/checkout/gateway.server";
import { shopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { removeImage } from "~/platform/storage/uploads.server";
import { lockCustomer, openOrdersOf, type CustomerKeys } from "./customer-limits.server";
import { releaseExpiredHolds } from "./holds.server";
import { lockProducts, takeStock } from "./take-stock.server";
import { findById, findByKey, toPlaced, type CheckoutRow, type PlacedCheckout } from "./records.server";
import { codeGuessWait, countCodeMiss, recordRedemption } from "~/features/discount-codes/discount.server";
import { reductionsFor } from "./reductions.server";
import { attachGatewayOrder } from "./gateway-order.server";
import { writeOrders } from "./write-orders.server";

export type PlaceOrderOutcome =
  | { ok: true; replayed: boolean; checkout: PlacedCheckout }
  | {
      ok: false;
      status: 409 | 422 | 503;
      code:
        | "lines"
        | "key-reused"
        | "expired"
        | "payment-unavailable"
        | "limits"
        | "ceiling"
        | "customer-limit"
        | "shipping"
        | "discount"
        | "busy";
      message: string;
      lineErrors?: string[];
      /** Problems of the form's fields (e.g. express delivery to a PIN it does not reach). */
      fieldErrors?: Record<string, string>;
    };

const NOTHING_TO_PAY = "Nothing is left to pay online. Please choose Cash on Delivery.";
const BUSY = "Many people are ordering right now. Please try again in a moment.";

/** Where and how the checkout is delivered and paid, as the shopper chose (the server prices it). */
export function shippingChoice(form: PlaceOrderRequest["form"]): ShippingChoice {
  return {
    dest: { country: form.country, pincode: form.pincode },
    method: form.shippingMethod,
    paymentMethod: form.paymentMethod,
  };
}

/** Who is placing the order, as far as the server can tell. */
/** clientNetwork: the IPv4 address or IPv6 network the order came from (auth.server clientNetwork). */
export type CheckoutContext = { clientNetwork?: string | undefined };

class Refused extends Error {
  constructor(
    readonly outcome: Extract<PlaceOrderOutcome, { ok: false }>,
    /** A discount code that was a wrong guess (counted once the transaction has ended). */
    readonly codeMiss = false,
  ) {
    super(outcome.message);
  }
}
class AlreadyPlaced extends Error {}

function requestHash(req: PlaceOrderRequest): string {
  // The idempotency key aside, everything the shopper sent (prices included: a different cart is a
  // different request even when the server would price it the same).
  const { idempotencyKey: _key, ...rest } = req;
  return crypto.createHash("sha256").update(JSON.stringify(rest)).digest("hex");
}

/**
 * Place an order, as one transaction: lock the products (in id order, before anything else touches them,
 * so checkouts of one product queue instead of deadlocking) and rebuild every line from them (never the
 * browser's prices), refuse gone/inactive/short lines by name, check the owner's limits (quantities, order
 * ceiling, the customer's waiting orders), write the regular order with its items and one custom order
 * per custom line (one delivery fee), then take the stock. A transaction PostgreSQL rolls back for a
 * conflict anyway (deadlock, serialisation) is run again, twice at most; nothing outside it (the gateway
 * order, the workers' wake-up) runs before it commits. The idempotency key makes a repeat return
 * the first result. Online checkouts then get their gateway order and hold their stock for
 * the settings' payment hold.
 */
export async function placeOrder(
  req: PlaceOrderRequest,
  ctx: CheckoutContext = {},
  retried = false,
): Promise<PlaceOrderOutcome> {
  const hash = requestHash(req);
  const existing = await findByKey(req.idempotencyKey);
  if (existing) return replay(existing, hash);

  const gateway = paymentGateway();
  if (req.form.paymentMethod === "razorpay" && gateway.mode === "off") {
    return {
      ok: false,
      status: 503,
      code: "payment-unavailable",
      message: "Online payment is not available. Please choose Cash on Delivery.",
    };
  }

  const { lines, errors: readErrors } = requestedLines(req.items as CartItem[]);
  // The courier must reach the PIN (and collect cash for COD) before anything is written.
  const refusal = await courierRefusal({ ...req.form, custom: lines.some((l) => l.kind === "custom") });
  if (refusal) {
    const fieldErrors = { [refusal.field]: refusal.message };
    return { ok: false, status: 422, code: "shipping", message: refusal.message, fieldErrors };
  }
  if (readErrors.length > 0)
    return { ok: false, status: 422, code: "lines", message: readErrors[0]!, lineErrors: readErrors };
  // Read before the transaction: nothing inside it may wait for a second pooled connection (ten checkouts
  // holding the pool's connections, queued behind one customer's lock, would starve the one holding it).
  const { limits, shipping: rules, prepaid: prepaidRules, codConfirmation } = await shopSettings();
  const limitErrors = quantityLimitErrors(lines, limits);
  if (limitErrors.length > 0)
    return { ok: false, status: 422, code: "limits", message: limitErrors[0]!, lineErrors: limitErrors };
  const productLines = lines.filter((l): l is RequestedProductLine => l.kind === "product");
  const customLines = lines.filter((l): l is RequestedCustomLine => l.kind === "custom");
  const customer: CustomerKeys = {
    clientNetwork: ctx.clientNetwork && ctx.clientNetwork !== "unknown" ? ctx.clientNetwork : undefined,
    phone: req.form.phone,
    email: mailboxKey(req.form.email),
    addressKey: addressKey(req.form),
  };

  // Wrong discount codes are limited per network and contact: a client over the limit waits, and its code
  // is not looked at (docs/decisions/027-limits-by-network.md).
  const guesser = customer.clientNetwork
    ? { network: customer.clientNetwork, phone: customer.phone, email: customer.email }
    : null;
  if (req.form.discountCode && guesser) {
    const wait = await codeGuessWait(guesser);
    if (wait > 0) {
      const message = tooManyCodesMessage(wait);
      return { ok: false, status: 422, code: "discount", message, fieldErrors: { discountCode: message } };
    }
  }

  // The owner's "pay online only from this RTO risk" rule reads the shopper's history here, outside the
  // transaction; the order's value joins it once priced.
  const riskHistory =
    req.form.paymentMethod === "cod" && prepaidRules.prepaidRiskLevel !== "off"
      ? await rtoFactsForCheckout(db(), {
          phone: customer.phone,
          email: req.form.email,
          addressKey: customer.addressKey,
          pincode: req.form.pincode,
          address1: req.form.address1,
        })
      : null;

  const previewKeys = await storePreviews(customLines);
  const wallPhotoKeys = await storeWallPhotos(customLines);
  const isTest = req.form.paymentMethod === "razorpay" && gateway.mode === "test";
  let checkoutId: string;
  try {
    checkoutId = await retryTransactionConflicts("place order", () =>
      db().transaction(async (tx) => {
        await lockCustomer(tx, customer);
        const [created] = await tx
          .insert(checkouts)
          .values({
            idempotencyKey: req.idempotencyKey,
            requestHash: hash,
            paymentMethod: req.form.paymentMethod,
            totalAmount: 0,
            isTest,
            clientIp: customer.clientNetwork ?? null,
            customerPhone: customer.phone,
            customerEmail: customer.email,
            addressKey: customer.addressKey,
          })
          .onConflictDoNothing({ target: checkouts.idempotencyKey })
          .returning({ id: checkouts.id });
        // Another request with this key committed first (the insert waited for it): return its result.
        if (!created) throw new AlreadyPlaced();

        const units = productLines.reduce((n, l) => n + l.quantity, 0);
        const refusal = openOrdersRefusal(await openOrdersOf(tx, customer, created.id), units, limits);
        if (refusal) throw new Refused({ ok: false, status: 409, code: "customer-limit", message: refusal });

        const records = await lockProducts(
          tx,
          productLines.map((l) => l.productId),
        );
        const { priced, errors } = priceProductLines(productLines, records);
        if (errors.length > 0)
          throw new Refused({
            ok: false,
            status: 409,
            code: "lines",
            message: errors[0]!,
            lineErrors: errors,
          });
        // One order's share of the stock (issue 41), against the stock as locked now.
        const share = stockShareErrors(productLines, records, limits);
        if (share.length > 0)
          throw new Refused({
            ok: false,
            status: 422,
            code: "limits",
            message: share[0]!,
            lineErrors: share,
          });
        const customs = priceCustomLines(customLines);
        // Automatic offers, then the discount code: checked and priced here, the code's row locked until
        // this order commits, so a code with a limited number of uses is never used more often, however
        // many checkouts race for it.
        const reduced = await reductionsFor(
          tx,
          { products: priced, customs },
          {
            typed: req.form.discountCode,
            shopper: { phone: customer.phone, email: customer.email },
            lock: true,
          },
        );
        if (!reduced.ok) {
          throw new Refused(
            {
              ok: false,
              status: 422,
              code: "discount",
              message: reduced.message,
              fieldErrors: { discountCode: reduced.message },
            },
            reduced.miss,
          );
        }
        const codeId = reduced.codeId;
        const outcome = priceCheckout(
          priced,
          customs,
          shippingChoice(req.form),
          rules,
          reduced.reductions,
          prepaidRules.prepaidDiscount,
        );
        if (!outcome.ok) {
          throw new Refused({
            ok: false,
            status: 422,
            code: "shipping",
            message: outcome.message,
            fieldErrors: { [outcome.field]: outcome.message },
          });
        }
        const plan = outcome.plan;
        if (req.form.paymentMethod === "razorpay" && plan.totalAmount < 1) {
          throw new Refused({
            ok: false,
            status: 422,
            code: "discount",
            message: NOTHING_TO_PAY,
            fieldErrors: { paymentMethod: NOTHING_TO_PAY },
          });
        }
        // The owner's "pay online only" rules (issue 30): the checkout said so before; COD is refused here too.
        if (req.form.paymentMethod === "cod") {
          const prepaid = prepaidOnlyReason(prepaidRules, {
            goodsTotal: plan.totalAmount - plan.codFee,
            custom: customLines.length > 0,
            pincode: req.form.pincode,
          });
          const risky =
            riskHistory &&
            riskRequiresPrepaid(
              prepaidRules,
              assessRtoRisk({ ...riskHistory, orderValue: plan.totalAmount }).level,
            );
          const why = prepaid ?? (risky ? RISK_PREPAID_MESSAGE : null);
          if (why)
            throw new Refused({
              ok: false,
              status: 422,
              code: "shipping",
              message: why,
              fieldErrors: { paymentMethod: why },
            });
        }
        if (plan.totalAmount > limits.maxOrderTotal) {
          throw new Refused({
            ok: false,
            status: 422,
            code: "ceiling",
            message: orderCeilingMessage(limits, storeSettings()),
          });
        }

        await writeOrders(tx, created.id, req, plan, previewKeys, isTest, wallPhotoKeys);
        if (codeId && plan.discountCode) {
          await recordRedemption(tx, codeId, created.id, customer, plan.discount);
        }
        const short = await takeStock(tx, created.id, productLines, records);
        if (short) throw new Refused({ ok: false, status: 409, code: "lines", ...short });
        await tx
          .update(checkouts)
          .set({
            totalAmount: plan.totalAmount,
            holdExpiresAt:
              req.form.paymentMethod === "razorpay"
                ? sql`now() + make_interval(mins => ${limits.paymentHoldMinutes})`
                : null,
          })
          .where(eq(checkouts.id, created.id));
        // A COD order is an order at once: its mails are queued with it (an online one's when it is paid).
        if (req.form.paymentMethod === "cod") {
          await enqueueOrderEmails(tx, created.id);
          await enqueueWhatsAppPlaced(tx, created.id);
          // The shopper is asked to confirm it (issue 30): WhatsApp buttons where they opted in, an e-mail always.
          await requestCodConfirmation(tx, created.id, codConfirmation);
        }
        return created.id;
      }),
    );
  } catch (err) {
    await Promise.all([...previewKeys, ...wallPhotoKeys].map((k) => (k ? removeImage(k) : undefined)));
    if (isTransactionConflict(err)) {
      logger.error({ err }, "checkout still conflicting after its retries");
      return { ok: false, status: 503, code: "busy", message: BUSY };
    }
    if (err instanceof AlreadyPlaced) {
      const first = await findByKey(req.idempotencyKey);
      if (first) return replay(first, hash);
    }
    if (err instanceof Refused) {
      if (err.codeMiss && guesser) await countCodeMiss(guesser);
      // On demand: unpaid online orders past their hold, and unconfirmed COD orders past their stock window,
      // may be sitting on the stock (short of it, or of one order's share of it); free it and try once more.
      const productIds = [...new Set(productLines.map((l) => l.productId))];
      if (
        (err.outcome.code === "lines" || err.outcome.code === "limits") &&
        productIds.length > 0 &&
        !retried &&
        (await releaseExpiredHolds({ limit: 20, productIds })) +
          (await releaseUnconfirmedStock({ limit: 20, productIds })) >
          0
      ) {
        return placeOrder(req, ctx, true);
      }
      return err.outcome;
    }
    throw err;
  }

  logger.info({ checkoutId, method: req.form.paymentMethod, isTest }, "order placed");
  if (req.form.paymentMethod === "cod") wakeWorkers();
  else await attachGatewayOrder(checkoutId);
  const row = await findById(checkoutId);
  return { ok: true, replayed: false, checkout: await toPlaced(row!) };
}

async function replay(row: CheckoutRow, hash: string): Promise<PlaceOrderOutcome> {
  if (row.requestHash !== hash) {
    return {
      ok: false,
      status: 409,
      code: "key-reused",
      message: "This checkout was already submitted with different details. Please try again.",
    };
  }
  if (row.paymentMethod === "razorpay" && !row.razorpayOrderId && row.paymentStatus !== "paid")
    await attachGatewayOrder(row.id);
  const placed = await toPlaced((await findById(row.id))!);
  // An online attempt whose hold expired: the shopper must place the order again (a new attempt).
  if (placed.cancelled && row.paymentMethod === "razorpay" && placed.paymentStatus !== "paid") {
    return {
      ok: false,
      status: 409,
      code: "expired",
      message: "This checkout expired before it was paid. Please place the order again.",
    };
  }
  return { ok: true, replayed: true, checkout: placed };
}
