import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { createSingleUseCode } from "~/features/discount-codes/discount.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { addDays, todayInIndia } from "~/shared/ist-dates";
import { db, type Tx } from "~/platform/db/client.server";
import { abandonedCheckouts } from "./tables.server";
import { discountCodes } from "~/features/discount-codes/tables.server";
import { wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { CODE_VALID_DAYS, dueReminder, SEQUENCE_PER_CONTACT_DAYS } from "./recovery";
import { enqueueReminder } from "./recovery-messages.server";
import { isSuppressed } from "./recovery.server";

/*
 * The cart reminders' sweep (issue 30, decision 045), every 5 minutes, and the daily deletion. `now` is a
 * parameter so tests run it directly. Every step is a conditional UPDATE (… where first_sent_at is null …), taken
 * under a per-contact advisory lock, so two instances never send the same reminder nor two sequences to one
 * contact.
 */

export const RECOVERY_SWEEP = "sweep-cart-reminders";
export const RECOVERY_DELETE = "delete-abandoned-checkouts";

/** Orders (both kinds, not cancelled) with the checkout's e-mail or phone placed after it was saved. */
const orderPlacedSince = (after: SQL) => sql`(
  exists (select 1 from orders o where o.status <> 'cancelled' and o.created_at > ${after}
    and (lower(o.customer_email) = lower(${abandonedCheckouts.customerEmail}) or o.customer_phone = ${abandonedCheckouts.customerPhone}))
  or exists (select 1 from custom_neon_orders o where o.status <> 'cancelled' and o.created_at > ${after}
    and (lower(o.customer_email) = lower(${abandonedCheckouts.customerEmail}) or o.customer_phone = ${abandonedCheckouts.customerPhone})))`;
type SQL = ReturnType<typeof sql>;

/**
 * Checkouts whose contact has placed an order since they were saved: converted (no more reminders). Orders placed
 * after a reminder went count as recovered, with their totals (the dashboard's figures).
 */
export async function markConverted(now: Date): Promise<number> {
  const r = await db().execute<{ id: string }>(sql`
    with placed as (
      select lower(customer_email) as email, customer_phone as phone, created_at, total_amount
        from orders where status <> 'cancelled' and created_at > ${now.toISOString()}::timestamptz - interval '120 days'
      union all
      select lower(customer_email), customer_phone, created_at, total_amount
        from custom_neon_orders where status <> 'cancelled' and created_at > ${now.toISOString()}::timestamptz - interval '120 days'
    ), hits as (
      select a.id,
        sum(p.total_amount) filter (where a.first_sent_at is not null and p.created_at > a.first_sent_at) as recovered
      from abandoned_checkouts a join placed p
        on (p.email = lower(a.customer_email) or (a.customer_phone is not null and p.phone = a.customer_phone))
        and p.created_at > a.created_at and p.created_at <= ${now.toISOString()}::timestamptz
      where a.converted_at is null
      group by a.id
    )
    update abandoned_checkouts a set converted_at = ${now.toISOString()}::timestamptz, recovered_amount = hits.recovered
    from hits where a.id = hits.id and a.converted_at is null
    returning a.id`);
  return r.rows.length;
}

export type SweepResult = { converted: number; first: number; second: number; skipped: number };

export async function sweepCheckoutRecovery(now = new Date()): Promise<SweepResult> {
  // Settings before any transaction (nothing inside one may wait for a second pooled connection).
  const { recovery } = await shopSettings();
  const out: SweepResult = { converted: await markConverted(now), first: 0, second: 0, skipped: 0 };
  if (recovery.enabled !== "yes") return out;
  const candidates = await db()
    .select()
    .from(abandonedCheckouts)
    .where(
      and(
        isNull(abandonedCheckouts.convertedAt),
        isNull(abandonedCheckouts.skippedAt),
        isNull(abandonedCheckouts.secondSentAt),
        lte(abandonedCheckouts.updatedAt, new Date(now.getTime() - recovery.firstAfterHours * 3_600_000)),
      ),
    )
    .limit(500);
  const endsOn = addDays(todayInIndia(now), CODE_VALID_DAYS);
  for (const row of candidates) {
    const step = dueReminder(row, recovery, now);
    if (!step) continue;
    const suppressed = await isSuppressed(db(), row.customerEmail, row.customerPhone);
    const sent = await db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart-reminder:${row.emailKey}`}))`);
      if (suppressed || (step === 1 && (await hadRecentSequence(tx, row, now)))) {
        await tx
          .update(abandonedCheckouts)
          .set({ skippedAt: now })
          .where(and(eq(abandonedCheckouts.id, row.id), isNull(abandonedCheckouts.firstSentAt)));
        return "skipped" as const;
      }
      const won = await tx
        .update(abandonedCheckouts)
        .set(step === 1 ? { firstSentAt: now } : { secondSentAt: now })
        .where(
          and(
            eq(abandonedCheckouts.id, row.id),
            isNull(abandonedCheckouts.convertedAt),
            isNull(abandonedCheckouts.skippedAt),
            step === 1 ? isNull(abandonedCheckouts.firstSentAt) : isNotNull(abandonedCheckouts.firstSentAt),
            isNull(abandonedCheckouts.secondSentAt),
            sql`not ${orderPlacedSince(sql`${abandonedCheckouts.createdAt}`)}`,
          ),
        )
        .returning({ id: abandonedCheckouts.id });
      if (won.length === 0) return null;
      if (step === 2 && recovery.secondDiscountPercent > 0) {
        const code = await createSingleUseCode(tx, {
          percent: recovery.secondDiscountPercent,
          forEmail: row.customerEmail,
          endsOn,
          description: "Cart reminder: one shopper, one use",
        });
        await tx
          .update(abandonedCheckouts)
          .set({ discountCodeId: code.id })
          .where(eq(abandonedCheckouts.id, row.id));
      }
      await enqueueReminder(tx, row.id, step, row.whatsapp);
      return step === 1 ? ("first" as const) : ("second" as const);
    });
    if (sent) out[sent]++;
  }
  if (out.first + out.second > 0) wakeWorkers();
  if (out.first + out.second + out.skipped + out.converted > 0) logger.info(out, "cart reminders swept");
  return out;
}

/** Another checkout of the same mailbox or phone began a reminder sequence in the last 7 days. */
async function hadRecentSequence(
  tx: Tx,
  row: { id: string; emailKey: string; customerPhone: string | null },
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - SEQUENCE_PER_CONTACT_DAYS * 86_400_000);
  const r = await tx.execute(sql`select 1 from abandoned_checkouts
    where id <> ${row.id} and first_sent_at > ${since.toISOString()}::timestamptz
      and (email_key = ${row.emailKey} or (${row.customerPhone}::text is not null and customer_phone = ${row.customerPhone}))
    limit 1`);
  return r.rows.length > 0;
}

/**
 * The daily deletion: abandoned checkouts not changed for the keep period are deleted, and the mailbox on
 * their single-use codes is blanked once the codes are that long expired (the code stays unusable by anyone).
 */
export async function deleteExpiredCheckouts(now = new Date()): Promise<number> {
  const { recovery } = await shopSettings();
  const cutoff = new Date(now.getTime() - recovery.keepDays * 86_400_000);
  const gone = await db()
    .delete(abandonedCheckouts)
    .where(lte(abandonedCheckouts.updatedAt, cutoff))
    .returning({ id: abandonedCheckouts.id });
  await db()
    .update(discountCodes)
    .set({ forEmail: "erased", isActive: false })
    .where(
      and(
        isNotNull(discountCodes.forEmail),
        sql`${discountCodes.forEmail} <> 'erased'`,
        sql`${discountCodes.endsOn} < ${addDays(todayInIndia(now), -recovery.keepDays)}::date`,
      ),
    );
  return gone.length;
}

/**
 * The dashboard's figures for checkouts saved between two IST days (inclusive): saved with consent, reminded,
 * and recovered (an order with the contact placed after a reminder went) with its revenue. Rows still kept and
 * the counts of rows since deleted (checkout_recovery_days, kept by a trigger), so the figures do not shrink
 * when the keep period ends.
 */
export async function recoveryFigures(first: string, last: string) {
  const r = await db().execute<{ saved: number; reminded: number; recovered: number; revenue: number }>(sql`
    select coalesce(sum(saved), 0)::int as saved, coalesce(sum(reminded), 0)::int as reminded,
      coalesce(sum(recovered), 0)::int as recovered, coalesce(sum(revenue), 0)::int as revenue
    from (
      select count(*) as saved,
        count(*) filter (where first_sent_at is not null) as reminded,
        count(*) filter (where recovered_amount is not null) as recovered,
        sum(recovered_amount) as revenue
      from abandoned_checkouts
      where (created_at at time zone 'Asia/Kolkata')::date between ${first}::date and ${last}::date
      union all
      select sum(saved), sum(reminded), sum(recovered), sum(revenue)
      from checkout_recovery_days where day between ${first}::date and ${last}::date
    ) f`);
  return r.rows[0] ?? { saved: 0, reminded: 0, recovered: 0, revenue: 0 };
}
