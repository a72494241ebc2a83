import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CartItem } from "~/features/cart/cart";
import { sweepReviewRequests } from "~/features/reviews/review-requests.server";
import { db } from "~/platform/db/client.server";
import {
  customNeonOrders,
  orders,
  orderItems,
  orderStatusHistory,
} from "~/features/order-lifecycle/tables.server";
import { products } from "~/features/catalog/tables.server";
import { reviewRequests } from "~/features/reviews/tables.server";
import { productLine } from "./cart-lines";
import { placeCheckout } from "./orders";
import { outbox } from "./outbox";

/*
 * Reviews' integration tests (issue 29): orders placed and delivered, the review request swept and its mailed
 * link read back, and a product's stored figures.
 */

/** A COD order of these lines; returns the regular and custom order ids. */
export async function reviewOrder(lines: CartItem[]) {
  const placed = await placeCheckout(lines);
  const regular = await db()
    .select({ id: orders.id, accessToken: orders.accessToken })
    .from(orders)
    .where(eq(orders.checkoutId, placed.checkoutId));
  const custom = await db()
    .select({ id: customNeonOrders.id, accessToken: customNeonOrders.accessToken })
    .from(customNeonOrders)
    .where(eq(customNeonOrders.checkoutId, placed.checkoutId));
  return {
    orderId: regular[0]?.id ?? null,
    customOrderId: custom[0]?.id ?? null,
    orderToken: regular[0]?.accessToken ?? null,
    customToken: custom[0]?.accessToken ?? null,
  };
}

/** Set an order's status as the workflow would, its history entry `daysAgo` days back. */
export async function setOrderStatus(
  kind: "order" | "custom",
  id: string,
  status: "delivered" | "cancelled" | "rto",
  daysAgo = 4,
) {
  const table = kind === "order" ? orders : customNeonOrders;
  await db()
    .update(table)
    .set({ status, paymentStatus: status === "delivered" ? "paid" : "pending" })
    .where(eq(table.id, id));
  await db()
    .insert(orderStatusHistory)
    .values({
      orderId: kind === "order" ? id : null,
      customOrderId: kind === "custom" ? id : null,
      field: "status",
      toValue: status,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
}

/** The review link's token in the first of these mail texts that mentions `mention` ("" when none). */
export function reviewLinkIn(mails: string[], mention: string): string {
  for (const text of mails) {
    const m = /https?:\/\/[^\s"<>]+\/review\/([A-Za-z0-9_-]{43})/.exec(text);
    if (m && text.includes(mention)) return m[1]!;
  }
  return "";
}

/** A delivered order of one product, swept: its review token (from the mail), line ref and order page token. */
export async function deliveredReviewOrder(dataDir: string, productId: string) {
  const { orderId, orderToken } = await reviewOrder([productLine(productId)]);
  return deliveredFrom(dataDir, orderId!, orderToken!);
}

async function deliveredFrom(dataDir: string, orderId: string, orderToken: string) {
  await setOrderStatus("order", orderId, "delivered");
  await sweepReviewRequests();
  const [req] = await db().select().from(reviewRequests).where(eq(reviewRequests.orderId, orderId));
  expect(req!.sentAt).not.toBeNull();
  const mail = outbox(dataDir);
  const files = mail.files("", ".eml").filter((f) => f.includes(req!.id));
  expect(files).toHaveLength(1);
  const token = reviewLinkIn([mail.read(files[0]!).replace(/=\r?\n/g, "")], "/review/");
  expect(token).not.toBe("");
  const [item] = await db()
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return { orderId, orderToken, token, line: `item:${item!.id}` };
}

/** A product's stored rating and review count. */
export async function productFigures(id: string) {
  const [p] = await db()
    .select({ rating: products.rating, count: products.reviewCount })
    .from(products)
    .where(eq(products.id, id));
  return p!;
}
