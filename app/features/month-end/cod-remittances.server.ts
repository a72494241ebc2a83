import { sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { codState, type CodParcel, type CodState } from "./reconciliation";
import { linkOf } from "./reconciliation.server";
import type { RemittanceLine } from "./cod-remittance-csv.server";

/*
 * Cash on delivery with couriers (issue 45, decision 068): delivered COD orders matched by AWB to the lines of
 * the couriers' remittance reports uploaded as CSV, and the lines kept.
 */

const iso = (d: Date) => d.toISOString();

/**
 * Delivered COD orders (placed in [from, to), or every one when no range) with what the couriers' reports paid
 * over for their AWBs (the booked shipment's, else the tracking number staff entered).
 */
export async function codParcels(
  range: { from: Date; to: Date } | null,
  now: Date = new Date(),
): Promise<CodState> {
  const when = range
    ? sql`and o.created_at >= ${iso(range.from)}::timestamptz and o.created_at < ${iso(range.to)}::timestamptz`
    : sql``;
  const one = (table: "orders" | "custom_neon_orders", kind: OrderKind, column: string) => sql`
    select ${kind}::text as kind, o.id::text as id, o.total_amount * 100 as amount,
           upper(coalesce(s.awb, o.tracking_number)) as awb, coalesce(s.courier_name, o.courier) as courier, d.at
      from ${sql.identifier(table)} o
      join lateral (select min(h.created_at) as at from order_status_history h
                     where h.${sql.raw(column)} = o.id and h.field = 'status' and h.to_value = 'delivered') d on true
      left join shipments s on s.order_kind = ${kind} and s.order_id = o.id and s.cancelled_at is null
     where o.payment_method = 'cod' and o.status = 'delivered' and o.razorpay_payment_id is null and not o.is_test
       and d.at is not null ${when}`;
  const r = await db().execute<{
    kind: OrderKind;
    id: string;
    amount: string;
    awb: string | null;
    courier: string | null;
    at: Date;
    remitted: string | null;
    remitted_on: string | null;
  }>(sql`
    with p as (${one("orders", "order", "order_id")} union all ${one("custom_neon_orders", "custom", "custom_order_id")})
    select p.*, r.remitted, r.remitted_on
      from p
      left join lateral (select sum(amount) as remitted, to_char(max(remitted_on), 'YYYY-MM-DD') as remitted_on
                           from cod_remittances c where c.awb = p.awb) r on true`);
  const parcels: CodParcel[] = r.rows.map((x) => ({
    order: linkOf(x.kind, x.id),
    awb: x.awb,
    courier: x.courier,
    amount: Number(x.amount),
    deliveredAt: new Date(x.at),
    remitted: Number(x.remitted ?? 0),
    remittedOn: x.remitted_on,
  }));
  return codState(parcels, now);
}

/** Remittance lines of [from, to) whose AWB is no delivered COD order's (a wrong file, or another shop's parcel). */
export async function unknownRemittances(from: string, to: string) {
  const r = await db().execute<{ awb: string; amount: string; remitted_on: string; reference: string }>(sql`
    select c.awb, c.amount, to_char(c.remitted_on, 'YYYY-MM-DD') as remitted_on, c.reference
      from cod_remittances c
     where c.remitted_on >= ${from}::date and c.remitted_on < ${to}::date
       and not exists (select 1 from shipments s where upper(s.awb) = c.awb)
       and not exists (select 1 from orders o where upper(o.tracking_number) = c.awb)
       and not exists (select 1 from custom_neon_orders o where upper(o.tracking_number) = c.awb)
     order by c.remitted_on, c.awb
     limit 200`);
  return r.rows.map((x) => ({ ...x, amount: Number(x.amount) }));
}

/**
 * Keep a remittance report's lines; a line already recorded (same AWB and reference) is skipped, so the same
 * report uploaded twice adds nothing. Returns how many were new and how many were known.
 */
export async function recordRemittances(
  lines: readonly RemittanceLine[],
  meta: { fileName: string; by: { id: string; email: string } },
): Promise<{ added: number; known: number }> {
  let added = 0;
  await db().transaction(async (tx) => {
    for (let i = 0; i < lines.length; i += 500) {
      const chunk = lines.slice(i, i + 500);
      const r = await tx.execute<{ id: string }>(sql`
        insert into cod_remittances (awb, reference, remitted_on, amount, file_name, uploaded_by, uploaded_by_email)
        values ${sql.join(
          chunk.map(
            (l) =>
              sql`(${l.awb}, ${l.reference}, ${l.remittedOn}::date, ${l.amount}, ${meta.fileName}, ${meta.by.id}, ${meta.by.email})`,
          ),
          sql`, `,
        )}
        on conflict (awb, reference) do nothing
        returning id`);
      added += r.rows.length;
    }
  });
  return { added, known: lines.length - added };
}
