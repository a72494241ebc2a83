import { eq, sql } from "drizzle-orm";
import { stockReleasedNote } from "~/features/cod-confirmation/cod-confirmation";
import { writeOrderHistory } from "~/features/order-lifecycle/order-history.server";
import { returnStock } from "~/features/order-lifecycle/order-stock.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { db } from "~/platform/db/client.server";
import { codConfirmations } from "./tables.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import { logger } from "~/platform/logger.server";
import { ordersOfCheckout } from "./cod-orders.server";

/*
 * How long an unconfirmed cash-on-delivery order holds its stock (issue 41, decision 047). Placing a COD order
 * costs a stranger nothing (a new phone, e-mail, address and IPv6 network each time), so its stock goes back on
 * sale once the settings' hours (codConfirmation.holdStockHours, 2 by default) pass without an answer; the
 * order itself still waits for its confirmation until the cancel time. A confirmation after that takes the
 * stock again if it is there (order-stock.server.ts retakeStock), else it is refused; a cancel returns nothing
 * twice (stock_released_at). Released by the COD sweep (every 5 minutes) and on demand when a shopper is
 * refused for stock (place-order.server.ts).
 */

const HOUR = 3_600_000;

/**
 * Put back the stock of unconfirmed COD orders placed more than the settings' hours before `now` (those past
 * their cancel time are left to the sweep's cancellation); `productIds`: only orders holding one of them.
 * Returns how many checkouts gave their stock back.
 */
export async function releaseUnconfirmedStock(
  options: { now?: Date; productIds?: string[]; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const hours = (await shopSettings()).codConfirmation.holdStockHours;
  const placedBefore = new Date(now.getTime() - hours * HOUR);
  const ids = options.productIds;
  const due = await db().execute<{ checkout_id: string }>(sql`
    select c.checkout_id from cod_confirmations c
    where c.state = 'awaiting' and c.created_at <= ${placedBefore.toISOString()}::timestamptz
      and c.cancel_at > ${now.toISOString()}::timestamptz
      and exists (select 1 from orders o join order_items oi on oi.order_id = o.id
        where o.checkout_id = c.checkout_id and o.status = 'pending' and o.stock_released_at is null
          and oi.quantity > oi.made_to_order
          ${
            ids?.length
              ? sql`and oi.product_id in (${sql.join(
                  ids.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          })
    order by c.created_at limit ${options.limit ?? 200}`);
  let released = 0;
  for (const { checkout_id: checkoutId } of due.rows) {
    if (await releaseCheckout(checkoutId, placedBefore, stockReleasedNote(hours))) released++;
  }
  if (released > 0) logger.info({ released, hours }, "unconfirmed COD orders' stock back on sale");
  return released;
}

/**
 * One checkout, once: its orders locked, then its confirmation (the order every confirmation change keeps),
 * still awaiting and old enough; each pending regular order's stock back, marked released, with a timeline row.
 */
async function releaseCheckout(checkoutId: string, placedBefore: Date, note: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const list = await ordersOfCheckout(tx, checkoutId, true);
    const [c] = await tx
      .select({ state: codConfirmations.state, createdAt: codConfirmations.createdAt })
      .from(codConfirmations)
      .where(eq(codConfirmations.checkoutId, checkoutId))
      .for("update");
    if (!c || c.state !== "awaiting" || c.createdAt > placedBefore) return false;
    let any = false;
    for (const o of list) {
      if (o.kind !== "order" || o.status !== "pending" || o.stockReleasedAt) continue;
      if (!(await returnStock(tx, o))) continue;
      await tx
        .update(orders)
        .set({ stockReleasedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(orders.id, o.id));
      await writeOrderHistory(tx, o, { field: "status", from: "pending", to: "pending", note, actor: null });
      any = true;
    }
    return any;
  });
}
