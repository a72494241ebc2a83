import crypto from "node:crypto";
import { measuredDesignChecks } from "~/features/customizer/measured-checks.server";
import { courierRefusal } from "~/features/couriers/couriers.server";
import type { CartItem } from "~/features/cart/cart";
import type { PlaceOrderRequest } from "./checkout";
import { fieldRefusal, lineRefusal, mayFreeStock, type PlaceOrderRefusal } from "./place-order-rules";
import {
  checkQuantities,
  codeGuesser,
  codeWaitRefusal,
  expiredRefusal,
  goOn,
  keyReusedRefusal,
  needsGatewayOrder,
  readsRiskHistory,
  refuseIfGatewayOff,
  shopperKeys,
  splitLines,
  stopWith,
  unlessRefused,
  type CodeGuesser,
  type Step as StepOf,
} from "./place-order-checks";
import { requestedLines, type RequestedLine } from "./order-pricing";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { wakeWorkers } from "~/platform/jobs/queue.server";
import { rtoFactsForCheckout } from "~/features/cod-confirmation/rto-risk.server";
import { releaseUnconfirmedStock } from "~/features/cod-confirmation/cod-stock-holds.server";
import { paymentGateway } from "~/features/payments/gateway.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import type { CustomerKeys } from "./customer-limits.server";
import { releaseExpiredHolds } from "~/features/payments/holds.server";
import { findById, findByKey, toPlaced, type CheckoutRow, type PlacedCheckout } from "./records.server";
import { codeGuessWait } from "~/features/discount-codes/discount.server";
import { attachGatewayOrder } from "~/features/payments/gateway-order.server";
import { writeCheckout, type Prepared } from "./place-order-transaction.server";

export { shippingChoice } from "./place-order-checks";

export type PlaceOrderOutcome = { ok: true; replayed: boolean; checkout: PlacedCheckout } | PlaceOrderRefusal;

/**
 * Who is placing the order, as far as the server can tell: clientNetwork is the IPv4 address or IPv6 /64 the
 * order came from (auth.server clientNetwork).
 */
export type CheckoutContext = { clientNetwork?: string | undefined };

/** A step of placing an order: go on with its value, or stop with the checkout's answer. */
type Step<T> = StepOf<T, PlaceOrderOutcome>;

/** One request to place an order as the steps see it: the request, who sent it, its hash, whether it is the retry. */
type Attempt = { req: PlaceOrderRequest; ctx: CheckoutContext; hash: string; retried: boolean };

/**
 * Place an order. The idempotency key makes a repeat return the first result. Nothing is written until the
 * checks before writing pass: online payment available, the courier reaches the PIN, the lines readable and
 * within the owner's quantities, the discount code not being guessed. Settings and the shopper's RTO history
 * are read before the transaction: nothing inside it may wait for a second pooled connection (ten checkouts
 * holding the pool's connections, queued behind one customer's lock, would starve the one holding it). The
 * checkout is then written in one transaction (place-order-transaction.server.ts), run again on a conflict;
 * nothing outside it (the gateway order, the workers' wake-up) runs before it commits. Online checkouts then
 * get their gateway order and hold their stock for the settings' payment hold. Each step goes on or stops with
 * the answer (Step); `answered` is the one place a stop becomes the answer.
 */
export async function placeOrder(
  req: PlaceOrderRequest,
  ctx: CheckoutContext = {},
  retried = false,
): Promise<PlaceOrderOutcome> {
  const attempt: Attempt = { req, ctx, hash: requestHash(req), retried };
  return answered(async (go) => {
    go(await earlierAnswer(attempt));
    const { isTest } = go(refuseIfGatewayOff(req.form.paymentMethod, paymentGateway().mode));
    const lines = go(await readCart(req));
    const settings = await shopSettings();
    go(checkQuantities(lines, settings.limits));
    const { customer, guesser } = go(await holdBackCodeGuesser(req, ctx));
    const riskHistory = await readRiskHistory(req, settings, customer);
    const prepared: Prepared = { ...splitLines(lines), settings, customer, guesser, riskHistory, isTest };
    const checkoutId = go(await writeOrAnswer(attempt, prepared));
    return answerPlaced(req, checkoutId, isTest);
  });
}

/** Go on with a step's value, or stop placing the order with the step's answer. */
type Go = <T>(step: Step<T>) => T;

class Stopped extends Error {
  constructor(readonly answer: PlaceOrderOutcome) {
    super("placing the order stopped with an answer");
  }
}

/** Run the steps: their answer, or the answer of the first step that stopped (the one place stops are handled). */
async function answered(steps: (go: Go) => Promise<PlaceOrderOutcome>): Promise<PlaceOrderOutcome> {
  const go: Go = (step) => {
    if (step.ok) return step.value;
    throw new Stopped(step.answer);
  };
  try {
    return await steps(go);
  } catch (err) {
    if (err instanceof Stopped) return err.answer;
    throw err;
  }
}

function requestHash(req: PlaceOrderRequest): string {
  // The idempotency key aside, everything the shopper sent (prices included: a different cart is a
  // different request even when the server would price it the same).
  const { idempotencyKey: _key, ...rest } = req;
  return crypto.createHash("sha256").update(JSON.stringify(rest)).digest("hex");
}

/** Step: a checkout already has this idempotency key: stop with its answer (replay). */
async function earlierAnswer(a: Attempt): Promise<Step<void>> {
  const existing = await findByKey(a.req.idempotencyKey);
  return existing ? stopWith(await replay(existing, a.hash)) : goOn(undefined);
}

/**
 * Step: the cart's lines read (never the browser's prices), after the courier's refusal of the PIN (or of
 * cash on delivery there) and before the lines that could not be read (422, by line).
 */
async function readCart(req: PlaceOrderRequest): Promise<Step<RequestedLine[]>> {
  const { lines, errors } = requestedLines(req.items as CartItem[], measuredDesignChecks);
  const courier = await courierRefusal({ ...req.form, custom: lines.some((l) => l.kind === "custom") });
  if (courier) return stopWith(fieldRefusal("shipping", courier.field, courier.message));
  return unlessRefused(lineRefusal(422, "lines", errors), lines);
}

/**
 * Step: the shopper's keys for the customer's limits, and wrong discount codes limited per network and
 * contact: a client over the limit waits, and its code is not looked at (docs/decisions/027-limits-by-network.md).
 */
async function holdBackCodeGuesser(
  req: PlaceOrderRequest,
  ctx: CheckoutContext,
): Promise<Step<{ customer: CustomerKeys; guesser: CodeGuesser | null }>> {
  const customer = shopperKeys(req.form, ctx.clientNetwork);
  const guesser = codeGuesser(customer);
  const wait = req.form.discountCode && guesser ? await codeGuessWait(guesser) : 0;
  return unlessRefused(codeWaitRefusal(wait), { customer, guesser });
}

/**
 * The shopper's RTO history, for the owner's "pay online only from this RTO risk" rule (COD checkouts while it
 * is on; else null). Read here, outside the transaction; the order's value joins it once priced.
 */
async function readRiskHistory(
  req: PlaceOrderRequest,
  settings: Prepared["settings"],
  customer: CustomerKeys,
): Promise<Prepared["riskHistory"]> {
  if (!readsRiskHistory(req.form.paymentMethod, settings.prepaid.prepaidRiskLevel)) return null;
  return rtoFactsForCheckout(db(), {
    phone: customer.phone,
    email: req.form.email,
    addressKey: customer.addressKey,
    pincode: req.form.pincode,
    address1: req.form.address1,
  });
}

/**
 * Step: write the checkout (writeCheckout), going on with its id. Not written, stop with: the order placed
 * again, once, when expired holds freed the stock it was refused for; else the refusal; or, when another
 * request with this key committed first, that one's answer.
 */
async function writeOrAnswer(a: Attempt, p: Prepared): Promise<Step<string>> {
  const written = await writeCheckout(a.req, a.hash, p);
  if (written.ok) return written;
  if (written.answer === "key-taken") return stopWith(await answerOfFirst(a));
  if (await freedStockFor(written.answer, p, a.retried))
    return stopWith(await placeOrder(a.req, a.ctx, true));
  return stopWith(written.answer);
}

/**
 * After a refusal for stock: unpaid online orders past their hold, and unconfirmed COD orders past their
 * stock window, may be sitting on it (short of it, or of one order's share of it); free them, once.
 */
async function freedStockFor(r: PlaceOrderRefusal, p: Prepared, retried: boolean): Promise<boolean> {
  const productIds = [...new Set(p.productLines.map((l) => l.productId))];
  if (!mayFreeStock(r, productIds, retried)) return false;
  const freed =
    (await releaseExpiredHolds({ limit: 20, productIds })) +
    (await releaseUnconfirmedStock({ limit: 20, productIds }));
  return freed > 0;
}

/** Another request with this key committed first (our insert waited for it): its result is the answer. */
async function answerOfFirst(a: Attempt): Promise<PlaceOrderOutcome> {
  const first = await findByKey(a.req.idempotencyKey);
  if (!first) throw new Error("checkout key taken, but no checkout has it");
  return replay(first, a.hash);
}

/** The workers woken for a COD order's mails, or the online one's gateway order; the checkout's answer. */
async function answerPlaced(
  req: PlaceOrderRequest,
  checkoutId: string,
  isTest: boolean,
): Promise<PlaceOrderOutcome> {
  logger.info({ checkoutId, method: req.form.paymentMethod, isTest }, "order placed");
  if (req.form.paymentMethod === "cod") wakeWorkers();
  else await attachGatewayOrder(checkoutId);
  const row = await findById(checkoutId);
  return { ok: true, replayed: false, checkout: await toPlaced(row!) };
}

/**
 * The answer of a key used before: refused when the request differs; else the first result, its gateway
 * order made first when the first request ended without it, refused when its online hold expired unpaid.
 */
async function replay(row: CheckoutRow, hash: string): Promise<PlaceOrderOutcome> {
  const reused = keyReusedRefusal(row.requestHash, hash);
  if (reused) return reused;
  if (needsGatewayOrder(row)) await attachGatewayOrder(row.id);
  const placed = await toPlaced((await findById(row.id))!);
  return expiredRefusal(row.paymentMethod, placed) ?? { ok: true, replayed: true, checkout: placed };
}
