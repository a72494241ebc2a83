import { sql } from "drizzle-orm";
import { REJECT_REASONS, REVIEW_STATUSES } from "~/features/reviews/reviews";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, imageColumns, inList, updatedAt } from "~/platform/db/columns.server";
import { products } from "~/features/catalog/tables.server";
import { adminUsers } from "~/platform/db/tables.server";
import { customNeonOrders, orderItems, orders } from "~/features/order-lifecycle/tables.server";

/** The tables of the reviews feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * The one review request of a delivered order (issue 29): a private link (its token kept only as a SHA-256 hash)
 * mailed REVIEW_REQUEST_DELAY_DAYS after delivery by the hourly review-request sweep, sent once; cancelled when
 * the order was refunded, returned, cancelled or came back (RTO) by then.
 */
export const reviewRequests = pg.pgTable(
  "review_requests",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    orderId: pg.uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    customOrderId: pg.uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's token, set when the mail is sent (the token itself is only in the mail). */
    tokenHash: pg.text("token_hash"),
    sendAfter: pg.timestamp("send_after", { withTimezone: true }).notNull(),
    sentAt: pg.timestamp("sent_at", { withTimezone: true }),
    cancelledAt: pg.timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check("review_requests_one_target", sql`num_nonnulls(${t.orderId}, ${t.customOrderId}) = 1`),
    pg.uniqueIndex("review_requests_token_uq").on(t.tokenHash),
    pg.uniqueIndex("review_requests_order_uq").on(t.orderId),
    pg.uniqueIndex("review_requests_custom_order_uq").on(t.customOrderId),
    pg
      .index("review_requests_due_idx")
      .on(t.sendAfter)
      .where(sql`sent_at is null and cancelled_at is null`),
  ],
);

/**
 * A buyer's review of one delivered order line (issue 29, app/features/reviews/reviews.ts): a ready-made line
 * (order_items) or a custom design (custom_neon_orders), one review each. Only published reviews count towards
 * the product's stars. `isDemo` marks the demo catalogue's sample reviews (removable with one command).
 */
export const reviews = pg.pgTable(
  "reviews",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    orderItemId: pg.uuid("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    customOrderId: pg.uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "cascade" }),
    /** The product reviewed (null for a custom design, or once the product is deleted). */
    productId: pg.uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    rating: pg.integer("rating").notNull(),
    title: pg.text("title").notNull(),
    body: pg.text("body").notNull(),
    /** As shown: first name and last initial. */
    authorName: pg.text("author_name").notNull(),
    status: pg.text("status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    rejectReason: pg.text("reject_reason", { enum: REJECT_REASONS }),
    /** The author allows their photos in the "Customer photos" strips. */
    showcase: pg.boolean("showcase").notNull().default(false),
    /** The buyer was given something for writing it (disclosed next to the review). */
    incentivised: pg.boolean("incentivised").notNull().default(false),
    isDemo: pg.boolean("is_demo").notNull().default(false),
    shopReply: pg.text("shop_reply"),
    repliedAt: pg.timestamp("replied_at", { withTimezone: true }),
    moderatedBy: pg.uuid("moderated_by").references(() => adminUsers.id, { onDelete: "set null" }),
    moderatedAt: pg.timestamp("moderated_at", { withTimezone: true }),
    publishedAt: pg.timestamp("published_at", { withTimezone: true }),
    withdrawnAt: pg.timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.check("reviews_one_target", sql`num_nonnulls(${t.orderItemId}, ${t.customOrderId}) = 1`),
    pg.check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    pg.check("reviews_status", inList(t.status, REVIEW_STATUSES)),
    pg.check("reviews_reject_reason", inList(t.rejectReason, REJECT_REASONS)),
    pg.check(
      "reviews_rejected_has_reason",
      sql`(${t.status} = 'rejected') = (${t.rejectReason} is not null)`,
    ),
    pg.uniqueIndex("reviews_order_item_uq").on(t.orderItemId),
    pg.uniqueIndex("reviews_custom_order_uq").on(t.customOrderId),
    pg
      .index("reviews_product_published_idx")
      .on(t.productId, t.publishedAt)
      .where(sql`status = 'published'`),
    pg.index("reviews_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** Up to four photos of a review, stored through the image pipeline (re-encoded, metadata stripped). */
export const reviewPhotos = pg.pgTable(
  "review_photos",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    reviewId: pg
      .uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    ...imageColumns(),
    displayOrder: pg.integer("display_order").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex("review_photos_order_uq").on(t.reviewId, t.displayOrder),
    pg.check("review_photos_order_range", sql`${t.displayOrder} between 1 and 4`),
  ],
);
