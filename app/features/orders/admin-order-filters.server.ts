import { and, sql, type SQL } from "drizzle-orm";
import { likePrefix } from "~/shared/like-pattern";
import type { OrderFilters } from "~/features/orders/order-filters";
import { searchTerms, uuidPrefixRange } from "~/features/orders/order-search";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { todoCondition } from "~/features/order-lifecycle/owner-todo.server";

/** The SQL of the admin order lists' search and filters, shared by the lists and the CSV export. */

export function filterConditions(kind: OrderKind, f: OrderFilters): SQL[] {
  const t = tableOf(kind);
  const where: SQL[] = [];
  const terms = searchTerms(f.q);
  if (terms) {
    const any: SQL[] = [];
    if (terms.uuid) any.push(sql`${t.id} = ${terms.uuid}::uuid`);
    if (terms.idPrefix) {
      const [lo, hi] = uuidPrefixRange(terms.idPrefix);
      any.push(sql`${t.id} between ${lo}::uuid and ${hi}::uuid`);
    }
    if (terms.phoneDigits) {
      const d = terms.phoneDigits;
      any.push(sql`${t.customerPhone} like ${likePrefix(`+91${d}`)}`);
      any.push(sql`${t.customerPhone} like ${likePrefix(d)}`);
      any.push(sql`reverse(${t.customerPhone}) like ${likePrefix([...d].reverse().join(""))}`);
    }
    if (terms.emailPrefix) any.push(sql`lower(${t.customerEmail}) like ${likePrefix(terms.emailPrefix)}`);
    if (terms.nameWords.length > 0) {
      // Words are letters and digits only, so the tsquery text cannot carry operators.
      const query = terms.nameWords.map((w) => `${w}:*`).join(" & ");
      any.push(sql`to_tsvector('simple', ${t.customerName}) @@ to_tsquery('simple', ${query})`);
    }
    where.push(any.length > 0 ? sql`(${sql.join(any, sql` or `)})` : sql`false`);
  }
  if (f.status) where.push(sql`${t.status} = ${f.status}`);
  if (f.method) where.push(sql`${t.paymentMethod} = ${f.method}`);
  if (f.payment) where.push(sql`${t.paymentStatus} = ${f.payment}`);
  if (f.todo) where.push(todoCondition(kind, f.todo));
  // An online order whose payment never came in is an abandoned attempt, not an order: hidden unless asked
  // for. The attempts view reads the partial index *_attempts_created_idx (same predicate).
  const attempt = abandonedAttempt(kind);
  if (f.show === "attempts") where.push(attempt);
  else if (f.show !== "all") where.push(sql`not (${attempt})`);
  // Dates are days in India.
  if (f.from) where.push(sql`${t.createdAt} >= (${f.from}::date)::timestamp at time zone 'Asia/Kolkata'`);
  if (f.to) where.push(sql`${t.createdAt} < (${f.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
  return where;
}

/** SQL of isAbandonedAttempt (app/features/order-lifecycle/order-status.ts): online, payment pending or failed. */
export function abandonedAttempt(kind: OrderKind): SQL {
  const t = tableOf(kind);
  // A chat order awaiting its pay link (issue 46) is an order staff made and follow: listed, not hidden.
  return sql`(${t.paymentMethod} <> 'cod' and ${t.paymentStatus} in ('pending', 'failed') and ${t.channel} <> 'chat')`;
}

export const whereOf = (conds: SQL[]) => (conds.length > 0 ? and(...conds) : undefined);
