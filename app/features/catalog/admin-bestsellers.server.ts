import { and, asc, eq, max, notInArray, sql } from "drizzle-orm";
import { setRowActive } from "~/features/admin-shell/admin-rows.server";
import { MESSAGES, type BestsellerInput } from "~/features/catalog/admin-catalog";
import { type MoveDirection, invalid, notFound, type Result } from "~/shared/admin-forms";
import { db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { bestsellingProducts, productImages, products } from "./tables.server";
import { logger } from "~/platform/logger.server";
import { lockList, moveInList, type ImageOf } from "./admin-catalog-writes.server";

/** The admin catalogue's bestselling products list. */

export type AdminBestseller = {
  id: string;
  productId: string;
  productName: string;
  productActive: boolean;
  mediumPrice: number;
  badgeText: string;
  isActive: boolean;
  displayOrder: number;
  image: ImageOf | null;
};

const firstImage = sql<ImageOf | null>`(
  select json_build_object('imageKey', pi.image_key, 'width', pi.width, 'height', pi.height, 'altText', pi.alt_text)
  from ${productImages} pi where pi.product_id = ${products.id} order by pi.display_order limit 1)`;

export async function listBestsellersAdmin(): Promise<AdminBestseller[]> {
  return db()
    .select({
      id: bestsellingProducts.id,
      productId: products.id,
      productName: products.name,
      productActive: products.isActive,
      mediumPrice: products.mediumPrice,
      badgeText: bestsellingProducts.badgeText,
      isActive: bestsellingProducts.isActive,
      displayOrder: bestsellingProducts.displayOrder,
      image: firstImage,
    })
    .from(bestsellingProducts)
    .innerJoin(products, eq(products.id, bestsellingProducts.productId))
    .orderBy(asc(bestsellingProducts.displayOrder));
}

/** Products the add form offers: active and not already listed. */
export async function listBestsellerCandidates(): Promise<
  { id: string; name: string; mediumPrice: number }[]
> {
  const listed = db().select({ id: bestsellingProducts.productId }).from(bestsellingProducts);
  return db()
    .select({ id: products.id, name: products.name, mediumPrice: products.mediumPrice })
    .from(products)
    .where(and(eq(products.isActive, true), notInArray(products.id, listed)))
    .orderBy(asc(products.name));
}

export async function addBestseller(input: BestsellerInput): Promise<Result<{ id: string }>> {
  const refused = () => invalid({ productId: MESSAGES.selectProduct });
  try {
    const id = await db().transaction(async (tx) => {
      await lockList(tx, "bestselling_products");
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, input.productId), eq(products.isActive, true)));
      if (!product) return null;
      const [listed] = await tx
        .select({ id: bestsellingProducts.id })
        .from(bestsellingProducts)
        .where(eq(bestsellingProducts.productId, input.productId));
      if (listed) return null;
      const [{ top }] = (await tx
        .select({ top: max(bestsellingProducts.displayOrder) })
        .from(bestsellingProducts)) as [{ top: number | null }];
      const [row] = await tx
        .insert(bestsellingProducts)
        .values({
          productId: input.productId,
          badgeText: input.badgeText,
          displayOrder: (top ?? 0) + 1,
          isActive: true,
        })
        .returning({ id: bestsellingProducts.id });
      return row!.id;
    });
    if (!id) return refused();
    logger.info({ bestsellerId: id, productId: input.productId }, "bestseller added");
    return { ok: true, id };
  } catch (e) {
    if (isUniqueViolation(e, "bestselling_products_product_uq")) return refused();
    throw e;
  }
}

export function setBestsellerActive(id: string, isActive: boolean) {
  return setRowActive(bestsellingProducts, id, isActive, "Bestselling product");
}

export async function removeBestseller(id: string): Promise<Result> {
  const rows = await db()
    .delete(bestsellingProducts)
    .where(eq(bestsellingProducts.id, id))
    .returning({ id: bestsellingProducts.id });
  if (rows.length === 0) return notFound("Bestselling product");
  logger.info({ bestsellerId: id }, "bestseller removed");
  return { ok: true };
}

export function moveBestseller(id: string, direction: MoveDirection) {
  return moveInList(bestsellingProducts, "bestselling_products", id, direction, "Bestselling product");
}
