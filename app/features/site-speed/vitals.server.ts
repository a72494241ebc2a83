import crypto from "node:crypto";
import { and, desc, gte, sql } from "drizzle-orm";
import { addDays, todayInIndia } from "~/shared/ist-dates";
import {
  BUCKET_COUNT,
  bucketOf,
  CSP_ROWS_PER_DAY,
  DROP_KINDS,
  DROP_REASONS,
  METRICS,
  percentile,
  type CspViolation,
  type DeviceClass,
  type DropCounts,
  type DropKind,
  type DropReason,
  type MetricName,
  type MonitoringCaps,
  type VitalsBeacon,
} from "~/features/site-speed/web-vitals";
import { db } from "~/platform/db/client.server";
import { cspReports, monitoringDrops, webVitals } from "./tables.server";
import { LIMITS, tryConsume, type LimitName } from "~/platform/limits/rate-limit.server";

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
 * A beacon from `network` (clientNetwork): counted while the network has given fewer than
 * LIMITS.vitalsPerNetworkPageDay beacons for this page and device today, else counted as dropped. One
 * network cannot move a p75: it takes very many. True when stored.
 */
export async function acceptVitals(
  beacon: VitalsBeacon,
  network: string,
  now = new Date(),
): Promise<boolean> {
  const day = todayInIndia(now);
  // Hashed: the counter row (kept for the day) must not say which pages an address opened.
  const who = crypto
    .createHash("sha256")
    .update(`${beacon.page} ${beacon.device} ${network}`)
    .digest("base64url")
    .slice(0, 32);
  if (!(await withinShare("vitalsPerNetworkPageDay", `${day} ${who}`))) {
    await recordDrops("vitals", { "network-cap": 1 }, now);
    return false;
  }
  await recordVitals(beacon, now);
  return true;
}

/** False when `key` has used up its share of the limit (a daily share: nothing is refused, only dropped). */
async function withinShare(limit: LimitName, key: string, points = 1): Promise<boolean> {
  return (await tryConsume(limit, key, points)).ok;
}

/** Kinds counted from one post; the rest of a post is dropped (a browser batches one page's reports). */
const CSP_KINDS_PER_POST = 20;

export type CspOutcome = { stored: number; dropped: Record<DropReason, number> };

/**
 * Count CSP violations from `network` (clientNetwork) into today's rows. A kind already seen today counts
 * up; a new kind is added while the day has fewer than CSP_ROWS_PER_DAY rows. Per network and day, at most
 * LIMITS.cspNewKindsPerNetworkDay new kinds and LIMITS.cspReportsPerNetworkDay violations are counted, so
 * one sender can neither fill the day nor make a kind look common. What is not counted is counted as
 * dropped (monitoring_drops), by reason; `stored` and `dropped` are numbers of violations.
 */
export async function recordCspViolations(
  violations: CspViolation[],
  network: string,
  now = new Date(),
): Promise<CspOutcome> {
  const day = todayInIndia(now);
  const seen = new Map<string, CspViolation & { n: number }>();
  for (const v of violations) {
    const key = `${v.blocked} ${v.directive} ${v.page}`;
    const had = seen.get(key);
    if (had) had.n++;
    else seen.set(key, { ...v, n: 1 });
  }
  const kinds = [...seen.values()];
  const dropped: Record<DropReason, number> = { "network-cap": 0, "day-full": 0 };
  for (const v of kinds.slice(CSP_KINDS_PER_POST)) dropped["network-cap"] += v.n;
  const shareKey = `${day} ${network}`;
  // Once a share is used up, the rest of this post is dropped without asking the store again.
  let reportsLeft = true;
  let newKindsLeft = true;
  let full = false;
  let stored = 0;
  for (const v of kinds.slice(0, CSP_KINDS_PER_POST)) {
    if (reportsLeft && !(await withinShare("cspReportsPerNetworkDay", shareKey, v.n))) reportsLeft = false;
    if (!reportsLeft) {
      dropped["network-cap"] += v.n;
      continue;
    }
    const updated = await db().execute(sql`
      update csp_reports set count = count + ${v.n}, last_seen_at = ${now.toISOString()}
      where day = ${day} and blocked = ${v.blocked} and directive = ${v.directive} and page = ${v.page}`);
    if ((updated.rowCount ?? 0) > 0) {
      stored += v.n;
      continue;
    }
    // A new kind: a full day says so (whatever the network's share), else the network's share is asked.
    if (full || (full = await dayFull(day))) {
      dropped["day-full"] += v.n;
      continue;
    }
    if (newKindsLeft && !(await withinShare("cspNewKindsPerNetworkDay", shareKey))) newKindsLeft = false;
    if (!newKindsLeft) {
      dropped["network-cap"] += v.n;
      continue;
    }
    const inserted = await db().execute(sql`
      insert into csp_reports (day, blocked, directive, page, count, last_seen_at)
      select ${day}, ${v.blocked}, ${v.directive}, ${v.page}, ${v.n}, ${now.toISOString()}
      where (select count(*) from csp_reports where day = ${day}) < ${CSP_ROWS_PER_DAY}
      on conflict (day, blocked, directive, page) do update
        set count = csp_reports.count + excluded.count, last_seen_at = excluded.last_seen_at`);
    if ((inserted.rowCount ?? 0) > 0) stored += v.n;
    else dropped["day-full"] += v.n;
  }
  await recordDrops("csp", dropped, now);
  return { stored, dropped };
}

async function dayFull(day: string): Promise<boolean> {
  const r = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from csp_reports where day = ${day}`,
  );
  return (r.rows[0]?.n ?? 0) >= CSP_ROWS_PER_DAY;
}

/** Count reports or beacons answered but not stored into today's monitoring_drops rows. */
export async function recordDrops(
  kind: DropKind,
  counts: Partial<Record<DropReason, number>>,
  now = new Date(),
): Promise<void> {
  const day = todayInIndia(now);
  for (const reason of DROP_REASONS) {
    const n = counts[reason] ?? 0;
    if (n <= 0) continue;
    await db()
      .insert(monitoringDrops)
      .values({ day, kind, reason, count: n })
      .onConflictDoUpdate({
        target: [monitoringDrops.day, monitoringDrops.kind, monitoringDrops.reason],
        set: { count: sql`${monitoringDrops.count} + excluded.count` },
      });
  }
}

/** Reports and beacons dropped over the last `days` days (today included), by kind and reason. */
export async function droppedSummary(days: 7 | 28, now = new Date()): Promise<DropCounts> {
  const from = addDays(todayInIndia(now), -(days - 1));
  const rows = await db()
    .select({
      kind: monitoringDrops.kind,
      reason: monitoringDrops.reason,
      count: sql<number>`sum(${monitoringDrops.count})::int`,
    })
    .from(monitoringDrops)
    .where(gte(monitoringDrops.day, from))
    .groupBy(monitoringDrops.kind, monitoringDrops.reason);
  const out = Object.fromEntries(
    DROP_KINDS.map((k) => [k, Object.fromEntries(DROP_REASONS.map((r) => [r, 0]))]),
  ) as DropCounts;
  for (const r of rows) out[r.kind][r.reason] = r.count;
  return out;
}

/** The per-network daily shares and the day's cap, as the admin page explains them. */
export function monitoringCaps(): MonitoringCaps {
  return {
    vitalsPerPageDay: LIMITS.vitalsPerNetworkPageDay.points,
    cspNewKindsPerDay: LIMITS.cspNewKindsPerNetworkDay.points,
    cspReportsPerDay: LIMITS.cspReportsPerNetworkDay.points,
    cspKindsPerDay: CSP_ROWS_PER_DAY,
  };
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

/** Delete vitals, CSP and dropped-count rows older than the retention (housekeeping). */
export async function sweepOldVitals(now = new Date()): Promise<number> {
  const cutoff = addDays(todayInIndia(now), -VITALS_RETENTION_DAYS);
  const v = await db().execute(sql`delete from web_vitals where day < ${cutoff}`);
  const c = await db().execute(sql`delete from csp_reports where day < ${cutoff}`);
  const d = await db().execute(sql`delete from monitoring_drops where day < ${cutoff}`);
  return (v.rowCount ?? 0) + (c.rowCount ?? 0) + (d.rowCount ?? 0);
}
