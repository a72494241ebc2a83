import { sql } from "drizzle-orm";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { assessRtoRisk, type RiskAssessment } from "./rto-risk";

/** Both kinds of order as one list, with what the risk reads (abandoned online attempts left out). */
const ALL_ORDERS = sql.raw(`(
  select id, checkout_id, status, payment_method, payment_status, created_at, customer_phone,
    lower(customer_email) as email, shipping_address from orders
  union all
  select id, checkout_id, status, payment_method, payment_status, created_at, customer_phone,
    lower(customer_email) as email, shipping_address from custom_neon_orders
) a`);

/**
 * The RTO risk of a COD order for staff (issue 30; rules in rto-risk.ts), from this shop's history only:
 * earlier orders (other checkouts, placed before it) with the same phone, e-mail or address key, and the COD
 * parcels shipped to its PIN. Null for an order paid online.
 */
export async function rtoRiskOfOrder(kind: OrderKind, id: string): Promise<RiskAssessment | null> {
  const table = sql.raw(kind === "order" ? "orders" : "custom_neon_orders");
  const r = await db().execute<{
    method: string;
    total: number;
    address1: string | null;
    pin: string | null;
    rto: number;
    cancelled: number;
    delivered: number;
    prior: number;
    pin_shipped: number;
    pin_rto: number;
  }>(sql`
    with me as (
      select o.id, o.checkout_id, o.created_at, o.payment_method as method, o.customer_phone as phone,
        lower(o.customer_email) as email, c.address_key, coalesce(c.total_amount, o.total_amount) as total,
        o.shipping_address->>'pincode' as pin, o.shipping_address->>'address1' as address1
      from ${table} o left join checkouts c on c.id = o.checkout_id where o.id = ${id}::uuid
    ),
    prior as (
      select a.status from ${ALL_ORDERS} left join checkouts c on c.id = a.checkout_id, me
      where a.created_at < me.created_at and a.checkout_id is distinct from me.checkout_id
        and not (a.payment_method <> 'cod' and a.payment_status in ('pending', 'failed'))
        and (a.customer_phone = me.phone or a.email = me.email
          or (me.address_key is not null and c.address_key = me.address_key))
    ),
    pin as (
      select count(*) filter (where a.status in ('dispatched', 'delivered', 'rto'))::int as shipped,
        count(*) filter (where a.status = 'rto')::int as rto
      from ${ALL_ORDERS}, me
      where a.payment_method = 'cod' and a.shipping_address->>'pincode' = me.pin and a.id <> me.id
    )
    select me.method, me.total, me.address1, me.pin,
      (select count(*) filter (where status = 'rto') from prior)::int as rto,
      (select count(*) filter (where status = 'cancelled') from prior)::int as cancelled,
      (select count(*) filter (where status = 'delivered') from prior)::int as delivered,
      (select count(*) from prior)::int as prior,
      pin.shipped as pin_shipped, pin.rto as pin_rto
    from me, pin`);
  const row = r.rows[0];
  if (!row || row.method !== "cod") return null;
  return assessRtoRisk({
    prior: { rto: row.rto, cancelled: row.cancelled, delivered: row.delivered, total: row.prior },
    pin: { code: row.pin ?? "", shipped: row.pin_shipped, rto: row.pin_rto },
    orderValue: Number(row.total),
    address1: row.address1 ?? "",
  });
}
