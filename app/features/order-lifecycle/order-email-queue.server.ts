import type { Tx } from "~/platform/db/client.server";
import { enqueueOnce } from "~/platform/jobs/queue.server";

/*
 * The order mails' queues (as the status mails' in order-status-emails.server.ts): queued here by whatever makes
 * a checkout an order to tell about (checkout, payments), sent by the checkout's order-emails.server.ts.
 */

export const ORDER_CONFIRMATION_QUEUE = "mail-order-confirmation";
export const SHOP_NOTICE_QUEUE = "mail-shop-notice";

/**
 * Queue the shopper's confirmation and the shop's new-order notice for a checkout, inside the transaction
 * that made it an order to tell about (a COD order placed, an online order paid): both exist exactly when
 * that transaction commits, and at most once per checkout however often the event is replayed.
 */
export async function enqueueOrderEmails(tx: Tx, checkoutId: string): Promise<void> {
  await enqueueOnce(tx, ORDER_CONFIRMATION_QUEUE, `order-confirmation:${checkoutId}`, { checkoutId });
  await enqueueOnce(tx, SHOP_NOTICE_QUEUE, `shop-notice:${checkoutId}`, { checkoutId });
}
