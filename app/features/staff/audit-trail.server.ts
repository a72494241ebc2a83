import { and, desc, gte, lt, sql, type SQL } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { auditLog } from "~/platform/db/tables.server";
import type { AuditFilters } from "./staff-forms";

/** The audit trail's page (Owner only): newest first, filtered by who, kind and IST dates, 50 a page. */
export const AUDIT_PAGE_SIZE = 50;

export async function auditPage(f: AuditFilters) {
  const where: SQL[] = [];
  if (f.who)
    where.push(
      sql`lower(${auditLog.actorEmail}) like ${`%${f.who.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`}`,
    );
  if (f.kind) where.push(sql`${auditLog.kind} = ${f.kind}`);
  // Dates are days in India: from 00:00 IST of `from` to 00:00 IST of the day after `to`.
  if (f.from) where.push(gte(auditLog.at, sql`(${f.from}::date)::timestamp at time zone 'Asia/Kolkata'`));
  if (f.to) where.push(lt(auditLog.at, sql`(${f.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`));
  const rows = await db()
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((f.page - 1) * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), hasMore: rows.length > AUDIT_PAGE_SIZE };
}
