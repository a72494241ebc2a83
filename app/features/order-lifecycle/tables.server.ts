import { sql } from "drizzle-orm";
import {
  CHAT_APP_IDS,
  ORDER_CHANNEL_IDS,
  ORDER_STATUS_IDS,
  PAYMENT_METHOD_IDS,
  PAYMENT_STATUS_IDS,
  RTO_REASON_IDS,
} from "~/features/order-lifecycle/order-status";
import { SHIPPING_METHODS } from "./order-status";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList, updatedAt } from "~/platform/db/columns.server";
import { products } from "~/features/catalog/tables.server";
import { adminUsers } from "~/platform/db/tables.server";
import { checkouts } from "~/features/checkout/tables.server";
import { type ProductConfig } from "~/features/sign-options/product-options";

/** The tables of the order-lifecycle feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

export type ShippingAddress = {
  address1: string;
  address2?: string;
  landmark?: string;
  city: string;
  /** India: the state's slug; abroad: the region as typed. */
  state: string;
  /** India: the PIN code; abroad: the postal code (may be empty). */
  pincode: string;
  /** ISO code of a country abroad; absent for India. */
  country?: string;
};

export const orderColumns = () => ({
  id: pg.uuid("id").primaryKey().defaultRandom(),
  /**
   * The shopper's key to this one order's page (/orders/<token>): 64 hex characters from two
   * gen_random_uuid() calls (244 random bits), set by the database on insert (decision 019).
   */
  accessToken: pg
    .text("access_token")
    .notNull()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  checkoutId: pg.uuid("checkout_id").references(() => checkouts.id, { onDelete: "restrict" }),
  customerName: pg.text("customer_name").notNull(),
  customerEmail: pg.text("customer_email").notNull(),
  customerPhone: pg.text("customer_phone").notNull(),
  shippingAddress: pg.jsonb("shipping_address").$type<ShippingAddress>().notNull(),
  preferredDate: pg.date("preferred_date"),
  deliveryFee: pg.integer("delivery_fee").notNull().default(0),
  /** How the checkout is delivered (standard, express, international); on every order of the checkout. */
  shippingMethod: pg.text("shipping_method", { enum: SHIPPING_METHODS }).notNull().default("standard"),
  /** The cash-on-delivery charge (on the order that carries the checkout's charges). */
  codFee: pg.integer("cod_fee").notNull().default(0),
  /** This order's part of the discount code's amount (rupees), and the code as it was used. */
  discount: pg.integer("discount").notNull().default(0),
  discountCode: pg.text("discount_code"),
  /** What automatic offers took off this order's lines, and their names ("Free Dimmer on XL Signs"). */
  offerDiscount: pg.integer("offer_discount").notNull().default(0),
  offerNames: pg.text("offer_names"),
  /** The estimated delivery window promised at checkout, in business days from the order (null: older orders). */
  deliveryDaysMin: pg.integer("delivery_days_min"),
  deliveryDaysMax: pg.integer("delivery_days_max"),
  totalAmount: pg.integer("total_amount").notNull(),
  paymentMethod: pg.text("payment_method", { enum: PAYMENT_METHOD_IDS }).notNull(),
  paymentStatus: pg.text("payment_status", { enum: PAYMENT_STATUS_IDS }).notNull().default("pending"),
  status: pg.text("status", { enum: ORDER_STATUS_IDS }).notNull().default("pending"),
  /** A business buyer's GSTIN and name, given at checkout (checked; its state is the delivery state): B2B invoice. */
  buyerGstin: pg.text("buyer_gstin"),
  buyerBusinessName: pg.text("buyer_business_name"),
  razorpayOrderId: pg.text("razorpay_order_id"),
  razorpayPaymentId: pg.text("razorpay_payment_id"),
  isTest: pg.boolean("is_test").notNull().default(false),
  courier: pg.text("courier"),
  trackingNumber: pg.text("tracking_number"),
  /** The shopper ticked "Send me order updates on WhatsApp" at checkout; false: never a WhatsApp message. */
  whatsappUpdates: pg.boolean("whatsapp_updates").notNull().default(false),
  /** Set once when a cancellation or a return to origin has put the stock back, so it is never returned twice. */
  stockReleasedAt: pg.timestamp("stock_released_at", { withTimezone: true }),
  /** Why a dispatched order came back (status 'rto'); the note is in the order's history. */
  rtoReason: pg.text("rto_reason", { enum: RTO_REASON_IDS }),
  /** Where the order was made (issue 46): "website", or "chat" when staff made it with a pay link. */
  channel: pg.text("channel", { enum: ORDER_CHANNEL_IDS }).notNull().default("website"),
  /** The chat of a staff-made order (WhatsApp, Instagram, phone, other), as staff chose it. */
  chatApp: pg.text("chat_app", { enum: CHAT_APP_IDS }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The admin's order search (app/features/orders/admin-orders.server.ts): word-prefix name search (full-text,
 * 'simple' config; no extension needed), e-mail and phone prefix, phone suffix, status filter.
 */
export function orderSearchIndexes(
  prefix: string,
  t: {
    customerName: pg.AnyPgColumn;
    customerEmail: pg.AnyPgColumn;
    customerPhone: pg.AnyPgColumn;
    status: pg.AnyPgColumn;
    createdAt: pg.AnyPgColumn;
  },
) {
  return [
    pg.index(`${prefix}_name_search_idx`).using("gin", sql`to_tsvector('simple', ${t.customerName})`),
    pg.index(`${prefix}_email_prefix_idx`).using("btree", sql`lower(${t.customerEmail}) text_pattern_ops`),
    pg.index(`${prefix}_phone_prefix_idx`).using("btree", sql`${t.customerPhone} text_pattern_ops`),
    pg.index(`${prefix}_phone_suffix_idx`).using("btree", sql`reverse(${t.customerPhone}) text_pattern_ops`),
    pg.index(`${prefix}_status_created_idx`).on(t.status, t.createdAt),
    // The lists' "Abandoned online attempts" view (online orders never paid), newest first.
    pg
      .index(`${prefix}_attempts_created_idx`)
      .on(t.createdAt)
      .where(sql`payment_method <> 'cod' and payment_status in ('pending', 'failed')`),
  ];
}

export const orders = pg.pgTable(
  "orders",
  {
    ...orderColumns(),
    subtotal: pg.integer("subtotal").notNull(),
  },
  (t) => [
    pg.check(
      "orders_amounts_nonnegative",
      sql`${t.subtotal} >= 0 and ${t.deliveryFee} >= 0 and ${t.codFee} >= 0 and ${t.discount} >= 0 and ${t.offerDiscount} >= 0 and ${t.discount} + ${t.offerDiscount} <= ${t.subtotal} and ${t.totalAmount} >= 0`,
    ),
    pg.check(
      "orders_total_adds_up",
      sql`${t.totalAmount} = ${t.subtotal} + ${t.deliveryFee} + ${t.codFee} - ${t.discount} - ${t.offerDiscount}`,
    ),
    pg.check("orders_shipping_method", inList(t.shippingMethod, SHIPPING_METHODS)),
    pg.check("orders_status", inList(t.status, ORDER_STATUS_IDS)),
    pg.check("orders_payment_status", inList(t.paymentStatus, PAYMENT_STATUS_IDS)),
    pg.check("orders_method", inList(t.paymentMethod, PAYMENT_METHOD_IDS)),
    pg.check("orders_rto_reason", inList(t.rtoReason, RTO_REASON_IDS)),
    pg.check("orders_channel", inList(t.channel, ORDER_CHANNEL_IDS)),
    pg.check("orders_chat_app", inList(t.chatApp, CHAT_APP_IDS)),
    pg.index("orders_created_idx").on(t.createdAt),
    pg.index("orders_checkout_idx").on(t.checkoutId),
    pg.index("orders_phone_idx").on(t.customerPhone),
    pg.index("orders_email_idx").on(sql`lower(${t.customerEmail})`),
    pg.uniqueIndex("orders_access_token_uq").on(t.accessToken),
    ...orderSearchIndexes("orders", t),
  ],
);

export const orderItems = pg.pgTable(
  "order_items",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    orderId: pg
      .uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Order history outlives a deleted product: the line keeps its name, price and picture.
    productId: pg.uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: pg.text("product_name").notNull(),
    quantity: pg.integer("quantity").notNull(),
    /** Unit price in rupees, add-ons included. */
    price: pg.integer("price").notNull(),
    productImage: pg.text("product_image"),
    productConfig: pg.jsonb("product_config").$type<ProductConfig>().notNull(),
    /** Units of the line made to order (not taken from stock, never put back): a made-to-order product's shortfall. */
    madeToOrder: pg.integer("made_to_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    pg.check("order_items_made_to_order_range", sql`${t.madeToOrder} between 0 and ${t.quantity}`),
    pg.check("order_items_price_nonnegative", sql`${t.price} >= 0`),
    pg.index("order_items_order_idx").on(t.orderId),
  ],
);

export const customNeonOrders = pg.pgTable(
  "custom_neon_orders",
  {
    ...orderColumns(),
    customText: pg.text("custom_text").notNull(),
    fontStyle: pg.text("font_style").notNull(),
    neonColor: pg.text("neon_color").notNull(),
    size: pg.text("size").notNull(),
    hasDimmer: pg.boolean("has_dimmer").notNull(),
    backingShape: pg.text("backing_shape").notNull(),
    previewImageKey: pg.text("preview_image_key"),
    /** The shopper's own-wall photo with the sign, attached by their choice (issue 18); null when none. */
    wallPhotoKey: pg.text("wall_photo_key"),
    quantity: pg.integer("quantity").notNull().default(1),
    basePrice: pg.integer("base_price").notNull(),
    dimmerPrice: pg.integer("dimmer_price").notNull(),
    backingPrice: pg.integer("backing_price").notNull(),
    characterPrice: pg.integer("character_price").notNull(),
    /** Borderline "can we make it?" warnings for the workshop, one per line (issue 18); null when none. */
    makeWarnings: pg.text("make_warnings"),
  },
  (t) => [
    pg.check("custom_orders_quantity_positive", sql`${t.quantity} > 0`),
    pg.check(
      "custom_orders_amounts_nonnegative",
      sql`${t.basePrice} >= 0 and ${t.dimmerPrice} >= 0 and ${t.backingPrice} >= 0 and ${t.characterPrice} >= 0 and ${t.deliveryFee} >= 0 and ${t.codFee} >= 0 and ${t.discount} >= 0 and ${t.offerDiscount} >= 0 and ${t.totalAmount} >= 0`,
    ),
    pg.check("custom_orders_shipping_method", inList(t.shippingMethod, SHIPPING_METHODS)),
    pg.check("custom_orders_status", inList(t.status, ORDER_STATUS_IDS)),
    pg.check("custom_orders_payment_status", inList(t.paymentStatus, PAYMENT_STATUS_IDS)),
    pg.check("custom_orders_method", inList(t.paymentMethod, PAYMENT_METHOD_IDS)),
    pg.check("custom_orders_rto_reason", inList(t.rtoReason, RTO_REASON_IDS)),
    pg.check("custom_orders_channel", inList(t.channel, ORDER_CHANNEL_IDS)),
    pg.check("custom_orders_chat_app", inList(t.chatApp, CHAT_APP_IDS)),
    pg.index("custom_orders_created_idx").on(t.createdAt),
    pg.index("custom_orders_checkout_idx").on(t.checkoutId),
    pg.uniqueIndex("custom_orders_access_token_uq").on(t.accessToken),
    ...orderSearchIndexes("custom_orders", t),
  ],
);

/** Every change of an order's status or payment status: who, when, from, to, note. */
export const orderStatusHistory = pg.pgTable(
  "order_status_history",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    orderId: pg.uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    customOrderId: pg.uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "cascade" }),
    /** "production": a move on the production board (issue 44), its columns as from and to. */
    field: pg.text("field", { enum: ["status", "payment_status", "return", "production"] }).notNull(),
    fromValue: pg.text("from_value"),
    toValue: pg.text("to_value").notNull(),
    note: pg.text("note"),
    /** The admin who made the change; null for the system (payment gateway, expiry job). */
    changedBy: pg.uuid("changed_by").references(() => adminUsers.id, { onDelete: "set null" }),
    changedByEmail: pg.text("changed_by_email"),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check("order_status_history_one_target", sql`num_nonnulls(${t.orderId}, ${t.customOrderId}) = 1`),
    pg.index("order_status_history_order_idx").on(t.orderId),
    pg.index("order_status_history_custom_idx").on(t.customOrderId),
    pg.index("order_status_history_created_idx").on(t.createdAt),
  ],
);

/**
 * Notices to the shop (new orders, proof answers, logo quotes) that came while the hourly notice limit
 * (SHOP_NOTICES_PER_HOUR) was reached: kept here, one line each, and mailed together in the next digest
 * (every 10 minutes), so a flood is batched and no order goes unannounced (issue 42).
 */
export const shopNoticeBacklog = pg.pgTable("shop_notice_backlog", {
  dedupeKey: pg.text("dedupe_key").primaryKey(),
  /** One line for the digest: "New order NL-1042: ₹10,053 (Cash on Delivery), Asha Verma, Pune". */
  summary: pg.text("summary").notNull(),
  createdAt: createdAt(),
});
