import { sql } from "drizzle-orm";
import { type ProductFacts, WHEN_SOLD_OUT } from "~/features/catalog/product-facts";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, imageColumns, updatedAt } from "~/platform/db/columns.server";
import { discountCodes } from "~/features/discount-codes/tables.server";
import { offers } from "~/features/offers/tables.server";

/** The tables of the catalog feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

export const categories = pg.pgTable(
  "categories",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    name: pg.text("name").notNull(),
    description: pg.text("description"),
    createdAt: createdAt(),
  },
  (t) => [pg.uniqueIndex("categories_name_lower_uq").on(sql`lower(${t.name})`)],
);

export const products = pg.pgTable(
  "products",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    name: pg.text("name").notNull(),
    description: pg.text("description"),
    // A category in use cannot be deleted (ON DELETE RESTRICT).
    categoryId: pg
      .uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    isActive: pg.boolean("is_active").notNull().default(true),
    stockQuantity: pg.integer("stock_quantity").notNull().default(0),
    /** The colour the product page starts with (one of PRODUCT_COLORS): the colour of its photos, set in the admin. */
    defaultColor: pg.text("default_color").notNull().default("Blue"),
    /** With no stock left: "sold-out" (cannot be ordered) or "made-to-order" (orderable, madeToOrderDays later). */
    whenSoldOut: pg.text("when_sold_out", { enum: WHEN_SOLD_OUT }).notNull().default("sold-out"),
    /** Business days a made-to-order unit adds to the delivery date. */
    madeToOrderDays: pg.integer("made_to_order_days").notNull().default(5),
    /** The product's own facts (size in cm, weight, power, box, warranty, declarations); empty: the shop's defaults. */
    facts: pg.jsonb("facts").$type<ProductFacts>().notNull().default({}),
    /**
     * The mean and count of the product's published reviews (issue 29): written only by
     * app/features/reviews/review-figures.server.ts in the review's own transaction, never typed by staff.
     */
    rating: pg.numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    reviewCount: pg.integer("review_count").notNull().default(0),
    smallPrice: pg.integer("small_price"),
    smallMrp: pg.integer("small_mrp"),
    mediumPrice: pg.integer("medium_price").notNull(),
    mediumMrp: pg.integer("medium_mrp").notNull(),
    largePrice: pg.integer("large_price"),
    largeMrp: pg.integer("large_mrp"),
    extraLargePrice: pg.integer("extra_large_price"),
    extraLargeMrp: pg.integer("extra_large_mrp"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.check("products_stock_nonnegative", sql`${t.stockQuantity} >= 0`),
    pg.check("products_when_sold_out", sql`${t.whenSoldOut} in ('sold-out', 'made-to-order')`),
    pg.check("products_made_to_order_days", sql`${t.madeToOrderDays} between 1 and 60`),
    pg.check("products_rating_range", sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    pg.check("products_review_count_nonnegative", sql`${t.reviewCount} >= 0`),
    pg.check(
      "products_prices_nonnegative",
      sql`coalesce(${t.smallPrice},0) >= 0 and coalesce(${t.smallMrp},0) >= 0 and ${t.mediumPrice} >= 0 and ${t.mediumMrp} >= 0 and coalesce(${t.largePrice},0) >= 0 and coalesce(${t.largeMrp},0) >= 0 and coalesce(${t.extraLargePrice},0) >= 0 and coalesce(${t.extraLargeMrp},0) >= 0`,
    ),
    pg.index("products_category_idx").on(t.categoryId),
    pg.index("products_active_created_idx").on(t.isActive, t.createdAt),
  ],
);

export const productImages = pg.pgTable(
  "product_images",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    productId: pg
      .uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    ...imageColumns(),
    altText: pg.text("alt_text"),
    /** The sign's colour in this photo (one of PRODUCT_COLORS), or null when not said: the gallery shows it for that colour. */
    color: pg.text("color"),
    displayOrder: pg.integer("display_order").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // (product_id, display_order) is unique: a DEFERRABLE constraint added in drizzle/0001 so a
    // reorder can swap two rows inside one transaction.
    pg.check("product_images_order_positive", sql`${t.displayOrder} >= 1`),
  ],
);

export const bestsellingProducts = pg.pgTable(
  "bestselling_products",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    productId: pg
      .uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    displayOrder: pg.integer("display_order").notNull(),
    badgeText: pg.text("badge_text").notNull().default("Bestseller"),
    isActive: pg.boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  // display_order is unique: a DEFERRABLE constraint in drizzle/0001 (reorders swap neighbours).
  (t) => [pg.uniqueIndex("bestselling_products_product_uq").on(t.productId)],
);

// display_order is unique: a DEFERRABLE constraint in drizzle/0001 (reorders swap neighbours).
export const banners = pg.pgTable("banners", {
  id: pg.uuid("id").primaryKey().defaultRandom(),
  title: pg.text("title").notNull(),
  ...imageColumns(),
  linkUrl: pg.text("link_url"),
  /**
   * What the banner promises, so checkout applies exactly that: a discount code or an automatic offer
   * (at most one). While it is not valid, the banner is not shown (migration 0010).
   */
  discountCodeId: pg.uuid("discount_code_id").references((): pg.AnyPgColumn => discountCodes.id, {
    onDelete: "set null",
  }),
  offerId: pg.uuid("offer_id").references((): pg.AnyPgColumn => offers.id, { onDelete: "set null" }),
  isActive: pg.boolean("is_active").notNull().default(true),
  displayOrder: pg.integer("display_order").notNull(),
  createdAt: createdAt(),
});
