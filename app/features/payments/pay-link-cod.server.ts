import { eq, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { PAY_LINK_EXPIRED_MESSAGE, payLinkState } from "~/features/order-lifecycle/pay-link-state";
import { enqueueOrderEmails } from "~/features/order-lifecycle/order-email-queue.server";
import { enqueueWhatsAppPlaced } from "~/features/whatsapp/whatsapp-updates.server";
import { checkoutOfOrderToken } from "~/features/cod-confirmation/cod-orders.server";
import { requestCodConfirmation } from "~/features/cod-confirmation/cod-confirmation.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { payLinks } from "./tables.server";
import { ordersOf } from "./checkout-orders.server";
import { takeLinkStock } from "./pay-link.server";

/*
 * Cash on delivery instead of paying a pay link (issue 46, decision 067), where the shop's rules allowed it when
 * the link was made (its COD price was fixed then: payLinks.codPlan). The press makes the orders COD orders at that
 * price in one transaction: their stock taken (refused, nothing changed, when a line sold out), the order mails and
 * the COD confirmation queued as for a COD checkout.
 */

export const COD_NOT_OFFERED = "Cash on delivery is not available for this order. Please pay online.";

export type ChooseCod = { ok: true } | { ok: false; status: 404 | 409; message: string };

export async function choosePayLinkCod(token: string, now = new Date()): Promise<ChooseCod> {
  const checkoutId = await checkoutOfOrderToken(db(), token);
  if (!checkoutId) return { ok: false, status: 404, message: "Order not found." };
  const { codConfirmation } = await shopSettings();
  const answer = await db().transaction(async (tx): Promise<ChooseCod> => {
    const [c] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
    const [link] = await tx.select().from(payLinks).where(eq(payLinks.checkoutId, checkoutId)).for("update");
    if (!c || !link) return { ok: false, status: 404, message: "Order not found." };
    const state = payLinkState({ ...link, paymentStatus: c.paymentStatus }, now);
    if (state === "cod") return { ok: true };
    if (state === "paid")
      return { ok: false, status: 409, message: "This order is already paid. Thank you!" };
    if (state !== "awaiting") return { ok: false, status: 409, message: PAY_LINK_EXPIRED_MESSAGE };
    if (!link.codPlan) return { ok: false, status: 409, message: COD_NOT_OFFERED };
    const list = await ordersOf(tx, checkoutId);
    if (list.length === 0 || list.every((o) => o.status === "cancelled"))
      return {
        ok: false,
        status: 409,
        message: "This order is cancelled. Please message us for a new link.",
      };
    const taken = await takeLinkStock(tx, checkoutId);
    if (taken !== "taken")
      return {
        ok: false,
        status: 409,
        message: `Sorry, "${taken.short}" sold out since this link was made. Please message us and we will help you choose again.`,
      };
    for (const o of link.codPlan.orders) {
      const t = o.kind === "order" ? orders : customNeonOrders;
      await tx
        .update(t)
        .set({
          deliveryFee: o.deliveryFee,
          codFee: o.codFee,
          offerDiscount: o.offerDiscount,
          offerNames: o.offerNames,
          totalAmount: o.totalAmount,
          paymentMethod: "cod",
          updatedAt: sql`now()`,
        })
        .where(eq(t.id, o.id));
    }
    await tx
      .update(checkouts)
      .set({ paymentMethod: "cod", totalAmount: link.codPlan.total })
      .where(eq(checkouts.id, checkoutId));
    await tx.update(payLinks).set({ codChosenAt: now }).where(eq(payLinks.checkoutId, checkoutId));
    // An order now, as a COD checkout is once placed: its mails, and the shopper asked to confirm it.
    await enqueueOrderEmails(tx, checkoutId);
    await enqueueWhatsAppPlaced(tx, checkoutId);
    await requestCodConfirmation(tx, checkoutId, codConfirmation, now);
    return { ok: true };
  });
  if (answer.ok) {
    wakeWorkers();
    logger.info({ checkoutId }, "pay link: cash on delivery chosen");
  }
  return answer;
}
