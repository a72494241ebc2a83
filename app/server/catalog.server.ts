import { and, asc, eq, sql } from "drizzle-orm";
import type { StoredImage } from "~/domain/images";
import { db } from "./db/client.server";
import { bestsellingProducts, productImages, products } from "./db/schema";

export type BestsellerCard = {
  id: string;
  productId: string;
  name: string;
  price: number;
  originalPrice: number;
  badge: string;
  rating: number;
  reviewCount: number;
  image: (StoredImage & { altText: string | null }) | null;
};

/** Active bestsellers of active products, by display order, at most 6, with stored ratings. */
export async function listBestsellers(limit = 6): Promise<BestsellerCard[]> {
  const rows = await db()
    .select({
      id: bestsellingProducts.id,
      productId: products.id,
      name: products.name,
      price: products.mediumPrice,
      originalPrice: products.mediumMrp,
      badge: bestsellingProducts.badgeText,
      rating: products.rating,
      reviewCount: products.reviewCount,
      image: sql<(StoredImage & { altText: string | null }) | null>`(
        select json_build_object('imageKey', pi.image_key, 'width', pi.width, 'height', pi.height, 'altText', pi.alt_text)
        from ${productImages} pi where pi.product_id = ${products.id} order by pi.display_order limit 1)`,
    })
    .from(bestsellingProducts)
    .innerJoin(products, eq(products.id, bestsellingProducts.productId))
    .where(and(eq(bestsellingProducts.isActive, true), eq(products.isActive, true)))
    .orderBy(asc(bestsellingProducts.displayOrder))
    .limit(limit);
  return rows;
}
