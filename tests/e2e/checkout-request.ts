import crypto from "node:crypto";

/**
 * The JSON a browser posts to /api/checkout for a cash-on-delivery order of one ready-made line, as the
 * checkout page sends it (the price is deliberately wrong: the server decides). Each call is a new attempt
 * (fresh idempotency key) from a new mailbox, so per-mailbox mail limits never interfere.
 */
export function codCheckoutBody(productId: string, options: { quantity?: number; name?: string } = {}) {
  return {
    idempotencyKey: crypto.randomBytes(16).toString("hex"),
    form: {
      name: options.name ?? "Test Shopper",
      phone: "9876543210",
      email: `shopper.${crypto.randomBytes(5).toString("hex")}@example.in`,
      address1: "1 Fort Road",
      city: "Badaun",
      state: "uttar-pradesh",
      pincode: "243601",
      paymentMethod: "cod",
    },
    items: [
      {
        id: "l",
        name: "x",
        price: 1,
        image: "",
        quantity: options.quantity ?? 1,
        type: "product",
        productConfig: {
          size: "M",
          color: "Pink",
          brightnessController: false,
          productType: "Standard",
          originalProductId: productId,
        },
      },
    ],
  };
}

/** POST a COD checkout to a running shop; resolves with the HTTP status and the answer's checkout. */
export async function placeCodOrder(shopUrl: string, productId: string, options: { quantity?: number } = {}) {
  const res = await fetch(`${shopUrl}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shopUrl },
    body: JSON.stringify(codCheckoutBody(productId, options)),
  });
  const body = (await res.json().catch(() => ({}))) as {
    checkout?: { checkoutId: string; orderIds: string[]; totalAmount: number };
  };
  return { status: res.status, checkout: body.checkout };
}
