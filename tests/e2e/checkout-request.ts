import crypto from "node:crypto";
import { productLine } from "../support/cart-lines";

/**
 * The JSON a browser posts to /api/checkout for these cart lines, paid cash on delivery (the lines' prices
 * are the browser's claim: the server decides). Each call is a new attempt (fresh idempotency key) from a
 * new mailbox, so per-mailbox mail limits never interfere; `form` changes the shopper's fields.
 */
export function codCheckoutBody(items: unknown[], form: Record<string, unknown> = {}) {
  return {
    idempotencyKey: crypto.randomBytes(16).toString("hex"),
    form: {
      name: "Test Shopper",
      phone: "9876543210",
      email: `shopper.${crypto.randomBytes(5).toString("hex")}@example.in`,
      address1: "1 Fort Road",
      city: "Badaun",
      state: "uttar-pradesh",
      pincode: "243601",
      paymentMethod: "cod",
      ...form,
    },
    items,
  };
}

export type PlacedCheckout = {
  checkoutId: string;
  orderIds: string[];
  totalAmount: number;
  orderPages: { displayId: string; path: string }[];
};

/** POST a checkout body to a running shop; resolves with the HTTP status and the answer's checkout. */
export async function postCheckout(shopUrl: string, body: unknown) {
  const res = await fetch(`${shopUrl}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shopUrl },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as { checkout?: PlacedCheckout };
  return { status: res.status, checkout: answer.checkout };
}

/** A COD order of one product (`quantity` of it) posted to a running shop. */
export function placeCodOrder(shopUrl: string, productId: string, options: { quantity?: number } = {}) {
  return postCheckout(
    shopUrl,
    codCheckoutBody([productLine(productId, { quantity: options.quantity ?? 1 })]),
  );
}
