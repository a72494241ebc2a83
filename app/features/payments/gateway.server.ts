import crypto from "node:crypto";
import { env } from "~/platform/env.server";
import { serviceEnv } from "~/platform/service-keys.server";
import { createRazorpayOrder, paymentSignature, type RazorpayCredentials } from "./razorpay.server";

/**
 * Which payment gateway takes online payments (PRODUCT.md):
 * - Razorpay when its keys are set, in the environment or saved in Settings > Keys (and PAYMENT_MODE is not
 *   `test`);
 * - the built-in test gateway when PAYMENT_MODE=test, or when no keys are set and the shop is a local demo
 *   (its PUBLIC_URL is on localhost, 127.0.0.1 or ::1, as with `npm start`);
 * - none (online payment hidden, cash on delivery remains) otherwise: a public shop without keys never
 *   lets a shopper mark an order paid through the test gateway.
 */
export type PaymentGateway =
  | {
      mode: "razorpay";
      keyId: string;
      keySecret: string;
      webhookSecret?: string;
      credentials: RazorpayCredentials;
      scriptUrl: string;
    }
  | { mode: "test"; keyId: string; keySecret: string; webhookSecret?: string; scriptUrl: string }
  | { mode: "off"; reason: string };

/**
 * The test gateway's signing secret. It only ever signs test checkouts (is_test), which are labelled
 * Test everywhere; a real Razorpay secret is never used for them.
 */
export const TEST_GATEWAY_SECRET = "neon-shop-test-gateway-secret";
export const TEST_GATEWAY_KEY_ID = "rzp_test_neon_gateway";
export const TEST_GATEWAY_SCRIPT = "/test-gateway.js";

/** True for a shop only reachable on this machine: localhost, 127.x.x.x or ::1. */
export function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1";
  } catch {
    return false;
  }
}

export function paymentGateway(): PaymentGateway {
  const e = serviceEnv();
  const testGateway: PaymentGateway = {
    mode: "test",
    keyId: TEST_GATEWAY_KEY_ID,
    keySecret: TEST_GATEWAY_SECRET,
    webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
    scriptUrl: TEST_GATEWAY_SCRIPT,
  };
  if (e.PAYMENT_MODE === "test") return testGateway;
  if (e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET) {
    return {
      mode: "razorpay",
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      credentials: {
        keyId: e.RAZORPAY_KEY_ID,
        keySecret: e.RAZORPAY_KEY_SECRET,
        apiBase: e.RAZORPAY_API_BASE,
      },
      scriptUrl: e.RAZORPAY_CHECKOUT_SCRIPT,
    };
  }
  // A shop only reachable on this machine (a demo) takes test payments when it has no Razorpay keys.
  if (isLocalUrl(e.PUBLIC_URL)) return testGateway;
  return {
    mode: "off",
    reason:
      `online payment is hidden: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are not set and the shop is public (PUBLIC_URL ${e.PUBLIC_URL}); ` +
      "save the Razorpay keys in Settings > Keys (or set them in the environment), or PAYMENT_MODE=test for the built-in test gateway; cash on delivery remains",
  };
}

/** A line for the start-up log saying how online payments are taken. */
export function describePaymentGateway(): { level: "info" | "warn"; message: string } {
  const g = paymentGateway();
  if (g.mode === "razorpay") return { level: "info", message: "online payments: Razorpay" };
  if (g.mode === "test") {
    const why =
      env().PAYMENT_MODE === "test" ? "PAYMENT_MODE=test" : "no Razorpay keys and a local PUBLIC_URL (demo)";
    return {
      level: "info",
      message: `online payments: the built-in TEST gateway (${why}); orders paid through it are labelled Test`,
    };
  }
  return { level: "warn", message: g.reason };
}

/** Create the gateway order for a checkout: Razorpay's API, or a local id for the test gateway. */
export async function createGatewayOrder(
  g: Exclude<PaymentGateway, { mode: "off" }>,
  input: { amountPaise: number; receipt: string },
): Promise<{ id: string; amount: number; currency: string }> {
  if (g.mode === "test") {
    return {
      id: `order_Test${crypto.randomBytes(7).toString("hex")}`,
      amount: input.amountPaise,
      currency: "INR",
    };
  }
  const o = await createRazorpayOrder(g.credentials, {
    amountPaise: input.amountPaise,
    receipt: input.receipt,
    notes: { checkout_id: input.receipt },
  });
  return { id: o.id, amount: o.amount, currency: o.currency };
}

/** The test gateway's answer to a successful payment: signed exactly as Razorpay signs. */
export function signTestPayment(razorpayOrderId: string): {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
} {
  const paymentId = `pay_Test${crypto.randomBytes(7).toString("hex")}`;
  return {
    razorpay_order_id: razorpayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(TEST_GATEWAY_SECRET, razorpayOrderId, paymentId),
  };
}
