import { env } from "~/platform/env.server";
import { serviceEnv } from "~/platform/service-keys.server";

/**
 * Documents that may open Razorpay's checkout window. The shop is a single-page app after the first load,
 * so any storefront document can become the checkout page without a reload: the storefront allows
 * Razorpay, the admin area (which never takes payments) does not.
 */
const ADMIN_PAGES = /^\/admin(?:[/.]|$)/;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Razorpay's origins for the checkout page (empty when online payment through Razorpay is off). */
function razorpaySources(): { script: string[]; connect: string[]; frame: string[]; img: string[] } {
  const e = serviceEnv();
  if (!e.RAZORPAY_KEY_ID || e.PAYMENT_MODE === "test") return { script: [], connect: [], frame: [], img: [] };
  const script = originOf(e.RAZORPAY_CHECKOUT_SCRIPT);
  const api = originOf(e.RAZORPAY_API_BASE);
  const official = script === "https://checkout.razorpay.com";
  const list = (...xs: (string | null | false)[]) => [...new Set(xs.filter((x): x is string => Boolean(x)))];
  return {
    script: list(script),
    connect: list(script, api, official && "https://lumberjack.razorpay.com"),
    frame: list(script, api),
    img: list(official && "https://cdn.razorpay.com"),
  };
}

/** The origin images are fetched from when a bucket's public address or CDN serves them (S3_PUBLIC_URL). */
function imageStoreOrigins(): string[] {
  const e = env();
  const origin = e.S3_BUCKET && e.S3_PUBLIC_URL ? originOf(e.S3_PUBLIC_URL) : null;
  return origin ? [origin] : [];
}

/** Where browsers send violation reports (app/features/site-speed/routes/api-csp-reports.ts), and its Reporting API name. */
export const CSP_REPORT_PATH = "/api/csp-reports";
export const CSP_REPORT_GROUP = "csp";

/** The Reporting-Endpoints header naming CSP_REPORT_GROUP (the policy's report-to refers to it). */
export function reportingEndpoints(): string {
  return `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;
}

/**
 * The page Content-Security-Policy: scripts only from us with this response's nonce; Razorpay's
 * checkout origins only where a payment can happen (never in the admin area); images also from the
 * image store's public address; no plugins, no <base>, never framed. Violations are reported to
 * /api/csp-reports (report-to for current browsers, report-uri for the others) and shown in the admin.
 */
export function contentSecurityPolicy(nonce: string, pathname = "/"): string {
  const e = env();
  const rz = !ADMIN_PAGES.test(pathname)
    ? razorpaySources()
    : { script: [], connect: [], frame: [], img: [] };
  const extra = (xs: string[]) => (xs.length ? ` ${xs.join(" ")}` : "");
  const dev = e.NODE_ENV === "development" ? " ws: 'unsafe-eval'" : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra(rz.script)}${dev}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra([...imageStoreOrigins(), ...rz.img])}`,
    "font-src 'self' data:",
    "media-src 'self'",
    `connect-src 'self'${extra(rz.connect)}${dev}`,
    `frame-src 'self'${extra(rz.frame)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join("; ");
}
