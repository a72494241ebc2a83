/**
 * Refunds (issues 16 and 17): money given back for an order, through Razorpay for online payments or
 * recorded by staff for cash on delivery. Pure rules: how much may still be refunded, what a refund's
 * states mean, and when the order counts as refunded.
 */

import {
  paragraphs,
  shopperEmail,
  type BuiltEmail,
  type EmailStore,
} from "~/features/order-lifecycle/shopper-email";
import { REFUND_TIME } from "~/features/settings/shop-promises";

export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** razorpay: through the Refunds API; manual: paid back by staff (bank transfer, UPI) and recorded with its reference. */
export const REFUND_METHODS = ["razorpay", "manual"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: "Refund pending",
  processed: "Refunded",
  failed: "Refund failed",
};

export type RefundRow = { amount: number; status: RefundStatus };

/** What is already refunded or on its way (a failed refund gave nothing back). */
export function committedRefunds(refunds: readonly RefundRow[]): number {
  return refunds.filter((r) => r.status !== "failed").reduce((n, r) => n + r.amount, 0);
}

/** How much of `paid` can still be refunded: never below zero. */
export function refundableAmount(paid: number, refunds: readonly RefundRow[]): number {
  return Math.max(0, paid - committedRefunds(refunds));
}

export type RefundCheck = { ok: true } | { ok: false; message: string };

/** A new refund of `amount` rupees against an order that took `paid` rupees. */
export function checkRefund(paid: number, refunds: readonly RefundRow[], amount: number): RefundCheck {
  if (!Number.isInteger(amount) || amount < 1)
    return { ok: false, message: "Enter a refund amount of at least ₹1 in whole rupees." };
  if (paid <= 0)
    return { ok: false, message: "Nothing was paid for this order, so there is nothing to refund." };
  const left = refundableAmount(paid, refunds);
  if (left === 0) return { ok: false, message: "This order has already been refunded in full." };
  if (amount > left)
    return {
      ok: false,
      message: `At most ₹${left.toLocaleString("en-IN")} can still be refunded (₹${paid.toLocaleString("en-IN")} paid).`,
    };
  return { ok: true };
}

/** The order's payment becomes 'refunded' once processed refunds cover everything paid. */
export function isFullyRefunded(paid: number, refunds: readonly RefundRow[]): boolean {
  return (
    paid > 0 && refunds.filter((r) => r.status === "processed").reduce((n, r) => n + r.amount, 0) >= paid
  );
}

/** A refund's state may only move forward: pending → processed | failed; a settled refund stays as it is. */
export function nextRefundStatus(from: RefundStatus, to: RefundStatus): RefundStatus {
  return from === "pending" ? to : from;
}

/** The shopper's e-mail when money went back (issue 27): how much, how, and the credit note when there is one. */
export function buildRefundEmail(
  r: {
    displayId: string;
    customerName: string;
    amount: string;
    method: RefundMethod;
    reference: string | null;
    reason: string;
    orderUrl: string;
    creditNote: { number: string; url: string } | null;
    isTest?: boolean;
    /** The refund of a return: the mail also closes the return. */
    forReturn?: boolean;
  },
  store: EmailStore,
): BuiltEmail {
  const how =
    r.method === "razorpay"
      ? `It goes back to the card, UPI or bank account you paid with; your bank shows it within ${REFUND_TIME}.`
      : `We paid it back to you by bank transfer or UPI${r.reference ? ` (reference ${r.reference})` : ""}.`;
  const lines = [
    `We have refunded ${r.amount} for your order ${r.displayId}.${r.forReturn ? " This completes your return." : ""}`,
    how,
    `Reason: ${r.reason}`,
    ...(r.creditNote
      ? [`Credit note ${r.creditNote.number} for this refund is attached, and on your order's page.`]
      : []),
  ];
  return {
    subject: `${r.isTest ? "[TEST] " : ""}Refund of ${r.amount} for your ${store.name} order ${r.displayId}`,
    content: shopperEmail(
      store,
      r.customerName,
      [
        ...paragraphs(lines),
        { kind: "button", url: r.orderUrl, label: "View your order" },
        ...(r.creditNote
          ? [
              {
                kind: "link" as const,
                url: r.creditNote.url,
                label: `Download credit note ${r.creditNote.number}`,
              },
            ]
          : []),
      ],
      lines[0],
    ),
  };
}
