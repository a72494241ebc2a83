import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { BestsellerCard, ProductCardData, ProductImage } from "~/features/catalog/catalog-cards";
import type { ImageWithAlt } from "~/shared/images";
import { HOME_BESTSELLERS, PRODUCTS_PER_PAGE, type CatalogFilter } from "~/features/catalog/catalog";
import { discountLabel } from "~/features/discount-codes/discounts";
import type { BannerCard } from "~/features/offers/offers";
import { todayInIndia } from "~/shared/ist-dates";
import { likeContains } from "~/shared/like-pattern";
import { isUuid } from "~/shared/uuid";
import type { ProductFacts } from "~/features/catalog/product-facts";
import type { SizePrices } from "~/features/catalog/product-pricing";
import { cachedCatalogRead } from "./catalog-cache.server";
import { db } from "~/platform/db/client.server";
import { banners, bestsellingProducts, categories, productImages, products } from "./tables.server";

const firstImage = sql<ImageWithAlt | null>`(
  select json_build_object('imageKey', pi.image_key, 'width', pi.width, 'height', pi.height, 'altText', pi.alt_text)
  from ${productImages} pi where pi.product_id = ${products.id} order by pi.display_order limit 1)`;

const allImages = sql<Array<ProductImage>>`coalesce((
  select json_agg(json_build_object('id', pi.id, 'imageKey', pi.image_key, 'width', pi.width, 'height', pi.height,
    'altText', pi.alt_text, 'color', pi.color) order by pi.display_order)
  from ${productImages} pi where pi.product_id = ${products.id}), '[]'::json)`;

/** Active bestsellers of active products, by display order, at most 6, with stored ratings. */
export function listBestsellers(limit = HOME_BESTSELLERS): Promise<BestsellerCard[]> {
  return cachedCatalogRead(`bestsellers:${limit}`, () => readBestsellers(limit));
}

async function readBestsellers(limit: number): Promise<BestsellerCard[]> {
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
      image: firstImage,
    })
    .from(bestsellingProducts)
    .innerJoin(products, eq(products.id, bestsellingProducts.productId))
    .where(and(eq(bestsellingProducts.isActive, true), eq(products.isActive, true)))
    .orderBy(asc(bestsellingProducts.displayOrder))
    .limit(limit);
  return rows;
}

/** A product's price and MRP per size (the columns of `SizePrices`), for every read that prices a product. */
export const sizePriceColumns = {
  smallPrice: products.smallPrice,
  smallMrp: products.smallMrp,
  mediumPrice: products.mediumPrice,
  mediumMrp: products.mediumMrp,
  largePrice: products.largePrice,
  largeMrp: products.largeMrp,
  extraLargePrice: products.extraLargePrice,
  extraLargeMrp: products.extraLargeMrp,
};

/** The product columns (with its category name) every product read shares. */
export const productFields = {
  id: products.id,
  name: products.name,
  description: products.description,
  categoryId: products.categoryId,
  categoryName: categories.name,
  stockQuantity: products.stockQuantity,
  defaultColor: products.defaultColor,
  whenSoldOut: products.whenSoldOut,
  madeToOrderDays: products.madeToOrderDays,
  facts: products.facts,
  rating: products.rating,
  reviewCount: products.reviewCount,
  ...sizePriceColumns,
  createdAt: products.createdAt,
};

/** Whether any product exists at all (active or not decides which empty message shows). */
export function hasActiveProducts(): Promise<boolean> {
  return cachedCatalogRead("any-active-product", readHasActiveProducts);
}

async function readHasActiveProducts(): Promise<boolean> {
  const rows = await db()
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .limit(1);
  return rows.length > 0;
}

/**
 * Active products, newest first, filtered in SQL by category (name or id) and by a search text
 * matched against name, description and category name, ignoring case.
 */
function productWhere(filter: CatalogFilter): SQL[] {
  const where: SQL[] = [eq(products.isActive, true)];
  if (filter.category) {
    const c = filter.category;
    where.push(
      isUuid(c)
        ? sql`(${categories.id} = ${c}::uuid or lower(${categories.name}) = lower(${c}))`
        : sql`lower(${categories.name}) = lower(${c})`,
    );
  }
  if (filter.q) {
    const p = likeContains(filter.q);
    where.push(
      sql`(${products.name} ilike ${p} escape '\\' or coalesce(${products.description}, '') ilike ${p} escape '\\' or ${categories.name} ilike ${p} escape '\\')`,
    );
  }
  return where;
}

const productCardColumns = {
  id: products.id,
  name: products.name,
  categoryName: categories.name,
  stockQuantity: products.stockQuantity,
  defaultColor: products.defaultColor,
  whenSoldOut: products.whenSoldOut,
  madeToOrderDays: products.madeToOrderDays,
  rating: products.rating,
  reviewCount: products.reviewCount,
  mediumPrice: products.mediumPrice,
  mediumMrp: products.mediumMrp,
  image: firstImage,
};

/** Every active product matching the filter (name, description or category, ignoring case), newest first. */
export async function listProducts(filter: CatalogFilter = {}): Promise<ProductCardData[]> {
  return db()
    .select(productCardColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...productWhere(filter)))
    .orderBy(desc(products.createdAt), asc(products.id));
}

export type ProductPage = { items: ProductCardData[]; total: number; page: number; pageCount: number };

/** One page of the products list (PRODUCTS_PER_PAGE per page) and the number of matching products. */
export function listProductsPage(filter: CatalogFilter = {}): Promise<ProductPage> {
  const key = `products:${filter.category ?? ""}\u0000${filter.q ?? ""}\u0000${filter.page ?? 1}`;
  return cachedCatalogRead(key, () => readProductsPage(filter));
}

async function readProductsPage(filter: CatalogFilter): Promise<ProductPage> {
  const page = Math.max(1, filter.page ?? 1);
  const rows = await db()
    .select({ ...productCardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...productWhere(filter)))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(PRODUCTS_PER_PAGE)
    .offset((page - 1) * PRODUCTS_PER_PAGE);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page: count alone, so the page can link back.
    const [c] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(...productWhere(filter)));
    total = c?.n ?? 0;
  }
  return {
    items: rows.map(({ total: _t, ...card }) => card),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE)),
  };
}

export type CategoryOption = { id: string; name: string };

/** Categories (id, name) by name. */
export function listCategories(): Promise<CategoryOption[]> {
  return cachedCatalogRead("categories", readCategories);
}

async function readCategories(): Promise<CategoryOption[]> {
  return db()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.name));
}

/**
 * Active offer banners by display order. A banner that promises a code or an offer is shown only while
 * checkout would honour it (switched on, within its days, and a code not used up), so no banner promises
 * what checkout does not apply.
 */
export function listActiveBanners(): Promise<BannerCard[]> {
  const today = todayInIndia();
  // Keyed by the day: a banner whose offer starts or ends at midnight (IST) changes with no announcement.
  return cachedCatalogRead(`banners:${today}`, () => readActiveBanners(today));
}

async function readActiveBanners(today: string): Promise<BannerCard[]> {
  const rows = await db().execute<{
    id: string;
    title: string;
    link_url: string | null;
    image_key: string;
    width: number;
    height: number;
    code: string | null;
    kind: "percent" | "fixed" | null;
    value: number | null;
    offer_name: string | null;
  }>(sql`
    select b.id, b.title, b.link_url, b.image_key, b.width, b.height,
      c.code, c.kind, c.value, o.name as offer_name
    from ${banners} b
    left join discount_codes c on c.id = b.discount_code_id
    left join offers o on o.id = b.offer_id
    where b.is_active
      and (b.discount_code_id is null or (c.is_active
        and (c.starts_on is null or c.starts_on <= ${today}::date)
        and (c.ends_on is null or c.ends_on >= ${today}::date)
        and (c.max_uses is null or c.max_uses > (select count(*) from discount_redemptions r where r.code_id = c.id
          and (exists (select 1 from orders x where x.checkout_id = r.checkout_id and x.status <> 'cancelled')
            or exists (select 1 from custom_neon_orders y where y.checkout_id = r.checkout_id and y.status <> 'cancelled'))))))
      and (b.offer_id is null or (o.is_active
        and (o.starts_on is null or o.starts_on <= ${today}::date)
        and (o.ends_on is null or o.ends_on >= ${today}::date)))
    order by b.display_order`);
  return rows.rows.map((r) => ({
    id: r.id,
    title: r.title,
    linkUrl: r.link_url,
    image: { imageKey: r.image_key, width: r.width, height: r.height },
    promotion:
      r.code && r.kind && r.value !== null
        ? { kind: "code", code: r.code, label: discountLabel({ kind: r.kind, value: r.value }) }
        : r.offer_name
          ? { kind: "offer", name: r.offer_name }
          : null,
  }));
}

export type ProductDetail = Omit<ProductCardData, "image"> & {
  description: string | null;
  categoryId: string;
  smallPrice: number | null;
  smallMrp: number | null;
  largePrice: number | null;
  largeMrp: number | null;
  extraLargePrice: number | null;
  extraLargeMrp: number | null;
  /** The product's own facts (empty fields: the shop's defaults, product-facts.ts). */
  facts: ProductFacts;
  images: ProductImage[];
};

/** One active product with its category and images; null when unknown or inactive. */
export async function getActiveProduct(id: string): Promise<ProductDetail | null> {
  if (!isUuid(id)) return null;
  return cachedCatalogRead(`product:${id.toLowerCase()}`, () => readActiveProduct(id));
}

async function readActiveProduct(id: string): Promise<ProductDetail | null> {
  const { createdAt: _createdAt, ...fields } = productFields;
  const [row] = await db()
    .select({ ...fields, images: allImages })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, id), eq(products.isActive, true)));
  return row ?? null;
}

/** Up to `limit` other active products, the same category first, then newest. */
export function listSimilarProducts(
  product: { id: string; categoryId: string },
  limit = 3,
): Promise<ProductCardData[]> {
  return cachedCatalogRead(`similar:${product.id}:${product.categoryId}:${limit}`, () =>
    readSimilarProducts(product, limit),
  );
}

async function readSimilarProducts(
  product: { id: string; categoryId: string },
  limit: number,
): Promise<ProductCardData[]> {
  return db()
    .select(productCardColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.isActive, true), ne(products.id, product.id)))
    .orderBy(sql`(${products.categoryId} = ${product.categoryId}) desc`, desc(products.createdAt))
    .limit(limit);
}

/** Ids and last change of every active product, for the sitemap. */
export async function listSitemapProducts(): Promise<Array<{ id: string; updatedAt: Date }>> {
  return db()
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.createdAt));
}

/** An active product as the product feeds list it (issue 46): its prices, stock and every photo. */
export type FeedProduct = {
  id: string;
  name: string;
  description: string | null;
  categoryName: string | null;
  stockQuantity: number;
  whenSoldOut: string;
  madeToOrderDays: number;
  images: ProductImage[];
} & SizePrices;

/** Every active product with its photos, oldest first (a feed's order stays put as products are added). */
export async function listFeedProducts(): Promise<FeedProduct[]> {
  return db()
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      categoryName: categories.name,
      stockQuantity: products.stockQuantity,
      whenSoldOut: products.whenSoldOut,
      madeToOrderDays: products.madeToOrderDays,
      ...sizePriceColumns,
      images: allImages,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.isActive, true))
    .orderBy(asc(products.createdAt), asc(products.id));
}
