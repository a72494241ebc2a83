/*
 * Which pages and devices real-user vitals are counted for, and the metric bounds (issue 19): no zod, so the
 * browser's beacon (vitals-beacon.ts, loaded on every sampled page) stays small. web-vitals.ts adds the
 * server's schemas and the histogram.
 */

export const METRICS = ["LCP", "INP", "CLS", "TTFB"] as const;
export type MetricName = (typeof METRICS)[number];
export const DEVICES = ["mobile", "desktop"] as const;
export type DeviceClass = (typeof DEVICES)[number];

/** Every storefront route pattern (app/routes.ts); anything else is "other" (a 404). */
export const PAGE_PATTERNS = [
  "/",
  "/products",
  "/products/:id",
  "/customize",
  "/contact",
  "/checkout",
  "/order-confirmation",
  "/orders",
  "/orders/:token",
  "/privacy-policy",
  "/terms-of-service",
  "/return-policy",
  "/shipping-info",
  "/admin",
  "other",
] as const;
export type PagePattern = (typeof PAGE_PATTERNS)[number];

const STATIC_PAGES = new Set<string>(PAGE_PATTERNS.filter((p) => !p.includes(":") && p !== "other"));

/**
 * The route pattern of a path: /products/abc → /products/:id, /orders/<token> → /orders/:token, any admin
 * page → /admin. A query string or fragment is dropped; ids and order links are never kept.
 */
export function pagePattern(path: string): PagePattern {
  let p = path.split(/[?#]/, 1)[0] ?? "";
  if (p.length > 1) p = p.replace(/\/+$/, "");
  if (p === "") p = "/";
  if (STATIC_PAGES.has(p)) return p as PagePattern;
  if (/^\/admin(?:\/|$)/.test(p)) return "/admin";
  if (/^\/products\/[^/]+$/.test(p)) return "/products/:id";
  if (/^\/orders\/[^/]+$/.test(p)) return "/orders/:token";
  return "other";
}

/** A phone-sized window is "mobile" (the storefront's md breakpoint is 768 px). */
export function deviceClass(viewportWidth: number): DeviceClass {
  return viewportWidth < 768 ? "mobile" : "desktop";
}

/** The largest value accepted per metric (milliseconds; CLS is unitless). Larger is a bogus report. */
export const METRIC_MAX: Record<MetricName, number> = { LCP: 120_000, INP: 60_000, CLS: 50, TTFB: 120_000 };
