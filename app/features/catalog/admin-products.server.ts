import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  imageCountError,
  MAX_PRODUCT_IMAGE_BYTES,
  MESSAGES,
  parseImageSlots,
  productImageFileError,
  factsFromInput,
  type ProductInput,
} from "~/features/catalog/admin-catalog";
import type { StoredImage } from "~/shared/images";
import type { ProductFacts, WhenSoldOut } from "./product-facts";
import type { SizePrices } from "./product-pricing";
import { productFields } from "./catalog.server";
import { db } from "~/platform/db/client.server";
import { pgErrorOf } from "~/platform/db/errors.server";
import { categories, productImages, products } from "./tables.server";
import { logger } from "~/platform/logger.server";
import { ImageRejected, storeImage } from "~/platform/storage/uploads.server";
import {
  discardStored,
  removeImageFiles,
  type ImageOf,
  type UploadedFile,
} from "./admin-catalog-writes.server";
import { invalid, notFound, type Failure, type Result } from "~/shared/admin-forms";

/** The admin catalogue's products with their images. */

export type AdminProductImage = ImageOf & { id: string; displayOrder: number; color: string | null };
export type AdminProduct = SizePrices & {
  id: string;
  name: string;
  description: string | null;
  categoryId: string;
  categoryName: string;
  isActive: boolean;
  stockQuantity: number;
  defaultColor: string;
  whenSoldOut: WhenSoldOut;
  madeToOrderDays: number;
  facts: ProductFacts;
  rating: number;
  reviewCount: number;
  createdAt: Date;
  images: AdminProductImage[];
};

const imagesJson = sql<AdminProductImage[]>`coalesce((
  select json_agg(json_build_object('id', pi.id, 'imageKey', pi.image_key, 'width', pi.width, 'height', pi.height,
    'altText', pi.alt_text, 'color', pi.color, 'displayOrder', pi.display_order) order by pi.display_order)
  from ${productImages} pi where pi.product_id = ${products.id}), '[]'::json)`;

/** Every product (active or not), newest first, with its category name and images. */
export async function listProductsAdmin(): Promise<AdminProduct[]> {
  return db()
    .select({ ...productFields, isActive: products.isActive, images: imagesJson })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(desc(products.createdAt), asc(products.name));
}

function productValues(input: ProductInput) {
  return {
    name: input.name,
    description: input.description ?? null,
    categoryId: input.categoryId,
    isActive: input.isActive,
    stockQuantity: input.stockQuantity,
    ...(input.defaultColor ? { defaultColor: input.defaultColor } : {}),
    ...(input.whenSoldOut ? { whenSoldOut: input.whenSoldOut } : {}),
    ...(input.madeToOrderDays !== undefined ? { madeToOrderDays: input.madeToOrderDays } : {}),
    facts: factsFromInput(input),
    smallPrice: input.smallPrice,
    smallMrp: input.smallMrp,
    mediumPrice: input.mediumPrice,
    mediumMrp: input.mediumMrp,
    largePrice: input.largePrice,
    largeMrp: input.largeMrp,
    extraLargePrice: input.extraLargePrice,
    extraLargeMrp: input.extraLargeMrp,
  };
}

/** Check and store the uploads the plan uses; on any refusal nothing stays in the image store. */
async function storeUploads(
  uploads: UploadedFile[],
  used: number[],
): Promise<{ ok: true; stored: Map<number, StoredImage> } | { ok: false; failure: Failure }> {
  const stored = new Map<number, StoredImage>();
  for (const index of used) {
    const file = uploads[index]!;
    const quick = productImageFileError({ size: file.bytes.length });
    const label = file.name || `Image ${index + 1}`;
    if (quick) {
      await discardStored([...stored.values()]);
      return { ok: false, failure: invalid({ images: `${label}: ${quick}` }) };
    }
    try {
      stored.set(index, await storeImage(file.bytes, { maxBytes: MAX_PRODUCT_IMAGE_BYTES }));
    } catch (e) {
      await discardStored([...stored.values()]);
      if (e instanceof ImageRejected)
        return { ok: false, failure: invalid({ images: `${label}: ${e.message}` }) };
      throw e;
    }
  }
  return { ok: true, stored };
}

export type SaveProductImages = {
  /** The image plan from the form (JSON list of {existing: id} | {upload: n}); absent = keep order, append uploads. */
  slots?: string | null;
  uploads: UploadedFile[];
};

/**
 * Create (id null) or update a product with its images in one transaction. New images are checked by
 * their content and stored first; if anything fails afterwards they are removed again. Images the
 * product no longer has are removed after the commit.
 */
export async function saveProduct(
  id: string | null,
  input: ProductInput,
  images: SaveProductImages,
): Promise<Result<{ id: string; created: boolean }>> {
  if (images.uploads.length > 5 * 4) return invalid({ images: MESSAGES.maxImages });
  let existing: { id: string; imageKey: string }[] = [];
  if (id) {
    const [product] = await db().select({ id: products.id }).from(products).where(eq(products.id, id));
    if (!product) return notFound("Product");
    existing = await db()
      .select({ id: productImages.id, imageKey: productImages.imageKey })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.displayOrder));
  }
  const plan = parseImageSlots(
    images.slots,
    existing.map((e) => e.id),
    images.uploads.length,
  );
  if (!plan.ok) return invalid({ images: plan.error });
  const slots = plan.slots;
  const countError = imageCountError(slots.length);
  if (countError) return invalid({ images: countError });

  const [category] = await db()
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.categoryId));
  if (!category) return invalid({ categoryId: MESSAGES.selectCategory });

  const used = slots.flatMap((s) => ("upload" in s ? [s.upload] : []));
  const storedResult = await storeUploads(images.uploads, used);
  if (!storedResult.ok) return storedResult.failure;
  const stored = storedResult.stored;

  const keptIds = new Set(slots.flatMap((s) => ("existing" in s ? [s.existing] : [])));
  const removed = existing.filter((e) => !keptIds.has(e.id));
  let productId: string;
  try {
    productId = await db().transaction(async (tx) => {
      let pid: string;
      if (id) {
        const rows = await tx
          .update(products)
          .set({ ...productValues(input), updatedAt: sql`now()` })
          .where(eq(products.id, id))
          .returning({ id: products.id });
        if (rows.length === 0) throw new ProductGone();
        pid = id;
        if (removed.length > 0) {
          await tx.delete(productImages).where(
            and(
              eq(productImages.productId, pid),
              inArray(
                productImages.id,
                removed.map((r) => r.id),
              ),
            ),
          );
        }
      } else {
        const [row] = await tx.insert(products).values(productValues(input)).returning({ id: products.id });
        pid = row!.id;
      }
      // The (product_id, display_order) constraint is checked at commit, so orders can be rewritten freely.
      for (const [i, slot] of slots.entries()) {
        const displayOrder = i + 1;
        const altText = i === 0 ? input.name : `${input.name}, view ${displayOrder}`;
        if ("existing" in slot) {
          const rows = await tx
            .update(productImages)
            .set({ displayOrder, altText, ...(slot.color !== undefined ? { color: slot.color } : {}) })
            .where(and(eq(productImages.id, slot.existing), eq(productImages.productId, pid)))
            .returning({ id: productImages.id });
          if (rows.length === 0) throw new ProductGone();
        } else {
          await tx.insert(productImages).values({
            productId: pid,
            ...stored.get(slot.upload)!,
            altText,
            displayOrder,
            color: slot.color ?? null,
          });
        }
      }
      return pid;
    });
  } catch (e) {
    await discardStored([...stored.values()]);
    if (e instanceof ProductGone) return notFound("Product");
    if (pgErrorOf(e)?.code === "23503") return invalid({ categoryId: MESSAGES.selectCategory });
    throw e;
  }
  await removeImageFiles(removed.map((r) => r.imageKey));
  logger.info({ productId, created: !id, images: slots.length }, id ? "product updated" : "product created");
  return { ok: true, id: productId, created: !id };
}

class ProductGone extends Error {}

/** Deletes a product (its images and bestseller entry go with it) and then its image files. */
export async function deleteProduct(id: string): Promise<Result> {
  const keys = await db().transaction(async (tx) => {
    const imgs = await tx
      .select({ imageKey: productImages.imageKey })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .for("update");
    const rows = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    return rows.length === 0 ? null : imgs.map((i) => i.imageKey);
  });
  if (keys === null) return notFound("Product");
  await removeImageFiles(keys);
  logger.info({ productId: id }, "product deleted");
  return { ok: true };
}
