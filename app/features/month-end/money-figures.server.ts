import { sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { counted, revenue } from "~/features/order-lifecycle/sales-sql.server";
import { codParcels } from "./cod-remittances.server";

/*
 * The money view (issue 45): for the orders placed in a range of India days, what shoppers paid, what went back,
 * what Razorpay and the couriers kept and what the couriers still hold, so what is left is what reached the
 * bank. The dashboard shows it for its range, the money page for its period; both read this.
 */

/** What the range's parcels booked with the courier cost the shop beside what shoppers paid for delivery. */
export type ShippingMargin = { parcels: number; fees: number; charges: number; margin: number };

/**
 * The shipping margin (issue 28) of the range's orders (by the day placed) booked with the courier: the
 * delivery and COD fees shoppers paid, less the courier's charges. Orders shipped by hand have no charge
 * and are left out.
 */
export async function shippingMargin(
  first: string,
  last: string,
  includeTest: boolean,
): Promise<ShippingMargin> {
  const one = (table: "orders" | "custom_neon_orders") => sql`
    select o.delivery_fee + o.cod_fee as fee, s.courier_charge as charge
    from shipments s join ${sql.raw(table)} o on o.id = s.order_id
    where s.order_kind = ${table === "orders" ? "order" : "custom"} and s.booked_at is not null
      and s.courier_charge is not null
      and (o.created_at at time zone 'Asia/Kolkata')::date between ${first}::date and ${last}::date
      and ${counted(includeTest)}`;
  const r = await db().execute<{ parcels: string; fees: string; charges: string }>(sql`
    select count(*) as parcels, coalesce(sum(fee), 0) as fees, coalesce(sum(charge), 0) as charges
    from (${one("orders")} union all ${one("custom_neon_orders")}) x`);
  const row = r.rows[0];
  const fees = Number(row?.fees ?? 0);
  const charges = Number(row?.charges ?? 0);
  return { parcels: Number(row?.parcels ?? 0), fees, charges, margin: fees - charges };
}

/** Money figures in rupees (fees to the paisa), for orders placed in [first, last] (India dates, inclusive). */
export type MoneyFigures = {
  /** Paid online, and cash on delivery collected (delivered): before refunds. */
  received: number;
  /** Refunds processed for those orders (Razorpay and by hand). */
  refunds: number;
  /** received − refunds: the dashboard's revenue. */
  revenue: number;
  /** Razorpay's fees and the GST on them, for the payments it has settled; `unsettled` payments' are not known yet. */
  gatewayFees: number;
  unsettled: number;
  /** What the couriers charged for the parcels booked through the shop. */
  courierCharges: number;
  /** Cash on delivery collected but not yet paid over by the couriers (per their uploaded reports). */
  codOutstanding: number;
  /** revenue − fees − courier charges − COD outstanding: what has reached the bank. */
  reachedBank: number;
};

const rangeSql = (first: string, last: string) => sql`
  created_at >= (${first}::date)::timestamp at time zone 'Asia/Kolkata'
  and created_at < (${last}::date + 1)::timestamp at time zone 'Asia/Kolkata'`;

/** The money view of the orders placed between two India dates (inclusive), test orders left out. */
export async function moneyFigures(first: string, last: string): Promise<MoneyFigures> {
  const one = (table: "orders" | "custom_neon_orders", column: string) => sql`
    select ${revenue(table)} as revenue,
           case when payment_method <> 'cod' then
                  case when payment_status in ('paid', 'refunded') then total_amount else 0 end
                when status = 'delivered' and payment_status in ('paid', 'pending', 'refunded') then total_amount
                else 0 end as received,
           (select coalesce(sum(rf.amount), 0) from refunds rf
             where rf.status = 'processed' and rf.${sql.raw(column)} = ${sql.identifier(table)}.id) as refunded
      from ${sql.identifier(table)}
     where ${rangeSql(first, last)} and ${counted(false)}`;
  const paid = (table: "orders" | "custom_neon_orders") => sql`
    select razorpay_payment_id as id from ${sql.identifier(table)}
     where ${rangeSql(first, last)} and razorpay_payment_id is not null and not is_test
       and payment_status in ('paid', 'refunded')`;
  const from = new Date(`${first}T00:00:00+05:30`);
  const to = new Date(new Date(`${last}T00:00:00+05:30`).getTime() + 86_400_000);
  const [sums, fees, shipping, cod] = await Promise.all([
    db().execute<{ received: string; refunds: string; revenue: string }>(sql`
      select coalesce(sum(received), 0) as received, coalesce(sum(least(refunded, received)), 0) as refunds,
             coalesce(sum(revenue), 0) as revenue
        from (${one("orders", "order_id")} union all ${one("custom_neon_orders", "custom_order_id")}) o`),
    // Each payment's fees (its own line's and its refunds'), settled once it has a payment line; lines are
    // settled after the orders are placed, so only those since the first day are read.
    db().execute<{ fees: string; unsettled: string }>(sql`
      select coalesce(sum(l.fee), 0) as fees, count(*) filter (where not coalesce(l.settled, false)) as unsettled
        from (${paid("orders")} union ${paid("custom_neon_orders")}) p
        left join (select payment_id, sum(fee) as fee, bool_or(type = 'payment') as settled
                     from gateway_settlement_lines where settled_at >= ${from.toISOString()}::timestamptz
                    group by payment_id) l on l.payment_id = p.id`),
    shippingMargin(first, last, false),
    codParcels({ from, to }),
  ]);
  const row = sums.rows[0]!;
  const revenueRupees = Number(row.revenue);
  const gatewayFees = Number(fees.rows[0]?.fees ?? 0) / 100;
  const codOutstanding = cod.outstandingAmount / 100;
  return {
    received: Number(row.received),
    refunds: Number(row.refunds),
    revenue: revenueRupees,
    gatewayFees,
    unsettled: Number(fees.rows[0]?.unsettled ?? 0),
    courierCharges: shipping.charges,
    codOutstanding,
    reachedBank: Math.round((revenueRupees - gatewayFees - shipping.charges - codOutstanding) * 100) / 100,
  };
}
