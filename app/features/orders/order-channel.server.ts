import { sql } from "drizzle-orm";
import type { PayLinkFacts } from "~/features/order-lifecycle/pay-link-state";

/**
 * The facts of an order's pay link (null: none), read with the order in one query (issue 46). The outer row's
 * checkout is named with its table, so the subquery never reads its own columns instead.
 */
export const payLinkFactsOf = (table: "orders" | "custom_neon_orders" | "checkouts") =>
  sql<PayLinkFacts | null>`(
  select json_build_object('paymentStatus', c.payment_status, 'expiresAt', pl.expires_at,
    'expiredAt', pl.expired_at, 'soldOutAt', pl.sold_out_at, 'codChosenAt', pl.cod_chosen_at)
  from pay_links pl join checkouts c on c.id = pl.checkout_id
  where pl.checkout_id = ${sql.raw(table === "checkouts" ? `"checkouts"."id"` : `"${table}"."checkout_id"`)})`;
