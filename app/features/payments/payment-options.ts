import type { PaymentHandoff } from "~/features/payments/payment-handoff";

/*
 * How the payment window offers UPI (issue 46, decision 064), per Razorpay's migration guide from UPI Collect (NPCI
 * deprecated collect requests, where the shopper types a UPI ID, from 28 February 2026): on a phone a UPI block
 * with the intent flow (the shopper picks GPay, PhonePe, Paytm... and pays in the app), on a desktop a UPI block
 * with the QR flow (scan with the phone), and the collect flow hidden everywhere. Cards, net banking and wallets
 * stay in Razorpay's default blocks below. The shop's test gateway reads the same `config.display` and shows the
 * same choices.
 */

export type PaymentDevice = "phone" | "desktop";

/** One way to pay, as Razorpay's checkout names it (`method` and, for UPI, its `flows`). */
export type PaymentInstrument = { method: string; flows?: string[] };

export type DisplayConfig = {
  display: {
    blocks: Record<string, { name: string; instruments: PaymentInstrument[] }>;
    hide: PaymentInstrument[];
    sequence: string[];
    preferences: { show_default_blocks: boolean };
  };
};

/** The block names the shopper reads (Razorpay's window and the test gateway show them). */
export const UPI_BLOCK_NAMES: Record<PaymentDevice, string> = {
  phone: "Pay with a UPI app",
  desktop: "Scan a UPI QR code",
};

/** What the browser says of itself: its user agent and, where there is one, User-Agent Client Hints' `mobile`. */
export type BrowserHints = { userAgent: string; mobile?: boolean };

const PHONE_AGENT = /Android|iPhone|iPod|iPad|Mobile|webOS|BlackBerry|Opera Mini|IEMobile/i;

/**
 * A phone or tablet (Client Hints say mobile, or its user agent names one: Android tablets say mobile ?0) pays
 * with its UPI apps; anything else scans a QR code with one.
 */
export function paymentDevice(hints: BrowserHints): PaymentDevice {
  return hints.mobile === true || PHONE_AGENT.test(hints.userAgent) ? "phone" : "desktop";
}

/** Razorpay checkout's `config`: UPI intent on a phone, UPI QR on a desktop, UPI collect hidden. */
export function upiDisplayConfig(device: PaymentDevice): DisplayConfig {
  return {
    display: {
      blocks: {
        upi: {
          name: UPI_BLOCK_NAMES[device],
          instruments: [{ method: "upi", flows: [device === "phone" ? "intent" : "qr"] }],
        },
      },
      hide: [{ method: "upi", flows: ["collect"] }],
      sequence: ["block.upi"],
      preferences: { show_default_blocks: true },
    },
  };
}

export type WindowText = {
  storeName: string;
  /** "Order #NL-1234". */
  description: string;
  notes?: Record<string, string>;
};

/**
 * The options every payment window of the shop opens with (the checkout, "Pay now" on the order page): the
 * gateway order, the shopper's details, the timeout before the hold ends, and the UPI display for the device.
 */
export function paymentWindowOptions(
  handoff: Pick<
    PaymentHandoff,
    "keyId" | "amountPaise" | "currency" | "razorpayOrderId" | "prefill" | "timeoutSeconds"
  >,
  text: WindowText,
  device: PaymentDevice,
) {
  return {
    key: handoff.keyId,
    amount: handoff.amountPaise,
    currency: handoff.currency,
    name: text.storeName,
    description: text.description,
    order_id: handoff.razorpayOrderId,
    prefill: handoff.prefill,
    ...(text.notes ? { notes: text.notes } : {}),
    theme: { color: "#ff1493" },
    // The window closes itself before the server's hold on the stock ends.
    ...(handoff.timeoutSeconds ? { timeout: handoff.timeoutSeconds } : {}),
    config: upiDisplayConfig(device),
  };
}
