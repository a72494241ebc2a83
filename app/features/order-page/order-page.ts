import { parsePhoneNumberFromString } from "libphonenumber-js";
import { normalizeIndianMobile } from "~/features/checkout/checkout";
import type { OrderStatus, PaymentMethod, PaymentStatus } from "~/features/order-lifecycle/order-status";
import { freeText, singleLine } from "~/shared/text";
import { z } from "~/shared/zod";

/**
 * The shopper's own order page (issue 16): what they may do with their order and when, the status
 * timeline they see, and the "find my order" form. Pure; the server checks the same rules under the
 * order's row lock.
 */

/** The Terms: "You can cancel an order within 24 hours of placing it, as long as production has not started." */
export const SHOPPER_CANCEL_HOURS = 24;

export type ShopperOrderState = {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  createdAt: Date;
};

export type CancelCheck = { ok: true } | { ok: false; reason: string };

export function checkShopperCancel(o: ShopperOrderState, now: Date): CancelCheck {
  if (o.status === "cancelled") return { ok: false, reason: "This order is already cancelled." };
  if (o.status !== "pending" && o.status !== "confirmed")
    return {
      ok: false,
      reason:
        "Production has started, so this order can no longer be cancelled online. Please call or write to us.",
    };
  if (now.getTime() - o.createdAt.getTime() > SHOPPER_CANCEL_HOURS * 3_600_000)
    return {
      ok: false,
      reason: `Orders can be cancelled online within ${SHOPPER_CANCEL_HOURS} hours of placing them. Please call or write to us.`,
    };
  return { ok: true };
}

/** Until when the shopper may still cancel (null when they cannot). */
export function cancelDeadline(o: ShopperOrderState, now: Date): Date | null {
  return checkShopperCancel(o, now).ok
    ? new Date(o.createdAt.getTime() + SHOPPER_CANCEL_HOURS * 3_600_000)
    : null;
}

/**
 * An online order whose payment has not gone through can be paid again from its page while the
 * checkout still holds its stock (the hold's end is the checkout's `hold_expires_at`).
 */
export function canRetryPayment(o: ShopperOrderState & { holdExpiresAt: Date | null }, now: Date): boolean {
  return (
    o.paymentMethod === "razorpay" &&
    (o.paymentStatus === "pending" || o.paymentStatus === "failed") &&
    o.status === "pending" &&
    o.holdExpiresAt !== null &&
    o.holdExpiresAt.getTime() > now.getTime()
  );
}

// ---------------------------------------------------------------------------------------------------
// The status timeline

export type TimelineStep = {
  status: OrderStatus;
  label: string;
  /** When the order reached this step (ISO), null when it has not yet. */
  at: string | null;
  state: "done" | "current" | "upcoming";
  /** The courier's steps after Dispatched (in transit, out for delivery, a failed attempt), with their time. */
  events?: { label: string; at: string }[];
};

const FORWARD: { status: OrderStatus; label: string }[] = [
  { status: "pending", label: "Order placed" },
  { status: "confirmed", label: "Confirmed" },
  { status: "in_production", label: "In production" },
  { status: "dispatched", label: "Dispatched" },
  { status: "delivered", label: "Delivered" },
];

/**
 * The steps the shopper sees: placed → confirmed → in production → dispatched → delivered, each with
 * the time it happened (from the order's history); a cancelled order ends with "Cancelled" after the last
 * step it reached. Statuses outside the forward path (added later, e.g. returns) end the line the same way.
 */
export function orderTimeline(
  status: OrderStatus,
  placedAt: string,
  history: { toValue: string; createdAt: string }[],
  extraLabels: Partial<Record<OrderStatus, string>> = {},
): TimelineStep[] {
  const reached = new Map<string, string>();
  reached.set("pending", placedAt);
  for (const h of history) if (!reached.has(h.toValue)) reached.set(h.toValue, h.createdAt);
  const index = FORWARD.findIndex((s) => s.status === status);
  if (index >= 0) {
    return FORWARD.map((s, i) => ({
      status: s.status,
      label: s.label,
      at: i <= index ? (reached.get(s.status) ?? null) : null,
      state:
        i < index || (i === index && status === "delivered") ? "done" : i === index ? "current" : "upcoming",
    }));
  }
  // Off the forward path: the steps reached, then where it ended.
  const done = FORWARD.filter((s) => reached.has(s.status)).map((s): TimelineStep => ({
    status: s.status,
    label: s.label,
    at: reached.get(s.status)!,
    state: "done",
  }));
  const label = extraLabels[status] ?? (status === "cancelled" ? "Cancelled" : status);
  return [...done, { status, label, at: reached.get(status) ?? null, state: "current" }];
}

/** The courier's steps under Dispatched, once the order has been dispatched (they stay after delivery). */
export function withCourierSteps(
  steps: TimelineStep[],
  events: { label: string; at: string }[],
): TimelineStep[] {
  if (events.length === 0) return steps;
  return steps.map((s) => (s.status === "dispatched" && s.at ? { ...s, events } : s));
}

// ---------------------------------------------------------------------------------------------------
// "Find my order"

/** Display ids: NL + 8 hex characters for ready-made orders, 8 hex characters for a custom sign. */
const ORDER_REF = /^(NL)?([0-9A-F]{8})$/;

export type OrderReference = { kind: "order" | "custom"; prefix: string };

export function parseOrderReference(raw: string): OrderReference | null {
  const m = ORDER_REF.exec(raw.replace(/[\s#-]/g, "").toUpperCase());
  if (!m) return null;
  return { kind: m[1] ? "order" : "custom", prefix: m[2]!.toLowerCase() };
}

export type OrderContact = { email: string } | { phone: string };

/** The phone or e-mail the shopper typed, as stored on orders (phones as +91XXXXXXXXXX, e-mails lower-cased). */
export function parseOrderContact(raw: string): OrderContact | null {
  const v = raw.trim();
  if (v.includes("@")) {
    const email = z.email().safeParse(v.toLowerCase());
    return email.success ? { email: email.data } : null;
  }
  const indian = normalizeIndianMobile(v);
  if (indian) return { phone: indian };
  // A number abroad, typed with its country code (+971 50 123 4567).
  const abroad = v.startsWith("+") ? parsePhoneNumberFromString(v) : undefined;
  return abroad?.isValid() ? { phone: abroad.number } : null;
}

export const orderLookupSchema = z.object({
  orderId: z
    .string({ error: "Enter your order number." })
    .trim()
    .min(1, "Enter your order number.")
    .max(40, "That is not an order number.")
    .superRefine(singleLine("Order number"))
    .refine(
      (v) => parseOrderReference(v) !== null,
      "Enter the order number from your e-mail, e.g. NL1A2B3C4D.",
    ),
  contact: z
    .string({ error: "Enter the phone number or e-mail used for the order." })
    .trim()
    .min(1, "Enter the phone number or e-mail used for the order.")
    .max(200, "That is not a phone number or e-mail.")
    .superRefine(singleLine("Phone number or e-mail"))
    .refine(
      (v) => parseOrderContact(v) !== null,
      "Enter the 10-digit phone number or the e-mail used for the order.",
    ),
});

export const LOOKUP_ANSWER =
  "If these details match an order, we have sent its link to the e-mail address used for the order. It arrives within a few minutes.";

export const cancelOrderSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(300, "Keep the reason under 300 characters.")
    .superRefine(freeText("Reason"))
    .optional()
    .transform((v) => (v ? v : undefined)),
});
