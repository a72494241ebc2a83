import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { orderItems, orders } from "~/features/order-lifecycle/tables.server";
import { products } from "~/features/catalog/tables.server";
import { reviews } from "./tables.server";
import { refreshProductFigures } from "~/features/reviews/review-figures.server";
import { reviewerName } from "~/features/reviews/reviews";

/*
 * Sample reviews for the demo catalogue (issue 29), so a demo shop looks alive: each tied to a delivered demo order
 * of its own (marked as a test order, buyer e-mail at example.invalid) and marked `is_demo`, shown with a "Sample
 * review (demo shop)" badge. Only on a shop whose PUBLIC_URL is local, like the test payment gateway; removed with
 * `npm run reviews:demo -- --remove`.
 */

const DEMO_EMAIL = (n: number) => `demo-buyer-${n}@example.invalid`;

const SAMPLES: { product: string; buyer: string; rating: number; title: string; body: string }[] = [
  {
    product: "Good Vibes Only Neon Sign",
    buyer: "Priya Sharma",
    rating: 5,
    title: "Cosy bedroom glow",
    body: "Soft, even light and it was on the wall in ten minutes. Packed very well.",
  },
  {
    product: "Good Vibes Only Neon Sign",
    buyer: "Arjun Nair",
    rating: 4,
    title: "Lovely, a bit smaller than I pictured",
    body: "Looks great at night. Check the size in cm before ordering, it is compact.",
  },
  {
    product: "But First, Coffee Neon Sign",
    buyer: "Rohan Mehta",
    rating: 5,
    title: "Customers love it",
    body: "Hung it behind the counter of our cafe; people take photos under it every day.",
  },
  {
    product: "Game On Neon Sign",
    buyer: "Karan Singh",
    rating: 3,
    title: "Good sign, slow delivery",
    body: "The sign itself is bright and well made, but delivery took four days longer than promised.",
  },
  {
    product: "Better Together Neon Sign",
    buyer: "Ananya Iyer",
    rating: 5,
    title: "Perfect for our sangeet",
    body: "Everyone asked where it was from. The dimmer helped set the mood.",
  },
];

/** Whether the shop runs on a local address (the demo shop): demo reviews and sample testimonials only there. */
export function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1";
  } catch {
    return false;
  }
}

/** Add the sample reviews (once); refused for a shop whose PUBLIC_URL is not local. Returns how many were added. */
export async function seedDemoReviews(database: Db, publicUrl: string): Promise<number> {
  if (!isLocalUrl(publicUrl))
    throw new Error(`Demo reviews are only added to a local shop (PUBLIC_URL is ${publicUrl}).`);
  return database.transaction(async (tx) => {
    const [{ n }] = (
      await tx.execute<{ n: number }>(sql`select count(*)::int as n from reviews where is_demo`)
    ).rows as [{ n: number }];
    if (n > 0) return 0;
    const found = await tx
      .select({ id: products.id, name: products.name, price: products.mediumPrice })
      .from(products)
      .where(inArray(products.name, [...new Set(SAMPLES.map((s) => s.product))]));
    let added = 0;
    for (const [i, s] of SAMPLES.entries()) {
      const p = found.find((f) => f.name === s.product);
      if (!p) continue;
      const at = new Date(Date.now() - (20 - i * 3) * 86_400_000);
      const [order] = await tx
        .insert(orders)
        .values({
          customerName: s.buyer,
          customerEmail: DEMO_EMAIL(i + 1),
          customerPhone: `90000000${String(i + 1).padStart(2, "0")}`,
          shippingAddress: {
            address1: "Demo address",
            city: "Mumbai",
            state: "maharashtra",
            pincode: "400001",
          },
          subtotal: p.price,
          totalAmount: p.price,
          paymentMethod: "cod",
          paymentStatus: "paid",
          status: "delivered",
          isTest: true,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: orders.id });
      const [item] = await tx
        .insert(orderItems)
        .values({
          orderId: order!.id,
          productId: p.id,
          productName: p.name,
          quantity: 1,
          price: p.price,
          productConfig: {
            size: "M",
            color: "Pink",
            brightnessController: false,
            productType: "Standard",
            originalProductId: p.id,
          },
        })
        .returning({ id: orderItems.id });
      const published = new Date(at.getTime() + 6 * 86_400_000);
      await tx.insert(reviews).values({
        orderItemId: item!.id,
        productId: p.id,
        rating: s.rating,
        title: s.title,
        body: s.body,
        authorName: reviewerName(s.buyer),
        status: "published",
        isDemo: true,
        createdAt: published,
        publishedAt: published,
      });
      added++;
    }
    for (const p of found) await refreshProductFigures(tx, p.id);
    return added;
  });
}

/** Remove every sample review and its demo order; the products' stars are computed again. Returns how many. */
export async function removeDemoReviews(database: Db): Promise<number> {
  return database.transaction(async (tx) => {
    const demo = await tx.execute<{ id: string; product_id: string | null; order_id: string | null }>(sql`
      select r.id, r.product_id, i.order_id from reviews r left join order_items i on i.id = r.order_item_id
      where r.is_demo`);
    if (demo.rows.length === 0) return 0;
    await tx.delete(reviews).where(
      inArray(
        reviews.id,
        demo.rows.map((r) => r.id),
      ),
    );
    const orderIds = demo.rows.map((r) => r.order_id).filter((x): x is string => !!x);
    if (orderIds.length)
      await tx.execute(sql`delete from orders where id in (${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and customer_email like 'demo-buyer-%@example.invalid'`);
    for (const p of new Set(demo.rows.map((r) => r.product_id))) await refreshProductFigures(tx, p);
    return demo.rows.length;
  });
}
