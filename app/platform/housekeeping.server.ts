import { sql } from "drizzle-orm";
import { SESSION_IDLE_MS } from "~/shared/sign-in-rules";
import { db } from "./db/client.server";

export type SweptRows = { sessions: number; rateLimits: number; loginAttempts: number };

/**
 * Delete rows that can no longer matter: admin sessions past their end or idle limit (they are refused
 * anyway), rate-limit counters whose window has passed and sign-in audit rows older than 30 days. The
 * scheduled job (app/wiring/housekeeping.server.ts) adds the features' own old rows.
 */
export async function sweepExpiredPlatformRows(): Promise<SweptRows> {
  const idleSeconds = SESSION_IDLE_MS / 1000;
  const s = await db().execute(
    sql`delete from sessions where expires_at < now() or last_seen_at < now() - make_interval(secs => ${idleSeconds})`,
  );
  const r = await db().execute(
    sql`delete from rate_limits where expire is not null and expire < (extract(epoch from now()) * 1000)::bigint`,
  );
  const l = await db().execute(sql`delete from login_attempts where created_at < now() - interval '30 days'`);
  return { sessions: s.rowCount ?? 0, rateLimits: r.rowCount ?? 0, loginAttempts: l.rowCount ?? 0 };
}
