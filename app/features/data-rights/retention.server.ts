import fsp from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { shopSettings } from "~/features/settings/store-settings.server";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { dataRequests } from "~/platform/db/tables.server";
import { grievances } from "~/features/grievances/tables.server";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import { outboxDir } from "~/platform/email.server";
import { anonymiseOrder } from "./data-erasure.server";
import { logDataEvent } from "./data-requests.server";

/*
 * The retention sweep (issue 32, decision 042), daily: what is older than its period in settings → Privacy
 * is deleted or anonymised. Orders that were sales, and every invoice, are kept (8 years, the tax law's).
 */

export const RETENTION_SWEEP = "sweep-retention";

const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

export type RetentionCounts = {
  dataRequests: number;
  grievances: number;
  abandonedOrders: number;
  quotes: number;
  outboxFiles: number;
};

/** Mail copies in the outbox older than the cut-off (only the shop's own .eml and .json files). */
async function sweepOutbox(before: Date): Promise<number> {
  let n = 0;
  const dir = outboxDir();
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!/\.(eml|json)$/.test(name)) continue;
    const file = path.join(dir, name);
    const st = await fsp.stat(file).catch(() => null);
    if (st && st.mtime < before) {
      await fsp.rm(file, { force: true });
      n++;
    }
  }
  return n;
}

export async function sweepRetention(now = new Date()): Promise<RetentionCounts> {
  const p = (await shopSettings()).privacy;
  const requests = await db()
    .delete(dataRequests)
    .where(lt(dataRequests.createdAt, daysAgo(p.dataRequestDays, now)))
    .returning({ id: dataRequests.id });
  const complaints = await db()
    .delete(grievances)
    .where(and(eq(grievances.status, "resolved"), lt(grievances.resolvedAt, daysAgo(p.grievanceDays, now))))
    .returning({ id: grievances.id });
  let abandoned = 0;
  const cutoff = daysAgo(p.abandonedDays, now);
  for (const kind of ["order", "custom"] as const) {
    const t = kind === "order" ? orders : customNeonOrders;
    const rows = await db()
      .select({ id: t.id, checkoutId: t.checkoutId })
      .from(t)
      .where(
        and(
          eq(t.status, "cancelled"),
          ne(t.paymentMethod, "cod"),
          inArray(t.paymentStatus, ["pending", "failed"]),
          lt(t.createdAt, cutoff),
          ne(t.customerEmail, ""),
        ),
      )
      .limit(500);
    for (const o of rows)
      await db().transaction(async (tx) => {
        await anonymiseOrder(tx, kind, o.id);
        if (o.checkoutId)
          await tx
            .update(checkouts)
            .set({ customerEmail: null, customerPhone: null, addressKey: null, clientIp: null })
            .where(
              and(
                eq(checkouts.id, o.checkoutId),
                sql`not exists (select 1 from orders x where x.checkout_id = ${checkouts.id} and x.status <> 'cancelled')`,
                sql`not exists (select 1 from custom_neon_orders x where x.checkout_id = ${checkouts.id} and x.status <> 'cancelled')`,
              ),
            );
      });
    abandoned += rows.length;
  }
  const quotes = await db()
    .delete(logoQuotes)
    .where(and(isNull(logoQuotes.customOrderId), lt(logoQuotes.createdAt, daysAgo(p.quoteDays, now))))
    .returning({ id: logoQuotes.id });
  const outboxFiles = await sweepOutbox(daysAgo(p.outboxDays, now));
  const counts = {
    dataRequests: requests.length,
    grievances: complaints.length,
    abandonedOrders: abandoned,
    quotes: quotes.length,
    outboxFiles,
  };
  if (Object.values(counts).some((n) => n > 0))
    await logDataEvent(db(), { actor: "system", action: "retention", detail: JSON.stringify(counts) });
  return counts;
}
