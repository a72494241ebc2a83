import { paymentDevice, type PaymentDevice } from "~/features/payments/payment-options";

type NavigatorWithHints = Navigator & { userAgentData?: { mobile?: boolean } };

/** This browser's device for the payment window: a phone pays in its UPI apps, a desktop scans a QR code. */
export function browserPaymentDevice(): PaymentDevice {
  if (typeof navigator === "undefined") return "desktop";
  const n = navigator as NavigatorWithHints;
  return paymentDevice({ userAgent: n.userAgent, mobile: n.userAgentData?.mobile });
}
