import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import {
  displayCustomOrderId,
  displayOrderId,
  formatShippingAddress,
  PAYMENT_HOLD_MINUTES,
  type PaymentMethodId,
  type PlaceOrderRequest,
  type VerifyPaymentInput,
} from "~/domain/checkout";
import {
  planCheckout,
  priceCustomLines,
  priceProductLines,
  requestedLines,
  type CheckoutPlan,
  type ProductRecord,
  type RequestedCustomLine,
  type RequestedProductLine,
} from "~/domain/order-pricing";
import type { CartItem } from "~/domain/cart";
import { db, type Db, type Tx } from "./db/client.server";
import { checkouts, customNeonOrders, orderItems, orders, orderStatusHistory, products, type ShippingAddress } from "./db/schema";
import { logger } from "./logger.server";
import { queueOrderEmails } from "./order-emails.server";
import { createGatewayOrder, paymentGateway } from "./payments/gateway.server";
import { fetchOrderPayments, verifyPaymentSignature } from "./payments/razorpay.server";
import { storePreviews } from "./custom-previews.server";
import { removeImage } from "./uploads.server";

type DbOrTx = Db | Tx;

/** What the browser needs to open the payment window for an online checkout. */
export type PaymentHandoff = {
  gateway: "razorpay" | "test";
  keyId: string;
  razorpayOrderId: string;
  amountPaise: number;
  currency: "INR";
  scriptUrl: string;
  prefill: { name: string; email: string; contact: string };
};

/** The result of a checkout: the same for the first submission and every repeat of it. */
export type PlacedCheckout = {
  checkoutId: string;
  paymentMethod: PaymentMethodId;
  paymentStatus: string;
  isTest: boolean;
  totalAmount: number;
  /** The id shown to the shopper: the regular order's, else the first custom order's. */
  orderId: string;
  orderIds: string[];
  customerName: string;
  shippingAddress: string;
  createdAt: string;
  /** All orders of this checkout were cancelled (the payment hold expired). */
  cancelled: boolean;
  payment: PaymentHandoff | null;
};

export type PlaceOrderOutcome =
  | { ok: true; replayed: boolean; checkout: PlacedCheckout }
  | { ok: false; status: 409 | 422 | 503; code: "lines" | "key-reused" | "expired" | "payment-unavailable"; message: string; lineErrors?: string[] };

class Refused extends Error {
  constructor(readonly outcome: Extract<PlaceOrderOutcome, { ok: false }>) {
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

const productColumns = {
  id: products.id,
  name: products.name,
  isActive: products.isActive,
  stockQuantity: products.stockQuantity,
  smallPrice: products.smallPrice,
  smallMrp: products.smallMrp,
  mediumPrice: products.mediumPrice,
  mediumMrp: products.mediumMrp,
  largePrice: products.largePrice,
  largeMrp: products.largeMrp,
  extraLargePrice: products.extraLargePrice,
  extraLargeMrp: products.extraLargeMrp,
};

async function readProducts(tx: DbOrTx, ids: string[]): Promise<Map<string, ProductRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select(productColumns).from(products).where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

const samePrices = (a: ProductRecord, b: ProductRecord) =>
  a.smallPrice === b.smallPrice && a.mediumPrice === b.mediumPrice && a.largePrice === b.largePrice && a.extraLargePrice === b.extraLargePrice;

class PricesChanged extends Error {}

/**
 * Take the ordered quantities from stock, product by product in one lock order (by id, so two
 * checkouts never deadlock). Each UPDATE locks the row and re-checks `is_active` and
 * `stock_quantity >= q` on the latest committed version, so two shoppers can never both take the last
 * unit; the row stays locked only from here to the commit. A line that lost the race is refused by
 * name; a price changed since it was read makes the whole attempt start again.
 */
async function takeStock(tx: Tx, lines: RequestedProductLine[], read: Map<string, ProductRecord>) {
  const take = new Map<string, number>();
  for (const l of lines) take.set(l.productId, (take.get(l.productId) ?? 0) + l.quantity);
  for (const [id, q] of [...take].sort(([a], [b]) => a.localeCompare(b))) {
    const [row] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${q}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, id), eq(products.isActive, true), sql`${products.stockQuantity} >= ${q}`))
      .returning(productColumns);
    if (!row) {
      const { errors } = priceProductLines(lines, await readProducts(tx, [...take.keys()]));
      const message = errors[0] ?? `"${read.get(id)?.name ?? "An item"}" is out of stock. Please remove it from your cart.`;
      throw new Refused({ ok: false, status: 409, code: "lines", message, lineErrors: errors.length ? errors : [message] });
    }
    if (!samePrices(row, read.get(id)!)) throw new PricesChanged();
  }
}

async function primaryImages(tx: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.execute<{ product_id: string; image_key: string; width: number }>(sql`
    select distinct on (product_id) product_id, image_key, width
    from product_images where product_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
    order by product_id, display_order`);
  // The stored picture of the line: a small variant of the product's main image.
  return new Map(rows.rows.map((r) => [r.product_id, `/uploads/${r.image_key}/${Math.min(320, r.width)}.webp`]));
}

function toAddress(form: PlaceOrderRequest["form"]): ShippingAddress {
  return {
    address1: form.address1,
    ...(form.address2 ? { address2: form.address2 } : {}),
    ...(form.landmark ? { landmark: form.landmark } : {}),
    city: form.city,
    state: form.state,
    pincode: form.pincode,
  };
}

/**
 * Place an order, as one transaction: rebuild every line from the database (never the browser's
 * prices), refuse gone/inactive/short lines by name, write the regular order with its items and one
 * custom order per custom line (one delivery fee), then take the stock with conditional row-locking
 * updates (a line that lost a race is refused by name and nothing is kept). The idempotency key makes
 * a repeat return the first result. Online checkouts then get their gateway order and keep their
 * stock for 30 minutes.
 */
export async function placeOrder(req: PlaceOrderRequest, options: { retried?: boolean } = {}): Promise<PlaceOrderOutcome> {
  const hash = requestHash(req);
  const existing = await findByKey(req.idempotencyKey);
  if (existing) return replay(existing, hash);

  const gateway = paymentGateway();
  if (req.form.paymentMethod === "razorpay" && gateway.mode === "off") {
    return { ok: false, status: 503, code: "payment-unavailable", message: "Online payment is not available. Please choose Cash on Delivery." };
  }

  const { lines, errors: readErrors } = requestedLines(req.items as CartItem[]);
  if (readErrors.length > 0) return { ok: false, status: 422, code: "lines", message: readErrors[0]!, lineErrors: readErrors };
  const productLines = lines.filter((l): l is RequestedProductLine => l.kind === "product");
  const customLines = lines.filter((l): l is RequestedCustomLine => l.kind === "custom");

  const previewKeys = await storePreviews(customLines);
  const isTest = req.form.paymentMethod === "razorpay" && gateway.mode === "test";
  let checkoutId: string;
  try {
    checkoutId = await db().transaction(async (tx) => {
      const [created] = await tx
        .insert(checkouts)
        .values({ idempotencyKey: req.idempotencyKey, requestHash: hash, paymentMethod: req.form.paymentMethod, totalAmount: 0, isTest })
        .onConflictDoNothing({ target: checkouts.idempotencyKey })
        .returning({ id: checkouts.id });
      // Another request with this key committed first (the insert waited for it): return its result.
      if (!created) throw new AlreadyPlaced();

      const records = await readProducts(tx, productLines.map((l) => l.productId));
      const { priced, errors } = priceProductLines(productLines, records);
      if (errors.length > 0) throw new Refused({ ok: false, status: 409, code: "lines", message: errors[0]!, lineErrors: errors });
      const plan = planCheckout(priced, priceCustomLines(customLines));

      await writeOrders(tx, created.id, req, plan, previewKeys, isTest);
      await takeStock(tx, productLines, records);
      await tx
        .update(checkouts)
        .set({
          totalAmount: plan.totalAmount,
          holdExpiresAt: req.form.paymentMethod === "razorpay" ? sql`now() + make_interval(mins => ${PAYMENT_HOLD_MINUTES})` : null,
        })
        .where(eq(checkouts.id, created.id));
      return created.id;
    });
  } catch (err) {
    await Promise.all(previewKeys.map((k) => (k ? removeImage(k) : undefined)));
    if (err instanceof PricesChanged && !options.retried) return placeOrder(req, { retried: true });
    if (err instanceof AlreadyPlaced) {
      const first = await findByKey(req.idempotencyKey);
      if (first) return replay(first, hash);
    }
    if (err instanceof Refused) {
      // On demand: unpaid online orders past their hold may be sitting on the stock; free it and try once more.
      const productIds = [...new Set(productLines.map((l) => l.productId))];
      if (err.outcome.code === "lines" && productIds.length > 0 && !options.retried && (await releaseExpiredHolds({ limit: 20, productIds })) > 0) {
        return placeOrder(req, { retried: true });
      }
      return err.outcome;
    }
    throw err;
  }

  logger.info({ checkoutId, method: req.form.paymentMethod, isTest }, "order placed");
  if (req.form.paymentMethod === "cod") queueOrderEmails(checkoutId);
  else await attachGatewayOrder(checkoutId);
  const row = await findById(checkoutId);
  return { ok: true, replayed: false, checkout: await toPlaced(row!) };
}

async function writeOrders(tx: Tx, checkoutId: string, req: PlaceOrderRequest, plan: CheckoutPlan, previewKeys: (string | null)[], isTest: boolean) {
  const f = req.form;
  const common = {
    checkoutId,
    customerName: f.name,
    customerEmail: f.email,
    customerPhone: f.phone,
    shippingAddress: toAddress(f),
    preferredDate: f.preferredDate ?? null,
    paymentMethod: f.paymentMethod,
    isTest,
  };
  if (plan.regular) {
    const lines = plan.regular.lines;
    const images = await primaryImages(tx, lines.map((l) => l.productId));
    const [order] = await tx
      .insert(orders)
      .values({ ...common, subtotal: plan.regular.subtotal, deliveryFee: plan.regular.deliveryFee, totalAmount: plan.regular.totalAmount })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order!.id,
        productId: l.productId,
        productName: l.name,
        quantity: l.quantity,
        price: l.unitPrice,
        productImage: images.get(l.productId) ?? null,
        productConfig: { size: l.size, color: l.color, brightnessController: l.brightnessController, productType: l.productType, originalProductId: l.productId },
      })),
    );
  }
  for (const [i, c] of plan.custom.entries()) {
    const l = c.line;
    await tx.insert(customNeonOrders).values({
      ...common,
      customText: l.design.text,
      fontStyle: l.design.font,
      neonColor: l.design.color,
      size: l.design.size,
      hasDimmer: l.design.hasDimmer,
      backingShape: l.design.backingShape,
      previewImageKey: previewKeys[i] ?? null,
      quantity: l.quantity,
      basePrice: l.price.basePrice,
      dimmerPrice: l.price.dimmerPrice,
      backingPrice: l.price.backingPrice,
      characterPrice: l.price.characterPrice,
      deliveryFee: c.deliveryFee,
      totalAmount: c.totalAmount,
    });
  }
}

type CheckoutRow = typeof checkouts.$inferSelect;

async function findByKey(key: string): Promise<CheckoutRow | undefined> {
  const [row] = await db().select().from(checkouts).where(eq(checkouts.idempotencyKey, key));
  return row;
}

async function findById(id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db().select().from(checkouts).where(eq(checkouts.id, id));
  return row;
}

async function replay(row: CheckoutRow, hash: string): Promise<PlaceOrderOutcome> {
  if (row.requestHash !== hash) {
    return { ok: false, status: 409, code: "key-reused", message: "This checkout was already submitted with different details. Please try again." };
  }
  if (row.paymentMethod === "razorpay" && !row.razorpayOrderId && row.paymentStatus !== "paid") await attachGatewayOrder(row.id);
  const placed = await toPlaced((await findById(row.id))!);
  // An online attempt whose hold expired: the shopper must place the order again (a new attempt).
  if (placed.cancelled && row.paymentMethod === "razorpay" && placed.paymentStatus !== "paid") {
    return { ok: false, status: 409, code: "expired", message: "This checkout expired before it was paid. Please place the order again." };
  }
  return { ok: true, replayed: true, checkout: placed };
}

/** Create the gateway order for an online checkout (after the commit: no HTTP call holds a database lock). */
async function attachGatewayOrder(checkoutId: string): Promise<void> {
  const g = paymentGateway();
  const row = await findById(checkoutId);
  if (!row || g.mode === "off" || row.razorpayOrderId) return;
  try {
    const o = await createGatewayOrder(g, { amountPaise: row.totalAmount * 100, receipt: row.id });
    await db().transaction(async (tx) => {
      const r = await tx
        .update(checkouts)
        .set({ razorpayOrderId: o.id })
        .where(and(eq(checkouts.id, checkoutId), isNull(checkouts.razorpayOrderId)))
        .returning({ id: checkouts.id });
      if (r.length === 0) return; // a concurrent repeat attached one first
      await tx.update(orders).set({ razorpayOrderId: o.id, updatedAt: sql`now()` }).where(eq(orders.checkoutId, checkoutId));
      await tx.update(customNeonOrders).set({ razorpayOrderId: o.id, updatedAt: sql`now()` }).where(eq(customNeonOrders.checkoutId, checkoutId));
    });
  } catch (err) {
    // The orders exist and hold their stock; the browser is told to try again (the same key finds them).
    logger.error({ err, checkoutId }, "the payment gateway order could not be created");
  }
}

async function toPlaced(row: CheckoutRow): Promise<PlacedCheckout> {
  const regular = await db()
    .select({ id: orders.id, name: orders.customerName, email: orders.customerEmail, phone: orders.customerPhone, address: orders.shippingAddress, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.checkoutId, row.id));
  const custom = await db()
    .select({ id: customNeonOrders.id, name: customNeonOrders.customerName, email: customNeonOrders.customerEmail, phone: customNeonOrders.customerPhone, address: customNeonOrders.shippingAddress, status: customNeonOrders.status, createdAt: customNeonOrders.createdAt })
    .from(customNeonOrders)
    .where(eq(customNeonOrders.checkoutId, row.id))
    .orderBy(asc(customNeonOrders.createdAt), asc(customNeonOrders.id));
  const all = [...regular, ...custom];
  const first = all[0]!;
  const orderIds = [...regular.map((o) => displayOrderId(o.id)), ...custom.map((o) => displayCustomOrderId(o.id))];
  const g = paymentGateway();
  const payment: PaymentHandoff | null =
    row.paymentMethod === "razorpay" && row.razorpayOrderId && g.mode !== "off" && (g.mode === "test") === row.isTest
      ? {
          gateway: g.mode,
          keyId: g.keyId,
          razorpayOrderId: row.razorpayOrderId,
          amountPaise: row.totalAmount * 100,
          currency: "INR",
          scriptUrl: g.scriptUrl,
          prefill: { name: first.name, email: first.email, contact: first.phone },
        }
      : null;
  return {
    checkoutId: row.id,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    isTest: row.isTest,
    totalAmount: row.totalAmount,
    orderId: orderIds[0]!,
    orderIds,
    customerName: first.name,
    shippingAddress: formatShippingAddress(first.address),
    createdAt: row.createdAt.toISOString(),
    cancelled: all.every((o) => o.status === "cancelled"),
    payment,
  };
}

async function history(tx: Tx, rows: { id: string; custom: boolean }[], field: "status" | "payment_status", from: string | null, to: string, note: string) {
  if (rows.length === 0) return;
  await tx.insert(orderStatusHistory).values(
    rows.map((r) => ({ orderId: r.custom ? null : r.id, customOrderId: r.custom ? r.id : null, field, fromValue: from, toValue: to, note })),
  );
}

async function ordersOf(tx: Tx, checkoutId: string) {
  const regular = await tx
    .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus, stockReleasedAt: orders.stockReleasedAt })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId));
  const custom = await tx
    .select({ id: customNeonOrders.id, status: customNeonOrders.status, paymentStatus: customNeonOrders.paymentStatus, stockReleasedAt: customNeonOrders.stockReleasedAt })
    .from(customNeonOrders)
    .where(eq(customNeonOrders.checkoutId, checkoutId));
  return [...regular.map((o) => ({ ...o, custom: false })), ...custom.map((o) => ({ ...o, custom: true }))];
}

/**
 * Mark a checkout paid (inside the caller's transaction, checkout row locked). A checkout already
 * paid is left alone; a checkout whose hold expired takes its stock again when it is still there.
 * Returns true when this call made the change.
 */
async function markPaid(tx: Tx, checkoutId: string, paymentId: string, source: string): Promise<boolean> {
  const [c] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
  if (!c || c.paymentStatus === "paid") return false;
  await tx.update(checkouts).set({ paymentStatus: "paid", razorpayPaymentId: paymentId, holdExpiresAt: null }).where(eq(checkouts.id, checkoutId));
  const list = await ordersOf(tx, checkoutId);
  for (const o of list) {
    await history(tx, [o], "payment_status", o.paymentStatus, "paid", `Payment ${paymentId} (${source})`);
  }
  await tx.update(orders).set({ paymentStatus: "paid", razorpayPaymentId: paymentId, updatedAt: sql`now()` }).where(eq(orders.checkoutId, checkoutId));
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
          const items = await sp.select({ productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, o.id));
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
          await sp.update(table).set({ status: "pending", stockReleasedAt: null, updatedAt: sql`now()` }).where(eq(table.id, o.id));
          await history(sp, [o], "status", "cancelled", "pending", "Paid after the payment hold expired; stock taken again");
        }
      });
    } catch (err) {
      logger.error({ err, checkoutId, paymentId }, "paid after the hold expired and the stock is gone: the order stays cancelled and needs a refund");
    }
  }
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
  const [row] = await db().select().from(checkouts).where(eq(checkouts.razorpayOrderId, input.razorpay_order_id));
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
  const changed = await db().transaction((tx) => markPaid(tx, row.id, input.razorpay_payment_id, "checkout signature"));
  if (changed) {
    logger.info({ checkoutId: row.id, isTest: row.isTest }, "payment verified");
    queueOrderEmails(row.id);
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
    .where(and(eq(checkouts.razorpayOrderId, razorpayOrderId), eq(checkouts.isTest, true), ne(checkouts.paymentStatus, "paid")));
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
    const [c] = await tx.select().from(checkouts).where(eq(checkouts.razorpayOrderId, ev.razorpayOrderId)).for("update");
    if (!c) {
      logger.warn({ eventId: ev.eventId, type: ev.type }, "webhook for an order we do not know");
      return "ignored" as const;
    }
    if (ev.type === "payment.captured" || ev.type === "order.paid") {
      if (ev.amountPaise !== undefined && ev.amountPaise !== c.totalAmount * 100) {
        logger.error({ checkoutId: c.id, amountPaise: ev.amountPaise, expected: c.totalAmount * 100 }, "webhook amount differs from the order total; not marked paid");
        return "ignored" as const;
      }
      if (await markPaid(tx, c.id, ev.paymentId ?? c.razorpayPaymentId ?? "unknown", `webhook ${ev.type}`)) paidNow = c.id;
      return "applied" as const;
    }
    if (ev.type === "payment.failed") {
      if (c.paymentStatus !== "pending") return "applied" as const;
      await tx.update(checkouts).set({ paymentStatus: "failed" }).where(eq(checkouts.id, c.id));
      const list = await ordersOf(tx, c.id);
      for (const o of list) await history(tx, [o], "payment_status", o.paymentStatus, "failed", `webhook payment.failed ${ev.paymentId ?? ""}`.trim());
      await tx.update(orders).set({ paymentStatus: "failed", updatedAt: sql`now()` }).where(and(eq(orders.checkoutId, c.id), eq(orders.paymentStatus, "pending")));
      await tx
        .update(customNeonOrders)
        .set({ paymentStatus: "failed", updatedAt: sql`now()` })
        .where(and(eq(customNeonOrders.checkoutId, c.id), eq(customNeonOrders.paymentStatus, "pending")));
      return "applied" as const;
    }
    return "ignored" as const;
  });
  if (paidNow) queueOrderEmails(paidNow);
  return result;
}

/**
 * Cancel unpaid online checkouts whose 30-minute hold has passed and put their stock back, once.
 * With real Razorpay, the gateway is asked first: a payment it captured marks the order paid instead.
 * Returns how many checkouts were released.
 */
export async function releaseExpiredHolds(options: { limit?: number; productIds?: string[] } = {}): Promise<number> {
  const ids = options.productIds;
  const due = await db()
    .select({ id: checkouts.id, razorpayOrderId: checkouts.razorpayOrderId, isTest: checkouts.isTest })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.paymentMethod, "razorpay"),
        inArray(checkouts.paymentStatus, ["pending", "failed"]),
        lt(checkouts.holdExpiresAt, sql`now()`),
        // On demand: only the holds that sit on the products a shopper was refused.
        ids?.length
          ? sql`exists (select 1 from ${orders} o join ${orderItems} oi on oi.order_id = o.id
                 where o.checkout_id = ${checkouts.id} and oi.product_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}))`
          : undefined,
      ),
    )
    .limit(options.limit ?? 100);
  const g = paymentGateway();
  let released = 0;
  for (const c of due) {
    if (g.mode === "razorpay" && !c.isTest && c.razorpayOrderId) {
      try {
        const payments = await fetchOrderPayments(g.credentials, c.razorpayOrderId);
        const captured = payments.find((p) => p.status === "captured");
        if (captured) {
          const changed = await db().transaction((tx) => markPaid(tx, c.id, captured.id, "found paid at hold expiry"));
          if (changed) queueOrderEmails(c.id);
          continue;
        }
        if (payments.some((p) => p.status === "authorized")) continue; // being captured: look again later
      } catch (err) {
        logger.warn({ err, checkoutId: c.id }, "could not ask Razorpay about an expired hold; will try again");
        continue;
      }
    }
    if (await releaseCheckout(c.id)) released++;
  }
  if (released > 0) logger.info({ released }, "expired payment holds released");
  return released;
}

async function releaseCheckout(checkoutId: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const locked = await tx.execute<{ id: string }>(sql`
      select id from checkouts
      where id = ${checkoutId} and payment_status in ('pending', 'failed') and hold_expires_at < now()
      for update skip locked`);
    if (locked.rows.length === 0) return false;
    await tx.update(checkouts).set({ holdExpiresAt: null }).where(eq(checkouts.id, checkoutId));
    const list = (await ordersOf(tx, checkoutId)).filter((o) => !o.stockReleasedAt && o.status !== "cancelled");
    for (const o of list.filter((x) => !x.custom)) {
      const items = await tx.select({ productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, o.id));
      const back = new Map<string, number>();
      for (const it of items) if (it.productId) back.set(it.productId, (back.get(it.productId) ?? 0) + it.quantity);
      for (const [id, q] of [...back].sort(([a], [b]) => a.localeCompare(b))) {
        await tx.update(products).set({ stockQuantity: sql`${products.stockQuantity} + ${q}`, updatedAt: sql`now()` }).where(eq(products.id, id));
      }
    }
    for (const o of list) {
      const table = o.custom ? customNeonOrders : orders;
      await tx.update(table).set({ status: "cancelled", stockReleasedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(table.id, o.id));
      await history(tx, [o], "status", o.status, "cancelled", `Payment not completed within ${PAYMENT_HOLD_MINUTES} minutes; stock returned`);
    }
    return true;
  });
}

/** The periodic sweep of expired holds, started with the server and stopped at shutdown. */
export function startHoldSweeper(intervalMs = 60_000): { stop: () => Promise<void> } {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = releaseExpiredHolds()
      .catch((err: unknown) => logger.error({ err }, "releasing expired payment holds failed"))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  setTimeout(tick, 5_000).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export type QuoteLine = { id: string; name: string; unitPrice: number; quantity: number; lineTotal: number };
export type Quote = { lines: QuoteLine[]; subtotal: number; deliveryFee: number; totalAmount: number; lineErrors: string[] };

/** The checkout page's summary as the server will charge it (no locks, nothing written). */
export async function quoteCart(items: CartItem[]): Promise<Quote> {
  const { lines, errors } = requestedLines(items);
  const productLines = lines.filter((l): l is RequestedProductLine => l.kind === "product");
  const ids = [...new Set(productLines.map((l) => l.productId))];
  const { priced, errors: lineErrors } = priceProductLines(productLines, await readProducts(db(), ids));
  const customs = priceCustomLines(lines.filter((l): l is RequestedCustomLine => l.kind === "custom"));
  const plan = planCheckout(priced, customs);
  const byCartId = new Map<string, QuoteLine>();
  for (const p of priced) byCartId.set(p.cartId, { id: p.cartId, name: p.name, unitPrice: p.unitPrice, quantity: p.quantity, lineTotal: p.lineTotal });
  for (const c of customs) byCartId.set(c.cartId, { id: c.cartId, name: c.label, unitPrice: c.unitPrice, quantity: c.quantity, lineTotal: c.lineTotal });
  const out = items.flatMap((i) => byCartId.get(i.id) ?? []);
  return { lines: out, subtotal: plan.subtotal, deliveryFee: plan.deliveryFee, totalAmount: plan.totalAmount, lineErrors: [...errors, ...lineErrors] };
}

