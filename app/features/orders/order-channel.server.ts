import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { PayLinkFacts } from "~/features/order-lifecycle/pay-link-state";

/** The facts of the order's pay link (null: none), read with the order in one query (issue 46). */
export const payLinkFactsOf = (checkoutId: AnyPgColumn) => sql<PayLinkFacts | null>`(
  select json_build_object('paymentStatus', c.payment_status, 'expiresAt', pl.expires_at,
    'expiredAt', pl.expired_at, 'soldOutAt', pl.sold_out_at)
  from pay_links pl join checkouts c on c.id = pl.checkout_id where pl.checkout_id = ${checkoutId})`;
