import { sql } from "drizzle-orm";
import { DROP_KINDS, DROP_REASONS } from "~/features/site-speed/web-vitals";
import * as pg from "drizzle-orm/pg-core";
import { inList } from "~/platform/db/columns.server";

/** The tables of the site-speed feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * Real-user Core Web Vitals, aggregated: one row per (day in India, page pattern, device class, metric)
 * with a count and a histogram (app/features/site-speed/web-vitals.ts bucketOf), never a single shopper's measurement
 * or address. Pages are a fixed list, so a day has at most pages × devices × metrics rows.
 */
export const webVitals = pg.pgTable(
  "web_vitals",
  {
    day: pg.date("day", { mode: "string" }).notNull(),
    page: pg.text("page").notNull(),
    device: pg.text("device").notNull(),
    metric: pg.text("metric").notNull(),
    count: pg.integer("count").notNull().default(0),
    buckets: pg.integer("buckets").array().notNull(),
  },
  (t) => [pg.uniqueIndex("web_vitals_key_uq").on(t.day, t.page, t.device, t.metric)],
);

/**
 * Content-Security-Policy violations reported by browsers, deduplicated per day: what was blocked (an
 * origin or a keyword, never a path or query), the directive and the page pattern, with a count.
 */
export const cspReports = pg.pgTable(
  "csp_reports",
  {
    day: pg.date("day", { mode: "string" }).notNull(),
    blocked: pg.text("blocked").notNull(),
    directive: pg.text("directive").notNull(),
    page: pg.text("page").notNull(),
    count: pg.integer("count").notNull().default(0),
    lastSeenAt: pg.timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.uniqueIndex("csp_reports_key_uq").on(t.day, t.blocked, t.directive, t.page)],
);

/**
 * CSP reports and vitals beacons answered 204 but not stored, counted per day in India, kind and reason
 * (app/features/site-speed/web-vitals.ts DROP_KINDS, DROP_REASONS): the admin sees when monitoring was flooded. No
 * address is kept; a day has at most kinds × reasons rows.
 */
export const monitoringDrops = pg.pgTable(
  "monitoring_drops",
  {
    day: pg.date("day", { mode: "string" }).notNull(),
    kind: pg.text("kind", { enum: DROP_KINDS }).notNull(),
    reason: pg.text("reason", { enum: DROP_REASONS }).notNull(),
    count: pg.integer("count").notNull().default(0),
  },
  (t) => [
    pg.primaryKey({ columns: [t.day, t.kind, t.reason] }),
    pg.check("monitoring_drops_kind", inList(t.kind, DROP_KINDS)),
    pg.check("monitoring_drops_reason", inList(t.reason, DROP_REASONS)),
    pg.check("monitoring_drops_count", sql`${t.count} >= 0`),
  ],
);
