/*
 * The state of a staff-made order's pay link (issue 46, decision 067), as staff and the shopper see it. Pure:
 * the server reads the pay link's row and its checkout's payment status.
 */

export type PayLinkState = "awaiting" | "paid" | "cod" | "expired" | "sold-out";

export const PAY_LINK_STATE_LABELS: Record<PayLinkState, string> = {
  awaiting: "Awaiting payment",
  paid: "Paid",
  cod: "Cash on delivery chosen",
  expired: "Expired unpaid",
  "sold-out": "Paid after sold out: refund due",
};

/** What the shopper is told when the link can no longer be paid. */
export const PAY_LINK_EXPIRED_MESSAGE =
  "This payment link has expired and the order is cancelled. Please message us for a new link.";
export const PAY_LINK_SOLD_OUT_MESSAGE =
  "Your payment arrived after the last pieces sold out, so we could not take this order. We will refund the full amount to the way you paid within 5-7 working days.";

export type PayLinkFacts = {
  paymentStatus: string;
  expiresAt: Date | string;
  expiredAt: Date | string | null;
  soldOutAt: Date | string | null;
  /** The shopper chose cash on delivery instead (left out: not chosen). */
  codChosenAt?: Date | string | null;
};

/**
 * Paid after the pieces sold out comes first (the money is owed back), then paid, then cash on delivery
 * chosen, then expired (marked by the
 * sweep, or past its time and not swept yet), else awaiting payment.
 */
export function payLinkState(f: PayLinkFacts, now: Date = new Date()): PayLinkState {
  if (f.soldOutAt) return "sold-out";
  if (f.paymentStatus === "paid") return "paid";
  if (f.codChosenAt) return "cod";
  if (f.expiredAt || new Date(f.expiresAt).getTime() <= now.getTime()) return "expired";
  return "awaiting";
}

const HOUR = 3_600_000;

/**
 * When a pay link made now expires, and when its one reminder goes: 6 hours before it expires, or halfway
 * for a link open 12 hours or less.
 */
export function payLinkTimes(createdAt: Date, hours: number): { expiresAt: Date; remindAt: Date } {
  const life = Math.max(1, hours) * HOUR;
  const expiresAt = new Date(createdAt.getTime() + life);
  const before = Math.min(6 * HOUR, life / 2);
  return { expiresAt, remindAt: new Date(expiresAt.getTime() - before) };
}
