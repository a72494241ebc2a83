import { eq, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import type { banners, bestsellingProducts } from "~/features/catalog/tables.server";
import type { discountCodes } from "~/features/discount-codes/tables.server";
import type { offers } from "~/features/offers/tables.server";
import { notFound, type Result } from "~/shared/admin-forms";

/** The tables of the admin lists whose rows have an active switch. */
type SwitchableTable = typeof banners | typeof bestsellingProducts | typeof discountCodes | typeof offers;

/**
 * The active switch of an admin list row: sets the row's `is_active` (and its `updated_at` where the
 * table keeps one); a row that is gone is a 404 ("`what` not found").
 */
export async function setRowActive(
  table: SwitchableTable,
  id: string,
  isActive: boolean,
  what: string,
): Promise<Result<{ isActive: boolean }>> {
  const values = "updatedAt" in table ? { isActive, updatedAt: sql`now()` } : { isActive };
  const rows: { id: string }[] = await db()
    .update(table)
    .set(values)
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (rows.length === 0) return notFound(what);
  return { ok: true, isActive };
}
