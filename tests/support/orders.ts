import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CartItem } from "~/features/cart/cart";
import { placeOrderRequestSchema } from "~/features/checkout/checkout";
import { placeOrder } from "~/features/checkout/place-order.server";
import { handleRazorpayWebhook } from "~/features/after-sale/webhook.server";
import { hmacSha256Hex, paymentSignature } from "~/features/payments/razorpay.server";
import type { PlacedCheckout } from "~/features/checkout/records.server";
import { action as placeAction } from "~/features/checkout/routes/api-checkout";
import { action as quoteAction } from "~/features/checkout/routes/api-checkout-quote";
import { verifyPayment } from "~/features/checkout/payment-verify.server";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders, orders, orderItems } from "~/features/order-lifecycle/tables.server";
import { callAs, checkoutForm, idempotencyKey, newShopper, type Shopper } from "./checkout-fixtures";
import { TEST_RAZORPAY, type FakeRazorpay } from "./fake-razorpay";

/** The one way integration tests place orders (through the checkout or straight into the tables) and pay them. */

/**
 * The per-client and per-customer order limits lifted, for suites that place many orders from one address
 * or as one shopper (the limits have their own suite, abuse-checkout.test.ts).
 */
export const NO_ORDER_LIMITS = {
  CHECKOUT_RATE_PER_HOUR: "100000",
  MAX_OPEN_ORDERS_PER_CUSTOMER: "1000",
  MAX_HELD_UNITS_PER_CUSTOMER: "100000",
};

export type CheckoutOptions = {
  method?: "cod" | "razorpay";
  /** Who orders: a new shopper (phone, email and address all new) when left out. */
  shopper?: Shopper;
  /** Form fields beside (or instead of) the shopper's: `discountCode`, `whatsappUpdates`, `shippingMethod`... */
  form?: Record<string, unknown>;
  /** The attempt's key: a new attempt each call when left out. */
  idempotencyKey?: string;
  /** More top-level fields, as a tampered browser might add (the server must ignore them). */
  extra?: Record<string, unknown>;
};

/** The JSON the checkout page posts for these cart lines. */
export function checkoutBody(items: unknown[], o: CheckoutOptions = {}) {
  return {
    idempotencyKey: o.idempotencyKey ?? idempotencyKey(),
    form: { ...checkoutForm(o.shopper ?? newShopper(), o.method ?? "cod"), ...o.form },
    items,
    ...o.extra,
  };
}

/** Place an order through the checkout's server function (no route, no client limits); throws if refused. */
export async function placeCheckout(items: CartItem[], o: CheckoutOptions = {}): Promise<PlacedCheckout> {
  const r = await placeOrder(placeOrderRequestSchema.parse(checkoutBody(items, o)));
  if (!r.ok) throw new Error(`placeOrder refused: ${r.message}`);
  return r.checkout;
}

let clients = 0;
/** A client address no other call in this file has used, so per-client limits never meet. */
export function newClientIp(): string {
  clients++;
  return `198.18.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

/** POST /api/checkout as the browser does, from `ip` (a new address when left out): `{ status, headers, body }`. */
export function postCheckout(items: unknown[], o: CheckoutOptions & { ip?: string } = {}) {
  return callAs(o.ip ?? newClientIp(), placeAction, checkoutBody(items, o));
}

/** POST /api/checkout/quote with this body, from `ip` (a new address when left out). */
export function postQuote(body: Record<string, unknown>, ip = newClientIp()) {
  return callAs(ip, quoteAction, body);
}

// ---------------------------------------------------------------------------------------------------
// Paying online

/** The JSON the browser sends to verify a payment: the ids, signed with the shop's key (or `secret`). */
export function signedPayment(razorpayOrderId: string, paymentId: string, secret = TEST_RAZORPAY.keySecret) {
  return {
    razorpay_order_id: razorpayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(secret, razorpayOrderId, paymentId),
  };
}

/** The Razorpay order of a placed checkout. */
export async function razorpayOrderOf(placed: { checkoutId: string }): Promise<string> {
  const [c] = await db().select().from(checkouts).where(eq(checkouts.id, placed.checkoutId));
  return c!.razorpayOrderId!;
}

/** Pay a placed online checkout: the fake Razorpay takes a captured payment, then the shop verifies it. */
export async function payOnline(fake: FakeRazorpay, placed: { checkoutId: string }) {
  const razorpayOrderId = await razorpayOrderOf(placed);
  const payment = fake.addPayment(razorpayOrderId);
  const v = await verifyPayment(signedPayment(razorpayOrderId, payment.id));
  expect(v.ok).toBe(true);
  return payment;
}

/** Razorpay's webhook call with this raw body and event id, signed with the shop's webhook secret. */
export const sendWebhook = (body: string, eventId: string) =>
  handleRazorpayWebhook(body, hmacSha256Hex(TEST_RAZORPAY.webhookSecret, body), eventId);

// ---------------------------------------------------------------------------------------------------
// Orders written straight into the tables (for what happens after the checkout)

export type InsertedLine = {
  productId?: string | null;
  quantity?: number;
  /** The unit price in rupees (1,499 when left out). */
  price?: number;
  name?: string;
  color?: string;
  /** The sign's size (Medium when left out). */
  size?: "S" | "M" | "L" | "XL";
};

/**
 * An order row with its lines, as the checkout would have written it: `values` win over the defaults; the
 * subtotal follows from the lines (1,000 with none) and the total from the subtotal, fees and discounts.
 */
export async function insertOrder(
  values: Partial<typeof orders.$inferInsert> = {},
  lines: InsertedLine[] = [{}],
): Promise<typeof orders.$inferSelect> {
  const items = lines.map((l) => ({
    productId: l.productId ?? null,
    quantity: l.quantity ?? 1,
    price: l.price ?? 1499,
    name: l.name ?? "Good Vibes Neon",
    color: l.color ?? "Blue",
    size: l.size ?? "M",
  }));
  const subtotal = values.subtotal ?? (items.reduce((s, l) => s + l.price * l.quantity, 0) || 1000);
  const v = { deliveryFee: 0, codFee: 0, discount: 0, offerDiscount: 0, ...values };
  const [o] = await db()
    .insert(orders)
    .values({
      customerName: "Test Shopper",
      customerEmail: "shopper@example.com",
      customerPhone: "+919800000000",
      shippingAddress: {
        address1: "12, MG Road",
        city: "Bareilly",
        state: "uttar-pradesh",
        pincode: "243001",
      },
      subtotal,
      totalAmount: subtotal + v.deliveryFee + v.codFee - v.discount - v.offerDiscount,
      paymentMethod: "cod",
      ...v,
    })
    .returning();
  if (items.length > 0)
    await db()
      .insert(orderItems)
      .values(
        items.map((l) => ({
          orderId: o!.id,
          productId: l.productId,
          productName: l.name,
          quantity: l.quantity,
          price: l.price,
          productConfig: {
            size: l.size,
            color: l.color,
            brightnessController: false,
            productType: "Standard",
            originalProductId: l.productId ?? "",
          },
        })),
      );
  return o!;
}

/** A custom-sign order row ("Hello" in Orbitron, pink, medium: ₹2,999 + ₹299 delivery unless `values` say otherwise). */
export async function insertCustomOrder(
  values: Partial<typeof customNeonOrders.$inferInsert> = {},
): Promise<typeof customNeonOrders.$inferSelect> {
  const [o] = await db()
    .insert(customNeonOrders)
    .values({
      customerName: "Custom Shopper",
      customerEmail: "custom@example.com",
      customerPhone: "+919811111111",
      shippingAddress: {
        address1: "12, MG Road",
        city: "Bareilly",
        state: "uttar-pradesh",
        pincode: "243001",
      },
      deliveryFee: 299,
      totalAmount: 2999 + 299,
      paymentMethod: "cod",
      customText: "Hello",
      fontStyle: "orbitron",
      neonColor: "pink",
      size: "M",
      hasDimmer: false,
      backingShape: "cut-to-shape",
      basePrice: 2999,
      dimmerPrice: 0,
      backingPrice: 0,
      characterPrice: 0,
      ...values,
    })
    .returning();
  return o!;
}
