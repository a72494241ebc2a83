import { and, desc, gte, sql } from "drizzle-orm";
import { addDays, todayInIndia } from "~/domain/ist-dates";
import {
  BUCKET_COUNT,
  bucketOf,
  CSP_ROWS_PER_DAY,
  METRICS,
  percentile,
  type CspViolation,
  type DeviceClass,
  type MetricName,
  type VitalsBeacon,
} from "~/domain/web-vitals";
import { db } from "./db/client.server";
import { cspReports, webVitals } from "./db/schema";

/** Days of vitals and CSP reports kept (the admin shows 7 or 28). */
export const VITALS_RETENTION_DAYS = 28;

/** Count one beacon's metrics into today's histograms (one row per page, device and metric). */
export async function recordVitals(beacon: VitalsBeacon, now = new Date()): Promise<void> {
  const day = todayInIndia(now);
  await db().transaction(async (tx) => {
    for (const m of beacon.metrics) {
      const b = bucketOf(m.name, m.value);
      const fresh = `{${Array.from({ length: BUCKET_COUNT }, (_, i) => (i === b ? 1 : 0)).join(",")}}`;
      // Arrays in PostgreSQL count from 1.
      const idx = b + 1;
      await tx.execute(sql`
        insert into web_vitals (day, page, device, metric, count, buckets)
        values (${day}, ${beacon.page}, ${beacon.device}, ${m.name}, 1, ${fresh}::int[])
        on conflict (day, page, device, metric) do update
          set count = web_vitals.count + 1,
              buckets[${sql.raw(String(idx))}] = web_vitals.buckets[${sql.raw(String(idx))}] + 1`);
    }
  });
}

/**
 * Count CSP violations into today's rows. A kind already seen today only counts up; a new kind is added
 * while the day has fewer than CSP_ROWS_PER_DAY rows (so reports cannot fill the database).
 */
export async function recordCspViolations(violations: CspViolation[], now = new Date()): Promise<number> {
  const day = todayInIndia(now);
  const seen = new Map<string, CspViolation & { n: number }>();
  for (const v of violations) {
    const key = `${v.blocked} ${v.directive} ${v.page}`;
    const had = seen.get(key);
    if (had) had.n++;
    else seen.set(key, { ...v, n: 1 });
  }
  let stored = 0;
  for (const v of [...seen.values()].slice(0, 20)) {
    const updated = await db().execute(sql`
      update csp_reports set count = count + ${v.n}, last_seen_at = ${now.toISOString()}
      where day = ${day} and blocked = ${v.blocked} and directive = ${v.directive} and page = ${v.page}`);
    if ((updated.rowCount ?? 0) > 0) {
      stored++;
      continue;
    }
    const inserted = await db().execute(sql`
      insert into csp_reports (day, blocked, directive, page, count, last_seen_at)
      select ${day}, ${v.blocked}, ${v.directive}, ${v.page}, ${v.n}, ${now.toISOString()}
      where (select count(*) from csp_reports where day = ${day}) < ${CSP_ROWS_PER_DAY}
      on conflict (day, blocked, directive, page) do update
        set count = csp_reports.count + excluded.count, last_seen_at = excluded.last_seen_at`);
    stored += inserted.rowCount ?? 0;
  }
  return stored;
}

export type VitalsRow = {
  page: string;
  device: DeviceClass;
  /** p75 and sample count per metric (p75 null when nothing was measured). */
  metrics: Record<MetricName, { p75: number | null; count: number }>;
};

/** p75 per page and device over the last `days` days (today included, days in India). */
export async function vitalsSummary(days: 7 | 28, now = new Date()): Promise<VitalsRow[]> {
  const from = addDays(todayInIndia(now), -(days - 1));
  const rows = await db().select().from(webVitals).where(gte(webVitals.day, from));
  const byKey = new Map<string, { page: string; device: DeviceClass; sums: Map<MetricName, number[]> }>();
  for (const r of rows) {
    const key = `${r.page} ${r.device}`;
    let e = byKey.get(key);
    if (!e) byKey.set(key, (e = { page: r.page, device: r.device as DeviceClass, sums: new Map() }));
    const metric = r.metric as MetricName;
    const sum = e.sums.get(metric) ?? new Array<number>(BUCKET_COUNT).fill(0);
    r.buckets.forEach((n, i) => (sum[i] = (sum[i] ?? 0) + n));
    e.sums.set(metric, sum);
  }
  return [...byKey.values()]
    .map((e) => ({
      page: e.page,
      device: e.device,
      metrics: Object.fromEntries(
        METRICS.map((m) => {
          const b = e.sums.get(m) ?? [];
          return [m, { p75: percentile(m, b), count: b.reduce((a, x) => a + x, 0) }];
        }),
      ) as VitalsRow["metrics"],
    }))
    .sort((a, b) => a.page.localeCompare(b.page) || a.device.localeCompare(b.device));
}

export type CspRow = {
  blocked: string;
  directive: string;
  page: string;
  count: number;
  lastSeenAt: Date;
};

/** CSP violations of the last `days` days, most recently seen first. */
export async function recentCspViolations(days: 7 | 28, now = new Date()): Promise<CspRow[]> {
  const from = addDays(todayInIndia(now), -(days - 1));
  return db()
    .select({
      blocked: cspReports.blocked,
      directive: cspReports.directive,
      page: cspReports.page,
      count: sql<number>`sum(${cspReports.count})::int`,
      lastSeenAt: sql<Date>`max(${cspReports.lastSeenAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(cspReports)
    .where(and(gte(cspReports.day, from)))
    .groupBy(cspReports.blocked, cspReports.directive, cspReports.page)
    .orderBy(desc(sql`max(${cspReports.lastSeenAt})`))
    .limit(100);
}

/** Delete vitals and CSP rows older than the retention (housekeeping). */
export async function sweepOldVitals(now = new Date()): Promise<number> {
  const cutoff = addDays(todayInIndia(now), -VITALS_RETENTION_DAYS);
  const v = await db().execute(sql`delete from web_vitals where day < ${cutoff}`);
  const c = await db().execute(sql`delete from csp_reports where day < ${cutoff}`);
  return (v.rowCount ?? 0) + (c.rowCount ?? 0);
}
