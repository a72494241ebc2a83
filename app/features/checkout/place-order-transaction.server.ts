import { eq, sql } from "drizzle-orm";
import type { PlaceOrderRequest } from "./checkout";
import { openOrdersRefusal, stockShareErrors } from "./order-limits";
import { fieldRefusal, lineRefusal, planRefusal, refusal, type PlaceOrderRefusal } from "./place-order-rules";
import {
  busyRefusal,
  orderedUnits,
  shippingChoice,
  stockRefusal,
  type CartLines,
  type CodeGuesser,
  type Step,
} from "./place-order-checks";
import { priceCheckout, priceCustomLines, priceProductLines, type PricedProductLine } from "./order-pricing";
import type { Tx } from "~/platform/db/client.server";
import { db } from "~/platform/db/client.server";
import { isTransactionConflict, retryTransactionConflicts } from "~/platform/db/retry.server";
import { logger } from "~/platform/logger.server";
import { removeImage } from "~/platform/storage/uploads.server";
import { storePreviews, storeWallPhotos } from "~/features/checkout/custom-previews.server";
import { enqueueOrderEmails } from "~/features/order-lifecycle/order-email-queue.server";
import { enqueueWhatsAppPlaced } from "~/features/whatsapp/whatsapp-updates.server";
import type { rtoFactsForCheckout } from "~/features/cod-confirmation/rto-risk.server";
import { requestCodConfirmation } from "~/features/cod-confirmation/cod-confirmation.server";
import { storeSettings, type shopSettings } from "~/features/settings/store-settings.server";
import { countCodeMiss, recordRedemption } from "~/features/discount-codes/discount.server";
import { checkouts } from "./tables.server";
import { lockCustomer, openOrdersOf, type CustomerKeys } from "./customer-limits.server";
import { lockProducts, takeStock } from "./take-stock.server";
import { reductionsFor } from "./reductions.server";
import { writeOrders } from "./write-orders.server";

/*
 * Writing a checkout (place-order.server.ts runs it once the checks before writing have passed): one
 * transaction, run again when PostgreSQL rolls it back for a conflict. Inside it, in this order: the customer's
 * lock and the checkout's row, the products locked in id order and priced (take-stock.server.ts), the orders,
 * the code's use, the stock taken, the total and the hold. A refusal inside is thrown, so everything rolls back.
 */

/** What the checks before the transaction found, for the transaction to use. */
export type Prepared = CartLines & {
  settings: Awaited<ReturnType<typeof shopSettings>>;
  customer: CustomerKeys;
  guesser: CodeGuesser | null;
  riskHistory: Awaited<ReturnType<typeof rtoFactsForCheckout>> | null;
  isTest: boolean;
};

/** The checkout's id once committed; or its refusal, or "key-taken": another request with this key committed first. */
export type Written = Step<string, PlaceOrderRefusal | "key-taken">;

type Images = { previewKeys: (string | null)[]; wallPhotoKeys: (string | null)[] };

class Refused extends Error {
  constructor(
    readonly outcome: PlaceOrderRefusal,
    /** A discount code that was a wrong guess (counted once the transaction has ended). */
    readonly codeMiss = false,
  ) {
    super(outcome.message);
  }
}
class AlreadyPlaced extends Error {}

/** Throw a refusal out of the transaction (it rolls back) when there is one. */
function refuseIf(r: PlaceOrderRefusal | null): void {
  if (r) throw new Refused(r);
}

/**
 * Store the custom signs' pictures, then write the checkout in one transaction, run again on a deadlock or
 * serialisation failure (three times in all, retryTransactionConflicts; nothing outside the transaction runs
 * in it). Still conflicting: 503 busy, logged. The pictures are removed when nothing was written; a wrong
 * discount code is counted once the transaction has rolled back.
 */
export async function writeCheckout(req: PlaceOrderRequest, hash: string, p: Prepared): Promise<Written> {
  const images: Images = {
    previewKeys: await storePreviews(p.customLines),
    wallPhotoKeys: await storeWallPhotos(p.customLines),
  };
  try {
    const checkoutId = await retryTransactionConflicts("place order", () =>
      db().transaction((tx) => placeInTransaction(tx, req, hash, p, images)),
    );
    return { ok: true, value: checkoutId };
  } catch (err) {
    const keys = [...images.previewKeys, ...images.wallPhotoKeys];
    await Promise.all(keys.map((k) => (k ? removeImage(k) : undefined)));
    if (isTransactionConflict(err)) {
      logger.error({ err }, "checkout still conflicting after its retries");
      return { ok: false, answer: busyRefusal() };
    }
    if (err instanceof AlreadyPlaced) return { ok: false, answer: "key-taken" };
    if (!(err instanceof Refused)) throw err;
    if (err.codeMiss && p.guesser) await countCodeMiss(p.guesser);
    return { ok: false, answer: err.outcome };
  }
}

/** Inside the transaction: the checkout's row, the priced plan, then the orders, the code's use and the stock. */
async function placeInTransaction(
  tx: Tx,
  req: PlaceOrderRequest,
  hash: string,
  p: Prepared,
  images: Images,
): Promise<string> {
  const checkoutId = await openCheckoutRow(tx, req, hash, p);
  const { priced, records } = await priceLockedLines(tx, p);
  const { plan, codeId } = await planLocked(tx, req, p, priced);
  await writeOrders(tx, checkoutId, req, plan, images.previewKeys, p.isTest, images.wallPhotoKeys);
  if (codeId && plan.discountCode) await recordRedemption(tx, codeId, checkoutId, p.customer, plan.discount);
  const short = await takeStock(tx, checkoutId, p.productLines, records);
  if (short) throw new Refused(stockRefusal(short));
  await closeCheckout(tx, checkoutId, req, p, plan.totalAmount);
  return checkoutId;
}

/**
 * The checkout's row under the customer's lock, keyed by the idempotency key, and the customer's waiting
 * orders checked against the owner's limits. Another request with this key committed first (the insert
 * waited for it): AlreadyPlaced, and its result is the answer.
 */
async function openCheckoutRow(tx: Tx, req: PlaceOrderRequest, hash: string, p: Prepared): Promise<string> {
  await lockCustomer(tx, p.customer);
  const [created] = await tx
    .insert(checkouts)
    .values({
      idempotencyKey: req.idempotencyKey,
      requestHash: hash,
      paymentMethod: req.form.paymentMethod,
      totalAmount: 0,
      isTest: p.isTest,
      clientIp: p.customer.clientNetwork ?? null,
      customerPhone: p.customer.phone,
      customerEmail: p.customer.email,
      addressKey: p.customer.addressKey,
    })
    .onConflictDoNothing({ target: checkouts.idempotencyKey })
    .returning({ id: checkouts.id });
  if (!created) throw new AlreadyPlaced();
  const units = orderedUnits(p.productLines);
  const open = openOrdersRefusal(await openOrdersOf(tx, p.customer, created.id), units, p.settings.limits);
  if (open) throw new Refused(refusal(409, "customer-limit", open));
  return created.id;
}

/**
 * The ready-made lines priced from their products, locked FOR UPDATE in id order until the transaction ends:
 * lines gone or short refused by name (409), then one order's share of the stock (issue 41, 422).
 */
async function priceLockedLines(tx: Tx, p: Prepared) {
  const records = await lockProducts(
    tx,
    p.productLines.map((l) => l.productId),
  );
  const { priced, errors } = priceProductLines(p.productLines, records);
  refuseIf(lineRefusal(409, "lines", errors));
  refuseIf(lineRefusal(422, "limits", stockShareErrors(p.productLines, records, p.settings.limits)));
  return { priced, records };
}

/**
 * The checkout's plan: automatic offers then the discount code (the code's row locked until this order
 * commits, so a code with limited uses is never used more often; a wrong one is counted), shipping, and the
 * plan's own rules (place-order-rules.ts planRefusal).
 */
async function planLocked(tx: Tx, req: PlaceOrderRequest, p: Prepared, priced: PricedProductLine[]) {
  const { limits, shipping: rules, prepaid: prepaidRules } = p.settings;
  const customs = priceCustomLines(p.customLines);
  const shopper = { phone: p.customer.phone, email: p.customer.email };
  const reduced = await reductionsFor(
    tx,
    { products: priced, customs },
    { typed: req.form.discountCode, shopper, lock: true },
  );
  if (!reduced.ok) throw new Refused(fieldRefusal("discount", "discountCode", reduced.message), reduced.miss);
  const choice = shippingChoice(req.form);
  const outcome = priceCheckout(
    priced,
    customs,
    choice,
    rules,
    reduced.reductions,
    prepaidRules.prepaidDiscount,
  );
  if (!outcome.ok) throw new Refused(fieldRefusal("shipping", outcome.field, outcome.message));
  refuseIf(
    planRefusal({
      paymentMethod: req.form.paymentMethod,
      plan: outcome.plan,
      custom: p.customLines.length > 0,
      pincode: req.form.pincode,
      limits,
      prepaidRules,
      riskHistory: p.riskHistory,
      contact: storeSettings(),
    }),
  );
  return { plan: outcome.plan, codeId: reduced.codeId };
}

/**
 * The checkout's total, and an online one's payment hold (its stock held for the settings' minutes). A COD
 * order is an order at once: its mails are queued with it (an online one's when it is paid) and the shopper is
 * asked to confirm it (issue 30).
 */
async function closeCheckout(tx: Tx, checkoutId: string, req: PlaceOrderRequest, p: Prepared, total: number) {
  const online = req.form.paymentMethod === "razorpay";
  const holdMinutes = p.settings.limits.paymentHoldMinutes;
  await tx
    .update(checkouts)
    .set({
      totalAmount: total,
      holdExpiresAt: online ? sql`now() + make_interval(mins => ${holdMinutes})` : null,
    })
    .where(eq(checkouts.id, checkoutId));
  if (!online) {
    await enqueueOrderEmails(tx, checkoutId);
    await enqueueWhatsAppPlaced(tx, checkoutId);
    // WhatsApp buttons where the shopper opted in, an e-mail always.
    await requestCodConfirmation(tx, checkoutId, p.settings.codConfirmation);
  }
}
