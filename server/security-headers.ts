import type { ErrorRequestHandler, RequestHandler } from "express";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";

/**
 * The CSP of every response that is not an HTML page (JSON, event streams, scripts, images, errors):
 * nothing may load or run from it. Pages replace it with their nonce policy (app/platform/http/csp.server.ts).
 */
export const NON_DOCUMENT_CSP =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** True when the shop is reached over HTTPS (directly or through a trusted proxy, or by its public URL). */
function overHttps(secure: boolean): boolean {
  return secure || env().PUBLIC_URL.startsWith("https:");
}

/** Headers every response carries, whatever produced it. */
export const securityHeaders: RequestHandler = (req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  // An order page's or a complaint's address is its key (/orders/<token>, /complaints/<token>): never sent on.
  res.setHeader(
    "Referrer-Policy",
    /^\/(orders|complaints)\//.test(req.path) ? "no-referrer" : "strict-origin-when-cross-origin",
  );
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (overHttps(req.secure))
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  // A default CSP, added just before the head is written unless the handler set its own (the page
  // renderer's nonce policy, the uploads' sandbox policy). Headers are appended by the React Router
  // adapter, so setting a default up front would give pages two policies.
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: unknown[]) {
    if (!this.headersSent && !this.hasHeader("Content-Security-Policy")) {
      this.setHeader("Content-Security-Policy", NON_DOCUMENT_CSP);
    }
    return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
  } as typeof res.writeHead;
  next();
};

/** The last error handler: log the error, answer a plain message, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  const status =
    typeof err === "object" &&
    err !== null &&
    "status" in err &&
    typeof err.status === "number" &&
    err.status >= 400 &&
    err.status < 600
      ? err.status
      : 500;
  if (status >= 500) logger.error({ err, url: req.originalUrl }, "request failed");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res
    .status(status)
    .type("text/plain")
    .set("Cache-Control", "no-store")
    .send(
      status === 404
        ? "Not found"
        : status === 403
          ? "Forbidden"
          : status < 500
            ? "Bad request"
            : "Something went wrong on our side. Please try again.",
    );
};
