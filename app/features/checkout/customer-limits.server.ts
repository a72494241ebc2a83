import { sql } from "drizzle-orm";
import type { OpenOrdersOfCustomer } from "~/features/checkout/order-limits";
import type { Tx } from "~/platform/db/client.server";

/*
 * How many orders a customer already has waiting, counted by every way we know them: the client's
 * network address, the phone, the email and the delivery address. Rotating one of them does not help,
 * because any one match counts. Docs: docs/decisions/010-abuse-limits.md.
 */

export type CustomerKeys = {
  /** The IPv4 address or IPv6 network (auth.server clientNetwork). */
  clientNetwork?: string | undefined;
  phone: string;
  /** The mailbox key (app/shared/mail-safety.ts mailboxKey): a+x@ and a@ are one shopper. */
  email: string;
  addressKey: string;
};

function lockKeys(k: CustomerKeys): string[] {
  return [
    k.clientNetwork ? `ip:${k.clientNetwork}` : "",
    `phone:${k.phone}`,
    `email:${k.email}`,
    `addr:${k.addressKey}`,
  ]
    .filter(Boolean)
    .sort();
}

/**
 * Serialise checkouts of the same customer for the rest of the transaction (transaction-scoped advisory
 * locks, in one order so two checkouts never deadlock), so two parallel requests cannot both pass the count.
 */
export async function lockCustomer(tx: Tx, k: CustomerKeys): Promise<void> {
  for (const key of lockKeys(k)) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`neon-customer:${key}`}, 0))`);
  }
}

/**
 * The customer's waiting orders: online checkouts still within their payment hold, and cash-on-delivery
 * checkouts with an order staff have not confirmed yet (status pending); with the stock units they hold.
 */
export async function openOrdersOf(
  tx: Tx,
  k: CustomerKeys,
  exceptCheckoutId?: string,
): Promise<OpenOrdersOfCustomer> {
  const r = await tx.execute<{ open_orders: number; held_units: number }>(sql`
    select count(*)::int as open_orders, coalesce(sum(units), 0)::int as held_units
    from (
      select c.id,
        (select coalesce(sum(oi.quantity), 0) from orders o join order_items oi on oi.order_id = o.id
          where o.checkout_id = c.id and o.status <> 'cancelled') as units
      from checkouts c
      where (${k.clientNetwork ? sql`c.client_ip = ${k.clientNetwork} or ` : sql``}c.customer_phone = ${k.phone}
             or c.customer_email = ${k.email} or c.address_key = ${k.addressKey})
        and c.created_at > now() - interval '60 days'
        and c.id <> ${exceptCheckoutId ?? "00000000-0000-0000-0000-000000000000"}::uuid
        and (
          (c.payment_method = 'razorpay' and c.payment_status in ('pending', 'failed') and c.hold_expires_at > now())
          or (c.payment_method = 'cod' and (
                exists (select 1 from orders o where o.checkout_id = c.id and o.status = 'pending')
             or exists (select 1 from custom_neon_orders co where co.checkout_id = c.id and co.status = 'pending')))
        )
    ) waiting`);
  return { openOrders: r.rows[0]?.open_orders ?? 0, heldUnits: r.rows[0]?.held_units ?? 0 };
}
