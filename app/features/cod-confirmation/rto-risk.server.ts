import { sql, type SQL } from "drizzle-orm";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { db, type DbOrTx } from "~/platform/db/client.server";
import { assessRtoRisk, type RiskAssessment, type RiskFacts } from "./rto-risk";

/** Both kinds of order as one list, with what the risk reads (abandoned online attempts left out). */
const ALL_ORDERS = sql.raw(`(
  select id, checkout_id, status, payment_method, payment_status, created_at, customer_phone,
    lower(customer_email) as email, shipping_address from orders
  union all
  select id, checkout_id, status, payment_method, payment_status, created_at, customer_phone,
    lower(customer_email) as email, shipping_address from custom_neon_orders
) a`);

type FactsRow = {
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
};

/**
 * The history the risk reads, for `me`: a one-row query with id, checkout_id, created_at, method, phone, email,
 * address_key, total, pin and address1. Earlier orders (other checkouts, placed before) with the same phone,
 * e-mail or address key, and the COD parcels shipped to the PIN.
 */
async function riskFacts(database: DbOrTx, me: SQL): Promise<FactsRow | undefined> {
  const r = await database.execute<FactsRow>(sql`
    with me as (${me}),
    prior as (
      select a.status from ${ALL_ORDERS} left join checkouts c on c.id = a.checkout_id, me
      where a.created_at < me.created_at
        and (me.checkout_id is null or a.checkout_id is distinct from me.checkout_id)
        and not (a.payment_method <> 'cod' and a.payment_status in ('pending', 'failed'))
        and (a.customer_phone = me.phone or a.email = me.email
          or (me.address_key is not null and c.address_key = me.address_key))
    ),
    pin as (
      select count(*) filter (where a.status in ('dispatched', 'delivered', 'rto'))::int as shipped,
        count(*) filter (where a.status = 'rto')::int as rto
      from ${ALL_ORDERS}, me
      where a.payment_method = 'cod' and a.shipping_address->>'pincode' = me.pin and a.id is distinct from me.id
    )
    select me.method, me.total, me.address1, me.pin,
      (select count(*) filter (where status = 'rto') from prior)::int as rto,
      (select count(*) filter (where status = 'cancelled') from prior)::int as cancelled,
      (select count(*) filter (where status = 'delivered') from prior)::int as delivered,
      (select count(*) from prior)::int as prior,
      pin.shipped as pin_shipped, pin.rto as pin_rto
    from me, pin`);
  return r.rows[0];
}

const toFacts = (row: FactsRow): Omit<RiskFacts, "orderValue"> => ({
  prior: { rto: row.rto, cancelled: row.cancelled, delivered: row.delivered, total: row.prior },
  pin: { code: row.pin ?? "", shipped: row.pin_shipped, rto: row.pin_rto },
  address1: row.address1 ?? "",
});

/**
 * The RTO risk of a COD order for staff (issue 30; rules in rto-risk.ts), from this shop's history only:
 * earlier orders (other checkouts, placed before it) with the same phone, e-mail or address key, and the COD
 * parcels shipped to its PIN. Null for an order paid online.
 */
export async function rtoRiskOfOrder(kind: OrderKind, id: string): Promise<RiskAssessment | null> {
  const table = sql.raw(kind === "order" ? "orders" : "custom_neon_orders");
  const row = await riskFacts(
    db(),
    sql`select o.id, o.checkout_id, o.created_at, o.payment_method as method, o.customer_phone as phone,
        lower(o.customer_email) as email, c.address_key, coalesce(c.total_amount, o.total_amount) as total,
        o.shipping_address->>'pincode' as pin, o.shipping_address->>'address1' as address1
      from ${table} o left join checkouts c on c.id = o.checkout_id where o.id = ${id}::uuid`,
  );
  if (!row || row.method !== "cod") return null;
  return assessRtoRisk({ ...toFacts(row), orderValue: Number(row.total) });
}

/** Who is checking out: what the risk of a checkout not yet placed reads (checkout's phone, e-mail, address). */
export type CheckoutContact = {
  phone: string;
  email: string;
  addressKey: string;
  pincode: string;
  address1: string;
};

/**
 * The history part of the risk of a checkout before it is placed (the owner's "pay online only from this risk"
 * rule, issue 30): read before the placing transaction; the order's value is added by the caller when priced.
 */
export async function rtoFactsForCheckout(
  database: DbOrTx,
  c: CheckoutContact,
): Promise<Omit<RiskFacts, "orderValue">> {
  const row = await riskFacts(
    database,
    sql`select null::uuid as id, null::uuid as checkout_id, now() as created_at, 'cod'::text as method,
        ${c.phone}::text as phone, lower(${c.email}::text) as email, ${c.addressKey}::text as address_key,
        0 as total, ${c.pincode}::text as pin, ${c.address1}::text as address1`,
  );
  return toFacts(row!);
}
