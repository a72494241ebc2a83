import type { PaymentMethodId } from "~/features/order-lifecycle/order-status";
import type { ShippingMethod } from "~/features/checkout/shipping";

/** The checkout page's conversation with the server, as plain functions (no React, no DOM). */

export type Placed = {
  checkoutId: string;
  paymentMethod: PaymentMethodId;
  paymentStatus: string;
  totalAmount: number;
  orderId: string;
  orderIds: string[];
  customerName: string;
  shippingAddress: string;
  createdAt: string;
  charges: {
    subtotal: number;
    deliveryFee: number;
    codFee: number;
    discount: number;
    discountCode: string | null;
    offerDiscount: number;
    offerNames: string | null;
    totalAmount: number;
    shippingMethod: ShippingMethod;
    deliveryDaysMin: number | null;
    deliveryDaysMax: number | null;
  };
  payment: null | {
    gateway: "razorpay" | "test";
    keyId: string;
    razorpayOrderId: string;
    amountPaise: number;
    currency: string;
    scriptUrl: string;
    timeoutSeconds?: number;
    prefill: { name: string; email: string; contact: string };
  };
  orderPages?: {
    displayId: string;
    path: string;
    lines: { name: string; details: string; quantity: number; lineTotal: number }[];
  }[];
};

export type QuoteOption = {
  method: ShippingMethod;
  label: string;
  fee: number;
  daysMin: number;
  daysMax: number;
  from: string;
  to: string;
};

export type Quote = {
  lines: { id: string; name: string; unitPrice: number; quantity: number; lineTotal: number }[];
  subtotal: number;
  deliveryFee: number;
  codFee: number;
  totalAmount: number;
  shippingMethod: ShippingMethod;
  options: QuoteOption[];
  discount: { code: string; amount: number } | null;
  discountError: string | null;
  offers: { names: string; amount: number } | null;
  shippingError: { field: "shippingMethod" | "paymentMethod"; message: string } | null;
  lineErrors: string[];
};

export type Reply = { status: number; data: Record<string, unknown> };
export type Post = (url: string, body: unknown, signal?: AbortSignal) => Promise<Reply>;

export const ORDER_FAILED = "There was an error placing your order. Please try again.";
export const PAYMENT_ERROR = "Failed to initialize payment. Please try again.";

export const postJson: Post = async (url, body, signal) => {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  let data: Record<string, unknown> = {};
  try {
    data = (await r.json()) as Record<string, unknown>;
  } catch {
    /* empty or not JSON */
  }
  return { status: r.status, data };
};

/** A short, stable fingerprint of a submission (FNV-1a), to keep one idempotency key per identical attempt. */
export function fingerprint(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${s.length}:${(h >>> 0).toString(16)}`;
}

/** What the page does with the answer to POST /api/checkout. */
export type CheckoutReply =
  | { kind: "placed"; placed: Placed }
  | { kind: "fields"; errors: Record<string, string> }
  /** The attempt's key belongs to an expired or different submission: try once more with a new key. */
  | { kind: "new-key" }
  | { kind: "lines"; errors: string[] }
  | { kind: "refused"; title: string; description: string };

export function readCheckoutReply({ status, data: d }: Reply): CheckoutReply {
  const error = typeof d.error === "string" && d.error ? d.error : undefined;
  if (status === 200 || status === 201) return { kind: "placed", placed: d.checkout as Placed };
  if ((status === 400 || status === 422) && d.fieldErrors && typeof d.fieldErrors === "object")
    return { kind: "fields", errors: d.fieldErrors as Record<string, string> };
  if (status === 409 && (d.code === "expired" || d.code === "key-reused")) return { kind: "new-key" };
  if ((status === 409 || status === 422) && (d.code === "lines" || d.code === "limits")) {
    const list = Array.isArray(d.lineErrors)
      ? d.lineErrors.filter((x): x is string => typeof x === "string")
      : [];
    return { kind: "lines", errors: list.length ? list : [error ?? ORDER_FAILED] };
  }
  if (status === 429)
    return {
      kind: "refused",
      title: "Too Many Attempts",
      description: error ?? "Please wait a few minutes and try again.",
    };
  if ((status === 409 || status === 422) && error)
    return { kind: "refused", title: "Order Failed", description: error };
  if (status === 503) return { kind: "refused", title: "Payment Error", description: error ?? PAYMENT_ERROR };
  return { kind: "refused", title: "Order Failed", description: ORDER_FAILED };
}

/** Tell the server the shopper gave up paying, so the held stock goes back at once (best effort). */
export async function releaseHold(post: Post, idempotencyKey: string): Promise<void> {
  try {
    await post("/api/checkout/release", { idempotencyKey });
  } catch {
    /* the hold then expires by itself */
  }
}
