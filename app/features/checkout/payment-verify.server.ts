import { logger } from "~/platform/logger.server";
import type { VerifyPaymentInput } from "~/features/payments/payment-verify";
import { settleSignedPayment } from "~/features/payments/settlement.server";
import { findById, toPlaced, type PlacedCheckout } from "./records.server";

export type VerifyOutcome = { ok: true; checkout: PlacedCheckout } | { ok: false };

/**
 * /api/checkout/verify: the browser's signed success answer settled by payments, then the checkout as the
 * confirmation shows it. A bad signature changes nothing and answers not ok.
 */
export async function verifyPayment(input: VerifyPaymentInput): Promise<VerifyOutcome> {
  const settled = await settleSignedPayment(input);
  if (!settled) return { ok: false };
  const placed = await toPlaced((await findById(settled.checkoutId))!);
  if (settled.via === "prepay") {
    // "Pay now instead": the answer counts once the orders are prepaid and paid.
    return placed.paymentStatus === "paid" && !placed.cancelled
      ? { ok: true, checkout: placed }
      : { ok: false };
  }
  // Paid after the hold expired and the stock was gone: the orders stay cancelled (staff refund it).
  if (placed.cancelled) {
    logger.error(
      { checkoutId: settled.checkoutId },
      "payment verified for a cancelled checkout; needs a refund",
    );
    return { ok: false };
  }
  return { ok: true, checkout: placed };
}
