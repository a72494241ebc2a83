import { and, asc, desc, eq, inArray, max, notInArray, sql } from "drizzle-orm";
import {
  bannerFileError,
  imageCountError,
  MAX_BANNER_IMAGE_BYTES,
  MAX_PRODUCT_IMAGE_BYTES,
  MESSAGES,
  parseImageSlots,
  productImageFileError,
  type BannerInput,
  type BestsellerInput,
  type CategoryInput,
  type MoveDirection,
  type ProductInput,
} from "~/domain/admin-catalog";
import type { StoredImage } from "~/domain/images";
import { productFields } from "./catalog.server";
import { db, type Tx } from "./db/client.server";
import { pgErrorOf, isUniqueViolation } from "./db/errors.server";
import { banners, bestsellingProducts, categories, orderItems, productImages, products } from "./db/schema";
import { logger } from "./logger.server";
import { ImageRejected, removeImage, storeImage } from "./uploads.server";

/*
 * The admin catalogue: categories, products with their images, bestselling products and banners.
 * Every multi-row write runs in one transaction. Image files are written before the transaction and
 * removed again when it fails (so a failed save leaves no orphan files); files of rows that are gone are
 * removed only after the transaction committed (so a failed delete never loses a picture).
 */

export type Failure = {
  ok: false;
  status: 400 | 404 | 409;
  /** A message for the whole form or a toast. */
  message: string;
  /** Messages to show next to fields. */
  fieldErrors?: Record<string, string>;
};
export type Success<T = object> = { ok: true } & T;
export type Result<T = object> = Success<T> | Failure;

const notFound = (what: string): Failure => ({ ok: false, status: 404, message: `${what} not found. It may have been deleted.` });
const invalid = (fieldErrors: Record<string, string>): Failure => ({
  ok: false,
  status: 400,
  message: Object.values(fieldErrors)[0] ?? "Please check the form.",
  fieldErrors,
});

/** An uploaded file as the action received it. */
export type UploadedFile = { name: string; type: string; bytes: Buffer };

type ImageOf = StoredImage & { altText: string | null };

/** Remove image files, except ones an order still shows (order history keeps its pictures). */
async function removeImageFiles(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  let keep = new Set<string>();
  try {
    const rows = await db()
      .select({ image: orderItems.productImage })
      .from(orderItems)
      .where(sql`${orderItems.productImage} is not null and (${sql.join(
        keys.map((k) => sql`${orderItems.productImage} like ${`%${k}%`}`),
        sql` or `,
      )})`);
    keep = new Set(keys.filter((k) => rows.some((r) => r.image?.includes(k))));
  } catch (err) {
    // When in doubt, keep the files: an orphan file costs disk space, a lost one breaks an order page.
    logger.error({ err }, "could not check whether images are used by orders; files kept");
    return;
  }
  for (const key of keys) {
    if (keep.has(key)) continue;
    await removeImage(key).catch((err: unknown) => logger.error({ err, key }, "could not remove image files"));
  }
}

async function discardStored(images: StoredImage[]): Promise<void> {
  for (const img of images) {
    await removeImage(img.imageKey).catch((err: unknown) => logger.error({ err, key: img.imageKey }, "could not remove image files"));
  }
}

/** One writer at a time for a list's display orders (next order = max + 1 must not race). */
async function lockList(tx: Tx, list: "bestselling_products" | "banners"): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`neon:order:${list}`}))`);
}

// ---------------------------------------------------------------------------------------------------
// Categories

export type AdminCategory = {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  productCount: number;
};

/** Categories, newest first, with how many products use each. */
export async function listCategoriesAdmin(): Promise<AdminCategory[]> {
  return db()
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      createdAt: categories.createdAt,
      // Written out in full: drizzle leaves the table name off columns of a single-table select.
      productCount: sql<number>`(select count(*)::int from ${products} p where p.category_id = "categories"."id")`,
    })
    .from(categories)
    .orderBy(desc(categories.createdAt), asc(categories.name));
}

/** Categories by name, for the product form's select. */
export async function listCategoryOptions(): Promise<{ id: string; name: string }[]> {
  return db().select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
}

const duplicateCategory = () => invalid({ name: "A category with this name already exists" });

export async function createCategory(input: CategoryInput): Promise<Result<{ id: string }>> {
  try {
    const [row] = await db()
      .insert(categories)
      .values({ name: input.name, description: input.description ?? null })
      .returning({ id: categories.id });
    logger.info({ categoryId: row!.id }, "category created");
    return { ok: true, id: row!.id };
  } catch (e) {
    if (isUniqueViolation(e, "categories_name_lower_uq")) return duplicateCategory();
    throw e;
  }
}

export async function updateCategory(id: string, input: CategoryInput): Promise<Result<{ id: string }>> {
  try {
    const rows = await db()
      .update(categories)
      .set({ name: input.name, description: input.description ?? null })
      .where(eq(categories.id, id))
      .returning({ id: categories.id });
    if (rows.length === 0) return notFound("Category");
    logger.info({ categoryId: id }, "category updated");
    return { ok: true, id };
  } catch (e) {
    if (isUniqueViolation(e, "categories_name_lower_uq")) return duplicateCategory();
    throw e;
  }
}

export function categoryInUseMessage(count: number): string {
  return `this category is in use by ${count} ${count === 1 ? "product" : "products"}. Move or delete ${count === 1 ? "it" : "them"} first.`;
}

async function productsInCategory(id: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.categoryId, id));
  return row?.n ?? 0;
}

/** Deletes a category that no product uses; one in use is refused with how many products use it. */
export async function deleteCategory(id: string): Promise<Result> {
  const inUse = await productsInCategory(id);
  if (inUse > 0) return { ok: false, status: 409, message: categoryInUseMessage(inUse) };
  try {
    const rows = await db().delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (rows.length === 0) return notFound("Category");
  } catch (e) {
    // A product was added to it in the meantime (ON DELETE RESTRICT).
    if (pgErrorOf(e)?.code === "23503") {
      return { ok: false, status: 409, message: categoryInUseMessage(Math.max(1, await productsInCategory(id))) };
    }
    throw e;
  }
  logger.info({ categoryId: id }, "category deleted");
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------
// Products

export type AdminProductImage = ImageOf & { id: string; displayOrder: number };
export type AdminProduct = {
  id: string;
  name: string;
  description: string | null;
  categoryId: string;
  categoryName: string;
  isActive: boolean;
  stockQuantity: number;
  rating: number;
  reviewCount: number;
  smallPrice: number | null;
  smallMrp: number | null;
  mediumPrice: number;
  mediumMrp: number;
  largePrice: number | null;
  largeMrp: number | null;
  extraLargePrice: number | null;
  extraLargeMrp: number | null;
  createdAt: Date;
  images: AdminProductImage[];
};

const imagesJson = sql<AdminProductImage[]>`coalesce((
  select json_agg(json_build_object('id', pi.id, 'imageKey', pi.image_key, 'width', pi.width, 'height', pi.height,
    'altText', pi.alt_text, 'displayOrder', pi.display_order) order by pi.display_order)
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
    rating: input.rating,
    reviewCount: input.reviewCount,
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

/** Check and store the uploads the plan uses; on any refusal nothing stays on disk. */
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
      if (e instanceof ImageRejected) return { ok: false, failure: invalid({ images: `${label}: ${e.message}` }) };
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

  const [category] = await db().select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
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
          await tx.delete(productImages).where(and(eq(productImages.productId, pid), inArray(productImages.id, removed.map((r) => r.id))));
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
            .set({ displayOrder, altText })
            .where(and(eq(productImages.id, slot.existing), eq(productImages.productId, pid)))
            .returning({ id: productImages.id });
          if (rows.length === 0) throw new ProductGone();
        } else {
          await tx.insert(productImages).values({ productId: pid, ...stored.get(slot.upload)!, altText, displayOrder });
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

// ---------------------------------------------------------------------------------------------------
// Bestselling products

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
export async function listBestsellerCandidates(): Promise<{ id: string; name: string; mediumPrice: number }[]> {
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
      const [{ top }] = (await tx.select({ top: max(bestsellingProducts.displayOrder) }).from(bestsellingProducts)) as [
        { top: number | null },
      ];
      const [row] = await tx
        .insert(bestsellingProducts)
        .values({ productId: input.productId, badgeText: input.badgeText, displayOrder: (top ?? 0) + 1, isActive: true })
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

export async function setBestsellerActive(id: string, isActive: boolean): Promise<Result<{ isActive: boolean }>> {
  const rows = await db()
    .update(bestsellingProducts)
    .set({ isActive })
    .where(eq(bestsellingProducts.id, id))
    .returning({ id: bestsellingProducts.id });
  if (rows.length === 0) return notFound("Bestselling product");
  return { ok: true, isActive };
}

export async function removeBestseller(id: string): Promise<Result> {
  const rows = await db().delete(bestsellingProducts).where(eq(bestsellingProducts.id, id)).returning({ id: bestsellingProducts.id });
  if (rows.length === 0) return notFound("Bestselling product");
  logger.info({ bestsellerId: id }, "bestseller removed");
  return { ok: true };
}

type OrderedTable = typeof bestsellingProducts | typeof banners;

/**
 * Swap an item's display order with its neighbour's (the one before for "up", after for "down"), in one
 * transaction. At the ends nothing changes (`moved` false).
 */
async function moveInList(
  table: OrderedTable,
  list: "bestselling_products" | "banners",
  id: string,
  direction: MoveDirection,
  what: string,
): Promise<Result<{ moved: boolean }>> {
  return db().transaction(async (tx) => {
    await lockList(tx, list);
    const rows: { id: string; displayOrder: number }[] = await tx
      .select({ id: table.id, displayOrder: table.displayOrder })
      .from(table)
      .orderBy(asc(table.displayOrder));
    const index = rows.findIndex((r) => r.id === id);
    if (index < 0) return notFound(what);
    const other = rows[direction === "up" ? index - 1 : index + 1];
    if (!other) return { ok: true as const, moved: false };
    const self = rows[index]!;
    await tx.update(table).set({ displayOrder: other.displayOrder }).where(eq(table.id, self.id));
    await tx.update(table).set({ displayOrder: self.displayOrder }).where(eq(table.id, other.id));
    return { ok: true as const, moved: true };
  });
}

export function moveBestseller(id: string, direction: MoveDirection) {
  return moveInList(bestsellingProducts, "bestselling_products", id, direction, "Bestselling product");
}

// ---------------------------------------------------------------------------------------------------
// Banners

export type AdminBanner = {
  id: string;
  title: string;
  linkUrl: string | null;
  isActive: boolean;
  displayOrder: number;
  createdAt: Date;
} & StoredImage;

export async function listBannersAdmin(): Promise<AdminBanner[]> {
  return db()
    .select({
      id: banners.id,
      title: banners.title,
      linkUrl: banners.linkUrl,
      isActive: banners.isActive,
      displayOrder: banners.displayOrder,
      createdAt: banners.createdAt,
      imageKey: banners.imageKey,
      width: banners.width,
      height: banners.height,
    })
    .from(banners)
    .orderBy(asc(banners.displayOrder));
}

/** Checks and stores the banner image, then adds the banner at the end of the list. */
export async function createBanner(input: BannerInput, file: UploadedFile | null): Promise<Result<{ id: string }>> {
  const fileError = bannerFileError(file ? { size: file.bytes.length, type: file.type } : null);
  if (fileError || !file) return invalid({ image: fileError ?? MESSAGES.bannerImage });
  let stored: StoredImage;
  try {
    stored = await storeImage(file.bytes, { maxBytes: MAX_BANNER_IMAGE_BYTES });
  } catch (e) {
    if (e instanceof ImageRejected) return invalid({ image: e.message });
    throw e;
  }
  try {
    const id = await db().transaction(async (tx) => {
      await lockList(tx, "banners");
      const [{ top }] = (await tx.select({ top: max(banners.displayOrder) }).from(banners)) as [{ top: number | null }];
      const [row] = await tx
        .insert(banners)
        .values({ title: input.title, linkUrl: input.linkUrl, ...stored, isActive: true, displayOrder: (top ?? 0) + 1 })
        .returning({ id: banners.id });
      return row!.id;
    });
    logger.info({ bannerId: id }, "banner uploaded");
    return { ok: true, id };
  } catch (e) {
    await discardStored([stored]);
    throw e;
  }
}

export async function setBannerActive(id: string, isActive: boolean): Promise<Result<{ isActive: boolean }>> {
  const rows = await db().update(banners).set({ isActive }).where(eq(banners.id, id)).returning({ id: banners.id });
  if (rows.length === 0) return notFound("Banner");
  return { ok: true, isActive };
}

export function moveBanner(id: string, direction: MoveDirection) {
  return moveInList(banners, "banners", id, direction, "Banner");
}

/** Deletes the banner row, then its image files. */
export async function deleteBanner(id: string): Promise<Result> {
  const rows = await db().delete(banners).where(eq(banners.id, id)).returning({ imageKey: banners.imageKey });
  if (rows.length === 0) return notFound("Banner");
  await removeImageFiles(rows.map((r) => r.imageKey));
  logger.info({ bannerId: id }, "banner deleted");
  return { ok: true };
}
