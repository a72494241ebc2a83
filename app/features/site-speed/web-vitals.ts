import { z } from "~/shared/zod";

/*
 * Real-user Core Web Vitals and Content-Security-Policy reports (issue 19). Pure rules shared by the
 * browser beacon, the ingestion endpoints and the admin page: which pages exist (route patterns, never a
 * full address), the metric bounds, the histogram the database keeps instead of single measurements, and
 * the Core Web Vitals thresholds. Decision: docs/decisions/025-real-user-vitals.md.
 */

import {
  DEVICES,
  METRIC_MAX,
  METRICS,
  PAGE_PATTERNS,
  pagePattern,
  type MetricName,
  type PagePattern,
} from "./vitals-pages";

export {
  deviceClass,
  DEVICES,
  METRIC_MAX,
  METRICS,
  PAGE_PATTERNS,
  pagePattern,
  type DeviceClass,
  type MetricName,
  type PagePattern,
} from "./vitals-pages";

/** Core Web Vitals thresholds (web.dev): at or below `good` is good, above `poor` is poor. */
export const THRESHOLDS: Record<MetricName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

export type Rating = "good" | "needs-improvement" | "poor";
export function rate(metric: MetricName, value: number): Rating {
  const t = THRESHOLDS[metric];
  return value <= t.good ? "good" : value <= t.poor ? "needs-improvement" : "poor";
}

export const MAX_VITALS_BYTES = 2_048;

const metricSchema = z
  .object({ name: z.enum(METRICS), value: z.number().finite().min(0) })
  .strict()
  .refine((m) => m.value <= METRIC_MAX[m.name], { message: "Value out of range" });

/** One beacon: the page's pattern, the device class and each metric at most once. */
export const vitalsBeaconSchema = z
  .object({
    page: z.enum(PAGE_PATTERNS),
    device: z.enum(DEVICES),
    metrics: z
      .array(metricSchema)
      .min(1)
      .max(METRICS.length)
      .refine((ms) => new Set(ms.map((m) => m.name)).size === ms.length, { message: "Repeated metric" }),
  })
  .strict();
export type VitalsBeacon = z.output<typeof vitalsBeaconSchema>;

/*
 * The histogram: bucket i holds scaled values v with floor(log(v + 1) / log(1.1)) = i, v in milliseconds
 * (CLS × 1000). 1.1 gives each bucket a width of 10 %, so a p75 read from it is within about 5 % of the
 * exact figure; 116 buckets reach 60 s (larger values go in the last one).
 */
export const BUCKET_COUNT = 116;
const GROWTH = 1.1;

function scale(metric: MetricName, value: number): number {
  return metric === "CLS" ? value * 1000 : value;
}

export function bucketOf(metric: MetricName, value: number): number {
  const v = Math.max(0, scale(metric, value));
  return Math.min(BUCKET_COUNT - 1, Math.floor(Math.log(v + 1) / Math.log(GROWTH)));
}

/** The middle of a bucket, back in the metric's unit. */
export function bucketValue(metric: MetricName, bucket: number): number {
  const lo = Math.pow(GROWTH, bucket) - 1;
  const hi = Math.pow(GROWTH, bucket + 1) - 1;
  const mid = (lo + hi) / 2;
  return metric === "CLS" ? mid / 1000 : mid;
}

/** The 75th percentile of a histogram (null when empty): the first bucket holding the 75 % point. */
export function percentile(metric: MetricName, buckets: readonly number[], p = 0.75): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * p);
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i] ?? 0;
    if (seen >= rank) return bucketValue(metric, i);
  }
  return bucketValue(metric, buckets.length - 1);
}

/** A metric as people read it: 2.4 s, 180 ms, 0.05. */
export function formatMetric(metric: MetricName, value: number): string {
  if (metric === "CLS") return value.toFixed(2);
  if (value >= 1000) return `${(value / 1000).toFixed(1)} s`;
  return `${Math.round(value)} ms`;
}

/* ---- Content-Security-Policy reports ---- */

export const MAX_CSP_REPORT_BYTES = 16_384;
/** Distinct (blocked origin, directive, page) rows kept per day; further new kinds are dropped. */
export const CSP_ROWS_PER_DAY = 200;

export type CspViolation = { blocked: string; directive: string; page: PagePattern };

/** What was blocked, without a path or query: an origin (https://x.example), or inline / eval / data / blob. */
export function blockedSource(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 4096) return null;
  const keyword = raw.toLowerCase();
  if (["inline", "eval", "wasm-eval", "trusted-types-policy", "trusted-types-sink"].includes(keyword))
    return keyword;
  try {
    const u = new URL(raw);
    if (u.protocol === "http:" || u.protocol === "https:" || u.protocol === "wss:" || u.protocol === "ws:")
      return u.origin;
    if (/^[a-z][a-z0-9+.-]{0,20}:$/.test(u.protocol)) return u.protocol.slice(0, -1);
  } catch {
    /* not a URL */
  }
  if (/^[a-z][a-z0-9+.-]{0,20}$/.test(keyword)) return keyword;
  return null;
}

function directiveOf(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const d = raw.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? "";
  return /^[a-z][a-z-]{1,39}$/.test(d) ? d : null;
}

function pageOf(raw: unknown): PagePattern | null {
  if (typeof raw !== "string" || raw.length > 4096) return null;
  try {
    return pagePattern(new URL(raw).pathname);
  } catch {
    return null;
  }
}

function violation(blockedRaw: unknown, directiveRaw: unknown, documentRaw: unknown): CspViolation | null {
  const blocked = blockedSource(blockedRaw);
  const directive = directiveOf(directiveRaw);
  const page = pageOf(documentRaw);
  return blocked && directive && page ? { blocked, directive, page } : null;
}

/**
 * The violations in a report body: the Reporting API's `application/reports+json` (an array of reports of
 * type "csp-violation") or the older `application/csp-report` ({"csp-report": {...}}). Anything
 * malformed is skipped; null when the body is neither format.
 */
export function parseCspReports(kind: "reports" | "csp-report", body: unknown): CspViolation[] | null {
  if (kind === "csp-report") {
    const r = (body as { "csp-report"?: Record<string, unknown> } | null)?.["csp-report"];
    if (!r || typeof r !== "object") return null;
    const v = violation(
      r["blocked-uri"],
      r["effective-directive"] ?? r["violated-directive"],
      r["document-uri"],
    );
    return v ? [v] : [];
  }
  if (!Array.isArray(body)) return null;
  const out: CspViolation[] = [];
  for (const report of body.slice(0, 50)) {
    if (!report || typeof report !== "object") continue;
    const r = report as { type?: unknown; url?: unknown; body?: Record<string, unknown> };
    if (r.type !== "csp-violation" || !r.body || typeof r.body !== "object") continue;
    const v = violation(r.body.blockedURL, r.body.effectiveDirective, r.body.documentURL ?? r.url);
    if (v) out.push(v);
  }
  return out;
}

/* ---- Reports and beacons answered but not stored (issue 25) ---- */

/**
 * What was dropped: CSP violation reports (one per violation a browser reported) or vitals beacons (one
 * per page load), and why: the sending network's daily cap was reached, or the day already holds
 * CSP_ROWS_PER_DAY kinds of CSP report. Either is still answered 204, so a browser does not retry.
 */
export const DROP_KINDS = ["csp", "vitals"] as const;
export type DropKind = (typeof DROP_KINDS)[number];
export const DROP_REASONS = ["network-cap", "day-full"] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export const DROP_KIND_LABEL: Record<DropKind, string> = {
  csp: "Security policy reports",
  vitals: "Speed measurements",
};
export const DROP_REASON_LABEL: Record<DropReason, string> = {
  "network-cap": "One network's daily share used up",
  "day-full": "Day's list of blocked things full",
};

/** Reports and beacons dropped over a period, by kind and reason. */
export type DropCounts = Record<DropKind, Record<DropReason, number>>;

/** Each network's daily shares and the day's cap of CSP kinds, as the admin page explains them. */
export type MonitoringCaps = {
  vitalsPerPageDay: number;
  cspNewKindsPerDay: number;
  cspReportsPerDay: number;
  cspKindsPerDay: number;
};
