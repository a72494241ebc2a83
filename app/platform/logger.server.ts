import pino from "pino";

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** One JSON line per request and per business event. Never log secrets or full card/payment data. */
export const logger = pino({
  // An unknown LOG_LEVEL is reported by the environment check at start (a clear message, not a stack).
  level: LEVELS.has(process.env.LOG_LEVEL ?? "")
    ? process.env.LOG_LEVEL!
    : process.env.NODE_ENV === "test"
      ? "warn"
      : "info",
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
      "token",
      "*.token",
      "*.WHATSAPP_TOKEN",
      "*.WHATSAPP_APP_SECRET",
      "*.WHATSAPP_VERIFY_TOKEN",
      // The services' keys (issue 42): never logged, whether from the environment or saved in the admin.
      "*.RAZORPAY_KEY_SECRET",
      "*.RAZORPAY_WEBHOOK_SECRET",
      "*.SHIPROCKET_PASSWORD",
      "*.SMTP_URL",
      "*.headers.authorization",
    ],
    censor: "[redacted]",
  },
});
