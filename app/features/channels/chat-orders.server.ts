import { asc, desc, eq, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { products } from "~/features/catalog/tables.server";
import { offeredSizes } from "~/features/catalog/product-pricing";
import { checkouts } from "~/features/checkout/tables.server";
import { payLinks } from "~/features/payments/tables.server";
import { payLinkState, PAY_LINK_STATE_LABELS } from "~/features/order-lifecycle/pay-link-state";
import { CHAT_APP_LABELS, type ChatApp } from "~/features/order-lifecycle/order-status";
import { ordersOfCheckout } from "~/features/cod-confirmation/cod-orders.server";
import { orderPagePath } from "~/shared/order-links";
import { payLinkSends } from "./pay-link-messages.server";

/* What the Chat Orders page shows: the products to choose lines from, and the latest staff orders. */

/** Active products with the sizes they are offered in (the server prices the order again). */
export async function productChoices() {
  const rows = await db()
    .select({
      id: products.id,
      name: products.name,
      defaultColor: products.defaultColor,
      stock: products.stockQuantity,
      whenSoldOut: products.whenSoldOut,
      smallPrice: products.smallPrice,
      smallMrp: products.smallMrp,
      mediumPrice: products.mediumPrice,
      mediumMrp: products.mediumMrp,
      largePrice: products.largePrice,
      largeMrp: products.largeMrp,
      extraLargePrice: products.extraLargePrice,
      extraLargeMrp: products.extraLargeMrp,
    })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.name))
    .limit(500);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    defaultColor: p.defaultColor,
    stock: p.stock,
    madeToOrder: p.whenSoldOut === "made-to-order",
    sizes: offeredSizes(p).map((s) => ({ id: s.id, label: s.label, price: s.price })),
  }));
}

export type ProductChoice = Awaited<ReturnType<typeof productChoices>>[number];

/** The latest orders staff made in chats, newest first, with their pay link's state and how it was sent. */
export async function listChatOrders(limit = 20) {
  const rows = await db()
    .select({
      link: payLinks,
      paymentStatus: checkouts.paymentStatus,
      total: checkouts.totalAmount,
      isTest: checkouts.isTest,
    })
    .from(payLinks)
    .innerJoin(checkouts, eq(checkouts.id, payLinks.checkoutId))
    .orderBy(desc(payLinks.createdAt), sql`${payLinks.checkoutId}`)
    .limit(limit);
  const out = [];
  for (const r of rows) {
    const list = await ordersOfCheckout(db(), r.link.checkoutId, false);
    const first = list[0];
    if (!first) continue;
    const state = payLinkState({ ...r.link, paymentStatus: r.paymentStatus });
    const chat = await chatOf(r.link.checkoutId);
    out.push({
      checkoutId: r.link.checkoutId,
      displayId: first.displayId,
      kind: first.kind,
      customerName: first.customerName,
      customerPhone: first.customerPhone,
      chat: chat ? CHAT_APP_LABELS[chat] : null,
      total: r.total,
      isTest: r.isTest,
      state,
      stateLabel: PAY_LINK_STATE_LABELS[state],
      expiresAt: r.link.expiresAt.toISOString(),
      createdBy: r.link.createdByEmail,
      staffDiscount: r.link.staffDiscount,
      discountReason: r.link.discountReason,
      path: orderPagePath(first.accessToken),
      sends: await payLinkSends(r.link.checkoutId),
    });
  }
  return out;
}

export type ChatOrderRow = Awaited<ReturnType<typeof listChatOrders>>[number];

async function chatOf(checkoutId: string): Promise<ChatApp | null> {
  const r = await db().execute<{ chat_app: ChatApp | null }>(sql`
    select chat_app from orders where checkout_id = ${checkoutId}
    union all select chat_app from custom_neon_orders where checkout_id = ${checkoutId} limit 1`);
  return r.rows[0]?.chat_app ?? null;
}
