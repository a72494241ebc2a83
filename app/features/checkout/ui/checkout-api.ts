import type { CheckoutAnswer } from "~/features/checkout/checkout-answer.server";
import type { PlacedCheckout } from "~/features/checkout/records.server";

/** The checkout page's conversation with the server, as plain functions (no React, no DOM). */

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
  | { kind: "placed"; placed: PlacedCheckout }
  | { kind: "fields"; errors: Record<string, string> }
  /** The attempt's key belongs to an expired or different submission: try once more with a new key. */
  | { kind: "new-key" }
  | { kind: "lines"; errors: string[] }
  | { kind: "refused"; title: string; description: string };

/**
 * The parts of an answer the page reads: the checkout's form answer (CheckoutAnswer), or a refusal of the
 * endpoint itself (its rate limit or body cap, by jsonEndpoint), in the same shape (`message`, decision 058).
 */
type Answer = Partial<
  Omit<Extract<CheckoutAnswer, { ok: true }>, "ok"> & Omit<Extract<CheckoutAnswer, { ok: false }>, "ok">
>;

const sentence = (v: unknown) => (typeof v === "string" && v ? v : undefined);

export function readCheckoutReply({ status, data }: Reply): CheckoutReply {
  const d = data as Answer;
  const message = sentence(d.message);
  if ((status === 200 || status === 201) && d.checkout) return { kind: "placed", placed: d.checkout };
  if ((status === 400 || status === 422) && d.fieldErrors && typeof d.fieldErrors === "object")
    return { kind: "fields", errors: d.fieldErrors };
  if (status === 409 && (d.code === "expired" || d.code === "key-reused")) return { kind: "new-key" };
  if ((status === 409 || status === 422) && (d.code === "lines" || d.code === "limits")) {
    const list = Array.isArray(d.lineErrors)
      ? d.lineErrors.filter((x): x is string => typeof x === "string")
      : [];
    return { kind: "lines", errors: list.length ? list : [message ?? ORDER_FAILED] };
  }
  if (status === 429)
    return {
      kind: "refused",
      title: "Too Many Attempts",
      description: message ?? "Please wait a few minutes and try again.",
    };
  if ((status === 409 || status === 422) && message)
    return { kind: "refused", title: "Order Failed", description: message };
  if (status === 503)
    return { kind: "refused", title: "Payment Error", description: message ?? PAYMENT_ERROR };
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
