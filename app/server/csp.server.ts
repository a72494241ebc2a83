import { env } from "./env.server";

/** The page Content-Security-Policy: scripts only from us (with this response's nonce) and Razorpay. */
export function contentSecurityPolicy(nonce: string): string {
  const e = env();
  const live = Boolean(e.RAZORPAY_KEY_ID) && e.PAYMENT_MODE !== "test";
  // The checkout script's own origin too, when RAZORPAY_CHECKOUT_SCRIPT points somewhere else.
  const scriptOrigin = live ? new URL(e.RAZORPAY_CHECKOUT_SCRIPT).origin : "";
  const razorpay = live
    ? ` https://checkout.razorpay.com https://api.razorpay.com${scriptOrigin && !scriptOrigin.endsWith(".razorpay.com") ? ` ${scriptOrigin}` : ""}`
    : "";
  const dev = e.NODE_ENV === "development" ? " ws: 'unsafe-eval'" : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${razorpay}${dev}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self'",
    `connect-src 'self'${razorpay}${live ? " https://lumberjack.razorpay.com" : ""}${dev}`,
    `frame-src 'self'${razorpay}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}
