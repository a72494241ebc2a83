import pino from "pino";

/** One JSON line per request and per business event. Never log secrets or full card/payment data. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: undefined,
  redact: {
    paths: [
      "password",
      "*.password",
      "req.headers.cookie",
      "req.headers.authorization",
      "*.razorpay_signature",
      "secret",
      "*.secret",
    ],
    censor: "[redacted]",
  },
});
