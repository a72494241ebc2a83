import { sql } from "drizzle-orm";
// The status and payment lists live in the domain (relative paths: drizzle-kit loads this file too).
import { PAYMENT_METHOD_IDS } from "~/features/order-lifecycle/order-status";
import {
  ORDER_STATUS_IDS,
  PAYMENT_STATUS_IDS,
  RTO_REASON_IDS,
} from "~/features/order-lifecycle/order-status";
import { SHIPPING_METHODS } from "~/features/checkout/shipping";
import { WHEN_SOLD_OUT, type ProductFacts } from "~/features/catalog/product-facts";
import { APPLIES_TO, DISCOUNT_KINDS } from "~/features/discount-codes/discounts";
import { OFFER_KINDS } from "~/features/offers/offers";
import { REFUND_METHODS, REFUND_STATUSES } from "~/features/after-sale/refunds";
import { RETURN_REASONS, RETURN_STATUSES } from "~/features/after-sale/returns";
import { PROOF_STATES } from "~/features/design-proofs/design-proofs";
import { QUOTE_STATES } from "~/features/logo-quotes/logo-quotes";
import { GRIEVANCE_MESSAGE_KINDS, GRIEVANCE_STATUSES } from "~/features/grievances/grievances";
import { DROP_KINDS, DROP_REASONS } from "~/features/site-speed/web-vitals";
import { REJECT_REASONS, REVIEW_STATUSES } from "~/features/reviews/reviews";
import { ROLES } from "~/features/admin-shell/staff-roles";
import { COD_ANSWER_VIA, COD_CONFIRMATION_STATES } from "~/features/cod-confirmation/cod-confirmation";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

// Money columns are whole rupees (integer). Timestamps are timestamptz.
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categories_name_lower_uq").on(sql`lower(${t.name})`)],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    // A category in use cannot be deleted (ON DELETE RESTRICT).
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    isActive: boolean("is_active").notNull().default(true),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    /** The colour the product page starts with (one of PRODUCT_COLORS): the colour of its photos, set in the admin. */
    defaultColor: text("default_color").notNull().default("Blue"),
    /** With no stock left: "sold-out" (cannot be ordered) or "made-to-order" (orderable, madeToOrderDays later). */
    whenSoldOut: text("when_sold_out", { enum: WHEN_SOLD_OUT }).notNull().default("sold-out"),
    /** Business days a made-to-order unit adds to the delivery date. */
    madeToOrderDays: integer("made_to_order_days").notNull().default(5),
    /** The product's own facts (size in cm, weight, power, box, warranty, declarations); empty: the shop's defaults. */
    facts: jsonb("facts").$type<ProductFacts>().notNull().default({}),
    /**
     * The mean and count of the product's published reviews (issue 29): written only by
     * app/features/reviews/review-figures.server.ts in the review's own transaction, never typed by staff.
     */
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    smallPrice: integer("small_price"),
    smallMrp: integer("small_mrp"),
    mediumPrice: integer("medium_price").notNull(),
    mediumMrp: integer("medium_mrp").notNull(),
    largePrice: integer("large_price"),
    largeMrp: integer("large_mrp"),
    extraLargePrice: integer("extra_large_price"),
    extraLargeMrp: integer("extra_large_mrp"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_stock_nonnegative", sql`${t.stockQuantity} >= 0`),
    check("products_when_sold_out", sql`${t.whenSoldOut} in ('sold-out', 'made-to-order')`),
    check("products_made_to_order_days", sql`${t.madeToOrderDays} between 1 and 60`),
    check("products_rating_range", sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check("products_review_count_nonnegative", sql`${t.reviewCount} >= 0`),
    check(
      "products_prices_nonnegative",
      sql`coalesce(${t.smallPrice},0) >= 0 and coalesce(${t.smallMrp},0) >= 0 and ${t.mediumPrice} >= 0 and ${t.mediumMrp} >= 0 and coalesce(${t.largePrice},0) >= 0 and coalesce(${t.largeMrp},0) >= 0 and coalesce(${t.extraLargePrice},0) >= 0 and coalesce(${t.extraLargeMrp},0) >= 0`,
    ),
    index("products_category_idx").on(t.categoryId),
    index("products_active_created_idx").on(t.isActive, t.createdAt),
  ],
);

/** An uploaded image: objects {key}/{width}.webp in the image store (DATA_DIR/uploads or the S3 bucket). */
const imageColumns = () => ({
  imageKey: text("image_key").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
});

export const productImages = pgTable(
  "product_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    ...imageColumns(),
    altText: text("alt_text"),
    /** The sign's colour in this photo (one of PRODUCT_COLORS), or null when not said: the gallery shows it for that colour. */
    color: text("color"),
    displayOrder: integer("display_order").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // (product_id, display_order) is unique: a DEFERRABLE constraint added in drizzle/0001 so a
    // reorder can swap two rows inside one transaction.
    check("product_images_order_positive", sql`${t.displayOrder} >= 1`),
  ],
);

export const bestsellingProducts = pgTable(
  "bestselling_products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    displayOrder: integer("display_order").notNull(),
    badgeText: text("badge_text").notNull().default("Bestseller"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  // display_order is unique: a DEFERRABLE constraint in drizzle/0001 (reorders swap neighbours).
  (t) => [uniqueIndex("bestselling_products_product_uq").on(t.productId)],
);

// display_order is unique: a DEFERRABLE constraint in drizzle/0001 (reorders swap neighbours).
export const banners = pgTable("banners", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  ...imageColumns(),
  linkUrl: text("link_url"),
  /**
   * What the banner promises, so checkout applies exactly that: a discount code or an automatic offer
   * (at most one). While it is not valid, the banner is not shown (migration 0010).
   */
  discountCodeId: uuid("discount_code_id").references((): AnyPgColumn => discountCodes.id, {
    onDelete: "set null",
  }),
  offerId: uuid("offer_id").references((): AnyPgColumn => offers.id, { onDelete: "set null" }),
  isActive: boolean("is_active").notNull().default(true),
  displayOrder: integer("display_order").notNull(),
  createdAt: createdAt(),
});

/** Staff accounts (the spec's profiles with is_admin). */
export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: boolean("is_admin").notNull().default(true),
    disabled: boolean("disabled").notNull().default(false),
    /** Staff role (app/features/admin-shell/staff-roles.ts); admin:create makes an owner. */
    role: text("role", { enum: ROLES }).notNull().default("owner"),
    /** The TOTP secret, AES-256-GCM encrypted (app/platform/auth/secret-box.server.ts); null: no authenticator. */
    totpSecret: text("totp_secret"),
    /** The last accepted TOTP time-step: a code of that step or earlier is never accepted again. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** The WebAuthn user handle (random, base64url), made with the first passkey. */
    webauthnUserId: text("webauthn_user_id"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("admin_users_email_lower_uq").on(sql`lower(${t.email})`),
    check("admin_users_role_known", sql`${t.role} in ('owner', 'operations', 'catalogue', 'accounts')`),
  ],
);

/** One-time backup codes of a staff member's second factor (SHA-256 of the code; used once). */
export const adminBackupCodes = pgTable(
  "admin_backup_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_backup_codes_user_idx").on(t.userId)],
);

/** Staff passkeys (WebAuthn credentials): the public key and its signature counter. */
export const adminPasskeys = pgTable(
  "admin_passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("admin_passkeys_user_idx").on(t.userId)],
);

/** Invitations to join the staff: a one-time link (only the SHA-256 of its token is kept). */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    invitedBy: uuid("invited_by").references(() => adminUsers.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("staff_invitations_email_idx").on(sql`lower(${t.email})`)],
);

/** The staff policy, one row: which roles must have a second factor, how long the audit trail is kept. */
export const staffPolicy = pgTable(
  "staff_policy",
  {
    id: integer("id").primaryKey().default(1),
    secondFactorRoles: text("second_factor_roles").array().notNull(),
    auditRetentionDays: integer("audit_retention_days").notNull().default(730),
    updatedAt: updatedAt(),
  },
  (t) => [check("staff_policy_one_row", sql`${t.id} = 1`)],
);

/**
 * The audit trail of admin changes: who, when, from where, what (before -> after). Append-only: a trigger
 * (migration 0034) refuses UPDATE, and DELETE except by the retention sweep (app/platform/audit.server.ts).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email").notNull(),
    ip: text("ip"),
    kind: text("kind").notNull(),
    action: text("action").notNull(),
    subject: text("subject"),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_kind_idx").on(t.kind, t.at),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's random token; the token itself is never stored. */
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /**
     * "full": signed in. "second_factor": the password was right, the code is still to come. "enrol": the
     * password was right and the shop requires a second factor the member has not set up yet.
     */
    stage: text("stage", { enum: ["full", "second_factor", "enrol"] })
      .notNull()
      .default("full"),
    /** When the session last proved the second factor (sign-in or step-up); null: never. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Browsers an admin has signed in from (a long-lived device cookie holds the token; only its hash is
 * kept). Sign-ins from a known device skip the account-wide slow-down that guessing from many networks
 * sets off (app/platform/auth/login-throttle.server.ts, docs/decisions/028-account-sign-in-defence.md).
 */
export const adminDevices = pgTable(
  "admin_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When this browser last finished a sign-in with the second factor (null: only the password was right
     * here). Only such browsers skip the account-wide count of wrong codes (login-throttle.server.ts).
     */
    provedAt: timestamp("proved_at", { withTimezone: true }),
  },
  (t) => [index("admin_devices_user_idx").on(t.userId, t.lastUsedAt)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    succeeded: boolean("succeeded").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_email_idx").on(sql`lower(${t.email})`, t.createdAt),
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
  ],
);

/**
 * Counters of rate-limiter-flexible's RateLimiterPostgres (app/platform/limits/rate-limit.server.ts), shared by every
 * instance. The column names and types are the library's own; `expire` is epoch milliseconds.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 255 }).primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

const inList = (col: unknown, values: readonly string[]) =>
  sql`${col} in (${sql.join(
    values.map((v) => sql.raw(`'${v}'`)),
    sql`, `,
  )})`;

/**
 * One checkout attempt: the unit of payment and of idempotency. A repeated submission with the
 * same idempotency key finds this row and returns its result instead of creating orders again.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHOD_IDS }).notNull(),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUS_IDS }).notNull().default("pending"),
    totalAmount: integer("total_amount").notNull(),
    razorpayOrderId: text("razorpay_order_id"),
    razorpayPaymentId: text("razorpay_payment_id"),
    isTest: boolean("is_test").notNull().default(false),
    /** Unpaid online checkouts hold stock until this time, then are cancelled. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /**
     * Who placed it, for the limits on open orders per customer (docs/decisions/010-abuse-limits.md):
     * the client's network (IPv4 address or IPv6 /64: app/shared/client-address.ts networkKey), the
     * normalised phone (+91...), the mailbox key of the email (mail-safety.ts mailboxKey) and a key of
     * the delivery address (PIN + letters and digits of the first line).
     */
    clientIp: text("client_ip"),
    customerPhone: text("customer_phone"),
    customerEmail: text("customer_email"),
    addressKey: text("address_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("checkouts_idempotency_key_uq").on(t.idempotencyKey),
    index("checkouts_client_ip_idx").on(t.clientIp, t.createdAt),
    index("checkouts_customer_phone_idx").on(t.customerPhone, t.createdAt),
    index("checkouts_customer_email_idx").on(t.customerEmail, t.createdAt),
    index("checkouts_address_key_idx").on(t.addressKey, t.createdAt),
    uniqueIndex("checkouts_razorpay_order_uq").on(t.razorpayOrderId),
    check("checkouts_total_nonnegative", sql`${t.totalAmount} >= 0`),
    check("checkouts_method", inList(t.paymentMethod, PAYMENT_METHOD_IDS)),
    check("checkouts_payment_status", inList(t.paymentStatus, PAYMENT_STATUS_IDS)),
  ],
);

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

const orderColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  /**
   * The shopper's key to this one order's page (/orders/<token>): 64 hex characters from two
   * gen_random_uuid() calls (244 random bits), set by the database on insert (decision 019).
   */
  accessToken: text("access_token")
    .notNull()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  checkoutId: uuid("checkout_id").references(() => checkouts.id, { onDelete: "restrict" }),
  customerName: text("customer_name").notNull(),
  customerEmail: text("customer_email").notNull(),
  customerPhone: text("customer_phone").notNull(),
  shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
  preferredDate: date("preferred_date"),
  deliveryFee: integer("delivery_fee").notNull().default(0),
  /** How the checkout is delivered (standard, express, international); on every order of the checkout. */
  shippingMethod: text("shipping_method", { enum: SHIPPING_METHODS }).notNull().default("standard"),
  /** The cash-on-delivery charge (on the order that carries the checkout's charges). */
  codFee: integer("cod_fee").notNull().default(0),
  /** This order's part of the discount code's amount (rupees), and the code as it was used. */
  discount: integer("discount").notNull().default(0),
  discountCode: text("discount_code"),
  /** What automatic offers took off this order's lines, and their names ("Free Dimmer on XL Signs"). */
  offerDiscount: integer("offer_discount").notNull().default(0),
  offerNames: text("offer_names"),
  /** The estimated delivery window promised at checkout, in business days from the order (null: older orders). */
  deliveryDaysMin: integer("delivery_days_min"),
  deliveryDaysMax: integer("delivery_days_max"),
  totalAmount: integer("total_amount").notNull(),
  paymentMethod: text("payment_method", { enum: PAYMENT_METHOD_IDS }).notNull(),
  paymentStatus: text("payment_status", { enum: PAYMENT_STATUS_IDS }).notNull().default("pending"),
  status: text("status", { enum: ORDER_STATUS_IDS }).notNull().default("pending"),
  /** A business buyer's GSTIN and name, given at checkout (checked; its state is the delivery state): B2B invoice. */
  buyerGstin: text("buyer_gstin"),
  buyerBusinessName: text("buyer_business_name"),
  razorpayOrderId: text("razorpay_order_id"),
  razorpayPaymentId: text("razorpay_payment_id"),
  isTest: boolean("is_test").notNull().default(false),
  courier: text("courier"),
  trackingNumber: text("tracking_number"),
  /** The shopper ticked "Send me order updates on WhatsApp" at checkout; false: never a WhatsApp message. */
  whatsappUpdates: boolean("whatsapp_updates").notNull().default(false),
  /** Set once when a cancellation or a return to origin has put the stock back, so it is never returned twice. */
  stockReleasedAt: timestamp("stock_released_at", { withTimezone: true }),
  /** Why a dispatched order came back (status 'rto'); the note is in the order's history. */
  rtoReason: text("rto_reason", { enum: RTO_REASON_IDS }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The admin's order search (app/features/orders/admin-orders.server.ts): word-prefix name search (full-text,
 * 'simple' config; no extension needed), e-mail and phone prefix, phone suffix, status filter.
 */
function orderSearchIndexes(
  prefix: string,
  t: {
    customerName: AnyPgColumn;
    customerEmail: AnyPgColumn;
    customerPhone: AnyPgColumn;
    status: AnyPgColumn;
    createdAt: AnyPgColumn;
  },
) {
  return [
    index(`${prefix}_name_search_idx`).using("gin", sql`to_tsvector('simple', ${t.customerName})`),
    index(`${prefix}_email_prefix_idx`).using("btree", sql`lower(${t.customerEmail}) text_pattern_ops`),
    index(`${prefix}_phone_prefix_idx`).using("btree", sql`${t.customerPhone} text_pattern_ops`),
    index(`${prefix}_phone_suffix_idx`).using("btree", sql`reverse(${t.customerPhone}) text_pattern_ops`),
    index(`${prefix}_status_created_idx`).on(t.status, t.createdAt),
    // The lists' "Abandoned online attempts" view (online orders never paid), newest first.
    index(`${prefix}_attempts_created_idx`)
      .on(t.createdAt)
      .where(sql`payment_method <> 'cod' and payment_status in ('pending', 'failed')`),
  ];
}

export const orders = pgTable(
  "orders",
  {
    ...orderColumns(),
    subtotal: integer("subtotal").notNull(),
  },
  (t) => [
    check(
      "orders_amounts_nonnegative",
      sql`${t.subtotal} >= 0 and ${t.deliveryFee} >= 0 and ${t.codFee} >= 0 and ${t.discount} >= 0 and ${t.offerDiscount} >= 0 and ${t.discount} + ${t.offerDiscount} <= ${t.subtotal} and ${t.totalAmount} >= 0`,
    ),
    check(
      "orders_total_adds_up",
      sql`${t.totalAmount} = ${t.subtotal} + ${t.deliveryFee} + ${t.codFee} - ${t.discount} - ${t.offerDiscount}`,
    ),
    check("orders_shipping_method", inList(t.shippingMethod, SHIPPING_METHODS)),
    check("orders_status", inList(t.status, ORDER_STATUS_IDS)),
    check("orders_payment_status", inList(t.paymentStatus, PAYMENT_STATUS_IDS)),
    check("orders_method", inList(t.paymentMethod, PAYMENT_METHOD_IDS)),
    check("orders_rto_reason", inList(t.rtoReason, RTO_REASON_IDS)),
    index("orders_created_idx").on(t.createdAt),
    index("orders_checkout_idx").on(t.checkoutId),
    index("orders_phone_idx").on(t.customerPhone),
    index("orders_email_idx").on(sql`lower(${t.customerEmail})`),
    uniqueIndex("orders_access_token_uq").on(t.accessToken),
    ...orderSearchIndexes("orders", t),
  ],
);

export type ProductConfig = {
  size: "S" | "M" | "L" | "XL";
  color: string;
  brightnessController: boolean;
  productType: string;
  originalProductId: string;
};

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Order history outlives a deleted product: the line keeps its name, price and picture.
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    /** Unit price in rupees, add-ons included. */
    price: integer("price").notNull(),
    productImage: text("product_image"),
    productConfig: jsonb("product_config").$type<ProductConfig>().notNull(),
    /** Units of the line made to order (not taken from stock, never put back): a made-to-order product's shortfall. */
    madeToOrder: integer("made_to_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_made_to_order_range", sql`${t.madeToOrder} between 0 and ${t.quantity}`),
    check("order_items_price_nonnegative", sql`${t.price} >= 0`),
    index("order_items_order_idx").on(t.orderId),
  ],
);

export const customNeonOrders = pgTable(
  "custom_neon_orders",
  {
    ...orderColumns(),
    customText: text("custom_text").notNull(),
    fontStyle: text("font_style").notNull(),
    neonColor: text("neon_color").notNull(),
    size: text("size").notNull(),
    hasDimmer: boolean("has_dimmer").notNull(),
    backingShape: text("backing_shape").notNull(),
    previewImageKey: text("preview_image_key"),
    /** The shopper's own-wall photo with the sign, attached by their choice (issue 18); null when none. */
    wallPhotoKey: text("wall_photo_key"),
    quantity: integer("quantity").notNull().default(1),
    basePrice: integer("base_price").notNull(),
    dimmerPrice: integer("dimmer_price").notNull(),
    backingPrice: integer("backing_price").notNull(),
    characterPrice: integer("character_price").notNull(),
    /** Borderline "can we make it?" warnings for the workshop, one per line (issue 18); null when none. */
    makeWarnings: text("make_warnings"),
  },
  (t) => [
    check("custom_orders_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "custom_orders_amounts_nonnegative",
      sql`${t.basePrice} >= 0 and ${t.dimmerPrice} >= 0 and ${t.backingPrice} >= 0 and ${t.characterPrice} >= 0 and ${t.deliveryFee} >= 0 and ${t.codFee} >= 0 and ${t.discount} >= 0 and ${t.offerDiscount} >= 0 and ${t.totalAmount} >= 0`,
    ),
    check("custom_orders_shipping_method", inList(t.shippingMethod, SHIPPING_METHODS)),
    check("custom_orders_status", inList(t.status, ORDER_STATUS_IDS)),
    check("custom_orders_payment_status", inList(t.paymentStatus, PAYMENT_STATUS_IDS)),
    check("custom_orders_method", inList(t.paymentMethod, PAYMENT_METHOD_IDS)),
    check("custom_orders_rto_reason", inList(t.rtoReason, RTO_REASON_IDS)),
    index("custom_orders_created_idx").on(t.createdAt),
    index("custom_orders_checkout_idx").on(t.checkoutId),
    uniqueIndex("custom_orders_access_token_uq").on(t.accessToken),
    ...orderSearchIndexes("custom_orders", t),
  ],
);

/** Every change of an order's status or payment status: who, when, from, to, note. */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    customOrderId: uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "cascade" }),
    field: text("field", { enum: ["status", "payment_status", "return"] }).notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value").notNull(),
    note: text("note"),
    /** The admin who made the change; null for the system (payment gateway, expiry job). */
    changedBy: uuid("changed_by").references(() => adminUsers.id, { onDelete: "set null" }),
    changedByEmail: text("changed_by_email"),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_status_history_one_target", sql`num_nonnulls(${t.orderId}, ${t.customOrderId}) = 1`),
    index("order_status_history_order_idx").on(t.orderId),
    index("order_status_history_custom_idx").on(t.customOrderId),
    index("order_status_history_created_idx").on(t.createdAt),
  ],
);

/** Payment gateway events already handled; a repeated event id changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  eventType: text("event_type").notNull(),
  razorpayOrderId: text("razorpay_order_id"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One message the shop sends because of one order event (a confirmation, a shop notice, a status mail),
 * keyed by that event: written in the event's own transaction together with its queue job, so the job is
 * queued at most once per event, and marked sent after delivery, so a retried job never sends it again.
 */
export const messageDeliveries = pgTable("message_deliveries", {
  dedupeKey: varchar("dedupe_key", { length: 200 }).primaryKey(),
  queue: varchar("queue", { length: 100 }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  attempts: integer("attempts").notNull().default(0),
  /** Set when the message can never be delivered (a WhatsApp number that does not exist, a missing template): not retried. */
  failedAt: timestamp("failed_at", { withTimezone: true }),
  failure: text("failure"),
});

/**
 * The shop's settings (app/features/settings/shop-settings.ts), one row. Written on first use from the environment's
 * defaults, then only by /admin/settings. A change is announced on catalog_changes (migration 0007), so
 * every instance drops its cached copy and open pages re-read.
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
    updatedByEmail: text("updated_by_email"),
  },
  (t) => [check("shop_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * The services' keys the Owner saved in Settings > Keys (issue 42, decision 055; app/shared/service-keys.ts):
 * one row per key, named as its environment variable, the value sealed with the shop's secrets key
 * (secret-box.server.ts), so a dump or a backup holds no usable key. An environment variable that is set
 * wins over its row. A change is announced on order_changes (migration 0042), so every instance reads the
 * keys again.
 */
export const serviceKeys = pgTable("service_keys", {
  name: text("name").primaryKey(),
  sealed: text("sealed").notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
  updatedByEmail: text("updated_by_email"),
});

/**
 * Discount codes (app/features/discount-codes/discounts.ts), edited on /admin/discount-codes. A code is matched without
 * regard to case; its uses are the redemptions of checkouts that still have an order not cancelled.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    description: text("description"),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    value: integer("value").notNull(),
    minSubtotal: integer("min_subtotal").notNull().default(0),
    appliesTo: text("applies_to", { enum: APPLIES_TO }).notNull().default("all"),
    startsOn: date("starts_on"),
    endsOn: date("ends_on"),
    maxUses: integer("max_uses"),
    maxUsesPerShopper: integer("max_uses_per_shopper"),
    /** Only this mailbox (mailboxKey) may use it: a code sent to one shopper (cart reminders, issue 30); null: anyone. */
    forEmail: text("for_email"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_upper_uq").on(sql`upper(${t.code})`),
    check("discount_codes_kind", inList(t.kind, DISCOUNT_KINDS)),
    check("discount_codes_applies_to", inList(t.appliesTo, APPLIES_TO)),
    check(
      "discount_codes_value",
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100) and ${t.minSubtotal} >= 0`,
    ),
    check(
      "discount_codes_uses",
      sql`coalesce(${t.maxUses}, 1) >= 1 and coalesce(${t.maxUsesPerShopper}, 1) >= 1`,
    ),
  ],
);

/** One use of a code: by one checkout (its shopper's phone and email, for the per-shopper limit). */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeId: uuid("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "restrict" }),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    customerPhone: text("customer_phone").notNull(),
    customerEmail: text("customer_email").notNull(),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_redemptions_checkout_uq").on(t.checkoutId),
    index("discount_redemptions_code_idx").on(t.codeId),
    index("discount_redemptions_phone_idx").on(t.codeId, t.customerPhone),
    index("discount_redemptions_email_idx").on(t.codeId, t.customerEmail),
  ],
);

/** Automatic offers (app/features/offers/offers.ts), applied without a code while they run; /admin/offers. */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    kind: text("kind", { enum: OFFER_KINDS }).notNull(),
    value: integer("value").notNull().default(0),
    appliesTo: text("applies_to", { enum: APPLIES_TO }).notNull().default("all"),
    /** Sizes (S, M, L, XL) it applies to; empty: all. */
    sizes: text("sizes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsOn: date("starts_on"),
    endsOn: date("ends_on"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("offers_name_lower_uq").on(sql`lower(${t.name})`),
    check("offers_kind", inList(t.kind, OFFER_KINDS)),
    check("offers_applies_to", inList(t.appliesTo, APPLIES_TO)),
    check(
      "offers_value",
      sql`${t.value} >= 0 and (${t.kind} <> 'percent-off' or (${t.value} >= 1 and ${t.value} <= 100))`,
    ),
  ],
);

/**
 * Money given back for one order (app/features/after-sale/refunds.ts): through Razorpay's Refunds API (our id is its
 * idempotency key, so a retried call never refunds twice) or recorded by staff for cash on delivery.
 * The sum of refunds that did not fail never exceeds what the order took (checked under the order's lock).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    customOrderId: uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
    method: text("method", { enum: REFUND_METHODS }).notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    reason: text("reason").notNull(),
    /** The Razorpay payment refunded, and Razorpay's refund id once known. */
    razorpayPaymentId: text("razorpay_payment_id"),
    razorpayRefundId: text("razorpay_refund_id"),
    /** For a manual refund: the bank or UPI reference staff paid it with. */
    reference: text("reference"),
    failureReason: text("failure_reason"),
    /** The admin form's one-time key: a double click or a resubmitted form finds this refund instead of a second. */
    requestKey: text("request_key"),
    isTest: boolean("is_test").notNull().default(false),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("refunds_one_target", sql`num_nonnulls(${t.orderId}, ${t.customOrderId}) = 1`),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check("refunds_status", inList(t.status, REFUND_STATUSES)),
    check("refunds_method", inList(t.method, REFUND_METHODS)),
    uniqueIndex("refunds_razorpay_refund_uq").on(t.razorpayRefundId),
    uniqueIndex("refunds_request_key_uq").on(t.requestKey),
    index("refunds_order_idx").on(t.orderId),
    index("refunds_custom_order_idx").on(t.customOrderId),
  ],
);

/**
 * The last number used per document series and financial year ("NL", "2026-27"). A number is taken by
 * incrementing the row inside the issuing transaction (the row lock orders concurrent issues; a rolled-back
 * issue gives its number back), so the numbers have no gaps and no repeats (decision 021).
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    series: text("series").notNull(),
    financialYear: text("financial_year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.financialYear] }),
    check("invoice_counters_positive", sql`${t.lastNumber} >= 1`),
  ],
);

/**
 * A return of one delivered order (app/features/after-sale/returns.ts): asked for by the shopper on the order page or
 * entered by staff, then approved or refused, received and inspected, refunded. At most one open per order.
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    customOrderId: uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "restrict" }),
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    details: text("details").notNull(),
    status: text("status", { enum: RETURN_STATUSES }).notNull().default("requested"),
    /** Staff's note with the last decision (the refusal's reason, the inspection's findings). */
    decisionNote: text("decision_note"),
    /** Found on inspection: the sign can be sold again (ready-made stock goes back). */
    resaleable: boolean("resaleable"),
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    requestedBy: text("requested_by", { enum: ["shopper", "staff"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("return_requests_one_target", sql`num_nonnulls(${t.orderId}, ${t.customOrderId}) = 1`),
    check("return_requests_status", inList(t.status, RETURN_STATUSES)),
    check("return_requests_reason", inList(t.reason, RETURN_REASONS)),
    uniqueIndex("return_requests_open_order_uq")
      .on(t.orderId)
      .where(sql`${t.status} in ('requested', 'approved', 'received') and ${t.orderId} is not null`),
    uniqueIndex("return_requests_open_custom_uq")
      .on(t.customOrderId)
      .where(sql`${t.status} in ('requested', 'approved', 'received') and ${t.customOrderId} is not null`),
  ],
);

/**
 * Design proofs of a custom order (issue 18, decision 024): version 1, 2, ... each a picture stored through
 * the upload pipeline, staff's message, and the shopper's answer (approved, or changes with a comment).
 * Only the latest version can be answered; production needs the latest one approved or a staff override.
 */
export const designProofs = pgTable(
  "design_proofs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customOrderId: uuid("custom_order_id")
      .notNull()
      .references(() => customNeonOrders.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    imageKey: text("image_key").notNull(),
    imageWidth: integer("image_width").notNull(),
    imageHeight: integer("image_height").notNull(),
    message: text("message").notNull().default(""),
    state: text("state", { enum: PROOF_STATES }).notNull().default("sent"),
    shopperComment: text("shopper_comment"),
    sentBy: uuid("sent_by").references(() => adminUsers.id, { onDelete: "set null" }),
    sentByEmail: text("sent_by_email"),
    createdAt: createdAt(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("design_proofs_order_version_uq").on(t.customOrderId, t.version),
    check("design_proofs_state", inList(t.state, PROOF_STATES)),
    check("design_proofs_version_positive", sql`${t.version} > 0`),
    check(
      "design_proofs_answered",
      sql`(${t.state} = 'sent') = (${t.answeredAt} is null) and (${t.state} = 'changes_requested') = (${t.shopperComment} is not null)`,
    ),
  ],
);

/**
 * GST tax invoices and credit notes (app/features/invoices/gst-invoice.ts), and bills of supply of a shop not
 * registered for GST (decision 039). `snapshot` holds everything the document prints, frozen at issue; the PDF
 * is made from it on request. Rows are never changed or deleted: a trigger (migration 0015) refuses UPDATE and
 * DELETE. One invoice or bill of supply per order; credit notes point at their invoice.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["invoice", "credit_note", "bill_of_supply"] }).notNull(),
    number: text("number").notNull(),
    financialYear: text("financial_year").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    customOrderId: uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "restrict" }),
    /** Credit notes: the invoice they correct. */
    invoiceId: uuid("invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** Paise: the document's taxable value, tax and total (tax-inclusive). */
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull(),
    taxPaise: bigint("tax_paise", { mode: "number" }).notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    reason: text("reason"),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    /** Who issued it: an admin's e-mail, "shopper" (requested on the order page) or "system". */
    issuedBy: text("issued_by").notNull(),
  },
  (t) => [
    uniqueIndex("invoices_number_uq").on(t.number),
    check("invoices_kind", sql`${t.kind} in ('invoice', 'credit_note', 'bill_of_supply')`),
    check("invoices_one_order", sql`num_nonnulls(${t.orderId}, ${t.customOrderId}) = 1`),
    check(
      "invoices_credit_note_has_invoice",
      sql`(${t.kind} = 'credit_note') = (${t.invoiceId} is not null)`,
    ),
    check(
      "invoices_amounts",
      sql`${t.totalPaise} >= 0 and ${t.taxPaise} >= 0 and ${t.taxablePaise} + ${t.taxPaise} = ${t.totalPaise}`,
    ),
    check("invoices_number_length", sql`length(${t.number}) <= 16`),
    uniqueIndex("invoices_one_per_order_uq")
      .on(t.orderId)
      .where(sql`${t.kind} in ('invoice', 'bill_of_supply')`),
    uniqueIndex("invoices_one_per_custom_order_uq")
      .on(t.customOrderId)
      .where(sql`${t.kind} in ('invoice', 'bill_of_supply')`),
    index("invoices_order_idx").on(t.orderId),
    index("invoices_custom_order_idx").on(t.customOrderId),
    index("invoices_invoice_idx").on(t.invoiceId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * Issued documents' PDFs, drawn once (issue 41, decision 048): keyed by the document and the renderer's
 * version (PDF_RENDERER_VERSION), so a download after the first never draws again. A cache, not a record:
 * a change of the document's snapshot (erasure blanks the buyer's phone and e-mail) deletes its rows
 * (trigger, migration 0040), and a new renderer version replaces the old one's row on its next download.
 */
export const invoicePdfs = pgTable(
  "invoice_pdfs",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    rendererVersion: integer("renderer_version").notNull(),
    pdf: bytea("pdf").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.rendererVersion] })],
);

/**
 * Logo and artwork quotes (issue 18, decision 024): the shopper's logo (re-encoded through the upload
 * pipeline), size and notes; staff's price; and the custom order it became. Found by the shopper only by
 * its random access token (like order links). Ordered at most once while that order stands.
 */
export const logoQuotes = pgTable(
  "logo_quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accessToken: text("access_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    size: text("size").notNull(),
    notes: text("notes").notNull().default(""),
    imageKey: text("image_key").notNull(),
    imageWidth: integer("image_width").notNull(),
    imageHeight: integer("image_height").notNull(),
    state: text("state", { enum: QUOTE_STATES }).notNull().default("requested"),
    /** Staff's price in whole rupees (the sign; delivery and COD charges are added at checkout). */
    price: integer("price"),
    staffMessage: text("staff_message"),
    pricedBy: uuid("priced_by").references(() => adminUsers.id, { onDelete: "set null" }),
    pricedByEmail: text("priced_by_email"),
    pricedAt: timestamp("priced_at", { withTimezone: true }),
    customOrderId: uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "set null" }),
    clientIp: text("client_ip"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("logo_quotes_access_token_uq").on(t.accessToken),
    index("logo_quotes_created_idx").on(t.createdAt),
    check("logo_quotes_state", inList(t.state, QUOTE_STATES)),
    check(
      "logo_quotes_price",
      sql`(${t.state} = 'requested') = (${t.price} is null) and (${t.price} is null or ${t.price} > 0)`,
    ),
  ],
);

/**
 * Real-user Core Web Vitals, aggregated: one row per (day in India, page pattern, device class, metric)
 * with a count and a histogram (app/features/site-speed/web-vitals.ts bucketOf), never a single shopper's measurement
 * or address. Pages are a fixed list, so a day has at most pages × devices × metrics rows.
 */
export const webVitals = pgTable(
  "web_vitals",
  {
    day: date("day", { mode: "string" }).notNull(),
    page: text("page").notNull(),
    device: text("device").notNull(),
    metric: text("metric").notNull(),
    count: integer("count").notNull().default(0),
    buckets: integer("buckets").array().notNull(),
  },
  (t) => [uniqueIndex("web_vitals_key_uq").on(t.day, t.page, t.device, t.metric)],
);

/**
 * Content-Security-Policy violations reported by browsers, deduplicated per day: what was blocked (an
 * origin or a keyword, never a path or query), the directive and the page pattern, with a count.
 */
export const cspReports = pgTable(
  "csp_reports",
  {
    day: date("day", { mode: "string" }).notNull(),
    blocked: text("blocked").notNull(),
    directive: text("directive").notNull(),
    page: text("page").notNull(),
    count: integer("count").notNull().default(0),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("csp_reports_key_uq").on(t.day, t.blocked, t.directive, t.page)],
);

/**
 * CSP reports and vitals beacons answered 204 but not stored, counted per day in India, kind and reason
 * (app/features/site-speed/web-vitals.ts DROP_KINDS, DROP_REASONS): the admin sees when monitoring was flooded. No
 * address is kept; a day has at most kinds × reasons rows.
 */
export const monitoringDrops = pgTable(
  "monitoring_drops",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: DROP_KINDS }).notNull(),
    reason: text("reason", { enum: DROP_REASONS }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.reason] }),
    check("monitoring_drops_kind", inList(t.kind, DROP_KINDS)),
    check("monitoring_drops_reason", inList(t.reason, DROP_REASONS)),
    check("monitoring_drops_count", sql`${t.count} >= 0`),
  ],
);

/**
 * The one review request of a delivered order (issue 29): a private link (its token kept only as a SHA-256 hash)
 * mailed REVIEW_REQUEST_DELAY_DAYS after delivery by the hourly review-request sweep, sent once; cancelled when
 * the order was refunded, returned, cancelled or came back (RTO) by then.
 */
export const reviewRequests = pgTable(
  "review_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    customOrderId: uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's token, set when the mail is sent (the token itself is only in the mail). */
    tokenHash: text("token_hash"),
    sendAfter: timestamp("send_after", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("review_requests_one_target", sql`num_nonnulls(${t.orderId}, ${t.customOrderId}) = 1`),
    uniqueIndex("review_requests_token_uq").on(t.tokenHash),
    uniqueIndex("review_requests_order_uq").on(t.orderId),
    uniqueIndex("review_requests_custom_order_uq").on(t.customOrderId),
    index("review_requests_due_idx")
      .on(t.sendAfter)
      .where(sql`sent_at is null and cancelled_at is null`),
  ],
);

/**
 * A buyer's review of one delivered order line (issue 29, app/features/reviews/reviews.ts): a ready-made line
 * (order_items) or a custom design (custom_neon_orders), one review each. Only published reviews count towards
 * the product's stars. `isDemo` marks the demo catalogue's sample reviews (removable with one command).
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderItemId: uuid("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    customOrderId: uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "cascade" }),
    /** The product reviewed (null for a custom design, or once the product is deleted). */
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** As shown: first name and last initial. */
    authorName: text("author_name").notNull(),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    rejectReason: text("reject_reason", { enum: REJECT_REASONS }),
    /** The author allows their photos in the "Customer photos" strips. */
    showcase: boolean("showcase").notNull().default(false),
    /** The buyer was given something for writing it (disclosed next to the review). */
    incentivised: boolean("incentivised").notNull().default(false),
    isDemo: boolean("is_demo").notNull().default(false),
    shopReply: text("shop_reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    moderatedBy: uuid("moderated_by").references(() => adminUsers.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reviews_one_target", sql`num_nonnulls(${t.orderItemId}, ${t.customOrderId}) = 1`),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_status", inList(t.status, REVIEW_STATUSES)),
    check("reviews_reject_reason", inList(t.rejectReason, REJECT_REASONS)),
    check("reviews_rejected_has_reason", sql`(${t.status} = 'rejected') = (${t.rejectReason} is not null)`),
    uniqueIndex("reviews_order_item_uq").on(t.orderItemId),
    uniqueIndex("reviews_custom_order_uq").on(t.customOrderId),
    index("reviews_product_published_idx")
      .on(t.productId, t.publishedAt)
      .where(sql`status = 'published'`),
    index("reviews_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** Up to four photos of a review, stored through the image pipeline (re-encoded, metadata stripped). */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    ...imageColumns(),
    displayOrder: integer("display_order").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("review_photos_order_uq").on(t.reviewId, t.displayOrder),
    check("review_photos_order_range", sql`${t.displayOrder} between 1 and 4`),
  ],
);

/**
 * A parcel booked with the courier aggregator for an order (issue 28): one per order, filled step by step
 * (the aggregator's order and shipment, the AWB and courier, the pickup, the label), so a booking that
 * failed half-way is taken up where it stopped instead of creating a second order at the courier.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderKind: text("order_kind", { enum: ["order", "custom"] }).notNull(),
    orderId: uuid("order_id").notNull(),
    /** The fulfilment provider ("shiprocket"). */
    provider: text("provider").notNull(),
    providerOrderId: text("provider_order_id"),
    providerShipmentId: text("provider_shipment_id"),
    awb: text("awb"),
    courierId: integer("courier_id"),
    courierName: text("courier_name"),
    /** What the courier charges the shop for this parcel, whole rupees (the shipping margin). */
    courierCharge: integer("courier_charge"),
    cod: boolean("cod").notNull(),
    pickupScheduledFor: text("pickup_scheduled_for"),
    labelUrl: text("label_url"),
    /** The last courier API failure of the booking, shown to staff (cleared once booked). */
    lastError: text("last_error"),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    /** Where the courier's tracking has the parcel (in_transit, out_for_delivery, ndr, delivered, rto_*). */
    trackingStage: text("tracking_stage"),
    /** When the tracking was last read from the courier (webhook or poll). */
    trackedAt: timestamp("tracked_at", { withTimezone: true }),
    /** Delivery failures (NDR) raised so far: each one is asked of the shopper once (its number keys the mails). */
    ndrCount: integer("ndr_count").notNull().default(0),
    /** When the current delivery failure was raised, and the courier's words for it (null: none waiting). */
    ndrRaisedAt: timestamp("ndr_raised_at", { withTimezone: true }),
    ndrReason: text("ndr_reason"),
    /** The shopper's answer to it: reattempt, change (address or phone), cancel; once per failure. */
    ndrAnswer: text("ndr_answer", { enum: ["reattempt", "change", "cancel"] }),
    /** A "change" answer's new address lines and phone as the courier gets them (`address`: older answers' one line). */
    ndrAnswerDetails: jsonb("ndr_answer_details").$type<{
      address?: string;
      address1?: string;
      address2?: string;
      phone?: string;
    }>(),
    ndrAnsweredAt: timestamp("ndr_answered_at", { withTimezone: true }),
    /** When the answer reached the courier (its NDR action API), or why it did not yet. */
    ndrSentAt: timestamp("ndr_sent_at", { withTimezone: true }),
    ndrLastError: text("ndr_last_error"),
    /** The shipment was cancelled with the courier (before pickup); the order can be booked again. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shipments_order_uq").on(t.orderKind, t.orderId),
    uniqueIndex("shipments_awb_uq").on(t.awb),
  ],
);

/**
 * The owner's answers on the go-live checklist (issue 27, app/features/dashboard/go-live.ts) that no setting
 * holds: "not registered for GST" (orders then get a bill of supply) and "policies reviewed". One row per item
 * ticked; removing the row unticks it.
 */
export const goLiveTicks = pgTable("go_live_ticks", {
  item: text("item").primaryKey(),
  tickedAt: timestamp("ticked_at", { withTimezone: true }).notNull().defaultNow(),
  tickedByEmail: text("ticked_by_email"),
});

/**
 * The last ticket number used per year in India (issue 32): a complaint takes the next one by incrementing
 * this row in its own transaction (the row lock orders concurrent complaints; a rolled-back complaint gives
 * its number back), so GR-2026-000123 numbers are consecutive and never repeat.
 */
export const grievanceCounters = pgTable(
  "grievance_counters",
  {
    year: integer("year").primaryKey(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [check("grievance_counters_positive", sql`${t.lastNumber} >= 1`)],
);

/**
 * Complaints to the grievance officer (issue 32, app/features/grievances): the shopper's contact and words,
 * the order it is about when the number and contact matched one, and staff's handling: assignee, the
 * acknowledgement (48 hours) and the resolution (one month of receipt, `created_at`).
 */
export const grievances = pgTable(
  "grievances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    year: integer("year").notNull(),
    seq: integer("seq").notNull(),
    /** GR-2026-000123 (year and seq spelt out; grievances.ts formatTicketNumber). */
    number: text("number").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    /** The order number as the shopper typed it (shown to staff whether or not it matched). */
    orderRef: text("order_ref"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    customOrderId: uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "set null" }),
    category: text("category").notNull(),
    description: text("description").notNull(),
    /** A photo of the problem, re-encoded through the upload pipeline. */
    attachmentKey: text("attachment_key"),
    attachmentWidth: integer("attachment_width"),
    attachmentHeight: integer("attachment_height"),
    status: text("status", { enum: GRIEVANCE_STATUSES }).notNull().default("open"),
    assignedTo: uuid("assigned_to").references(() => adminUsers.id, { onDelete: "set null" }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution"),
    resolvedByEmail: text("resolved_by_email"),
    clientIp: text("client_ip"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("grievances_number_uq").on(t.number),
    uniqueIndex("grievances_year_seq_uq").on(t.year, t.seq),
    index("grievances_status_idx").on(t.status, t.createdAt),
    check("grievances_status", inList(t.status, GRIEVANCE_STATUSES)),
    check(
      "grievances_resolved",
      sql`(${t.status} = 'resolved') = (${t.resolvedAt} is not null and ${t.resolution} is not null)`,
    ),
    check("grievances_acknowledged", sql`${t.status} = 'open' or ${t.acknowledgedAt} is not null`),
  ],
);

/**
 * A ticket's thread: the shopper's replies, staff's replies (mailed to the shopper), staff's internal notes
 * (never shown to the shopper) and events (acknowledged, resolved, reopened), in order.
 */
export const grievanceMessages = pgTable(
  "grievance_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    grievanceId: uuid("grievance_id")
      .notNull()
      .references(() => grievances.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: GRIEVANCE_MESSAGE_KINDS }).notNull(),
    body: text("body").notNull(),
    staffEmail: text("staff_email"),
    createdAt: createdAt(),
  },
  (t) => [
    index("grievance_messages_thread_idx").on(t.grievanceId, t.createdAt),
    check("grievance_messages_kind", inList(t.kind, GRIEVANCE_MESSAGE_KINDS)),
  ],
);

/**
 * The private links of a ticket (/complaints/<token>): only the SHA-256 of each random token is kept, so a
 * copy of the database opens no ticket. Every mail to the shopper carries a fresh link; each stays valid.
 */
export const grievanceLinks = pgTable(
  "grievance_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    grievanceId: uuid("grievance_id")
      .notNull()
      .references(() => grievances.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("grievance_links_grievance_idx").on(t.grievanceId)],
);

/**
 * "My data" requests (issue 32, app/features/data-rights, decision 042): a shopper names an e-mail or phone;
 * a 6-digit code is sent to that contact (only its SHA-256 with the request's id is kept) that expires in 10
 * minutes and dies after 5 wrong tries. The browser that asked holds the request's random key in a cookie
 * (only its hash is kept here); once the code is right, that browser may export, correct and erase for 30
 * minutes. Deleted after the retention period (settings → Privacy).
 */
export const dataRequests = pgTable(
  "data_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    keyHash: text("key_hash").notNull(),
    contactKind: text("contact_kind", { enum: ["email", "phone"] }).notNull(),
    /** The e-mail (lower-cased) or phone (+91...) as orders store it. */
    contact: text("contact").notNull(),
    /** Null until the code is sent (never for a contact the shop does not hold) and after it was used. */
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    tries: integer("tries").notNull().default(0),
    status: text("status", { enum: ["pending", "verified", "dead"] })
      .notNull()
      .default("pending"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }),
    clientIp: text("client_ip"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("data_requests_key_uq").on(t.keyHash),
    index("data_requests_created_idx").on(t.createdAt),
    check("data_requests_status", sql`${t.status} in ('pending', 'verified', 'dead')`),
    check("data_requests_contact_kind", sql`${t.contactKind} in ('email', 'phone')`),
    check("data_requests_tries", sql`${t.tries} between 0 and 5`),
  ],
);

/**
 * What was done with personal data and by whom (issue 32): a shopper's export, correction, erasure and
 * consent withdrawal on their request, and staff's exports of customers' data (the orders CSV). Holds no
 * contact itself, so it outlives the request it points to.
 */
export const dataRequestEvents = pgTable(
  "data_request_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id").references(() => dataRequests.id, { onDelete: "set null" }),
    /** "shopper" (through a verified request), "staff" or "system" (the retention sweep). */
    actor: text("actor", { enum: ["shopper", "staff", "system"] }).notNull(),
    staffId: uuid("staff_id").references(() => adminUsers.id, { onDelete: "set null" }),
    staffEmail: text("staff_email"),
    action: text("action").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("data_request_events_created_idx").on(t.createdAt),
    check("data_request_events_actor", sql`${t.actor} in ('shopper', 'staff', 'system')`),
  ],
);

/**
 * The shopper's confirmation of a cash-on-delivery checkout (issue 30, app/features/cod-confirmation): asked when
 * it is placed, answered once (WhatsApp button, order page, or staff after a call), reminded once at remind_at and
 * cancelled by the sweep at cancel_at while still awaiting. Every change is a conditional update on `state`, so a
 * replayed or late answer, or the sweep racing an answer, changes nothing twice. reply_token is the WhatsApp
 * buttons' unguessable payload.
 */
/** One order of a COD checkout as "Pay now instead" re-prices it (app/features/checkout/cod-prepay.ts). */
export type PrepayPlanOrder = {
  kind: "order" | "custom";
  id: string;
  /** The COD charge dropped and the online-payment discount added to the order's offers. */
  codFee: number;
  onlineDiscount: number;
  totalAmount: number;
};

export const codConfirmations = pgTable(
  "cod_confirmations",
  {
    checkoutId: uuid("checkout_id")
      .primaryKey()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    replyToken: text("reply_token").notNull(),
    state: text("state", { enum: COD_CONFIRMATION_STATES }).notNull().default("awaiting"),
    remindAt: timestamp("remind_at", { withTimezone: true }).notNull(),
    cancelAt: timestamp("cancel_at", { withTimezone: true }).notNull(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredVia: text("answered_via", { enum: COD_ANSWER_VIA }),
    answeredBy: uuid("answered_by").references(() => adminUsers.id, { onDelete: "set null" }),
    answeredByEmail: text("answered_by_email"),
    /**
     * "Pay now instead" (issue 30): the gateway order opened for paying this COD checkout online, its amount
     * (rupees, COD charge dropped, online-payment discount taken) and each order's new amounts, fixed when the
     * shopper pressed it; the orders become prepaid only when that payment is verified (prepaid_at).
     */
    prepayRazorpayOrderId: text("prepay_razorpay_order_id"),
    prepayAmount: integer("prepay_amount"),
    prepayIsTest: boolean("prepay_is_test").notNull().default(false),
    prepayPlan: jsonb("prepay_plan").$type<PrepayPlanOrder[]>(),
    prepaidAt: timestamp("prepaid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cod_confirmations_reply_token_uq").on(t.replyToken),
    uniqueIndex("cod_confirmations_prepay_order_uq").on(t.prepayRazorpayOrderId),
    check("cod_confirmations_prepay_amount", sql`${t.prepayAmount} is null or ${t.prepayAmount} >= 1`),
    index("cod_confirmations_due_idx").on(t.state, t.cancelAt),
    index("cod_confirmations_created_idx").on(t.createdAt),
    check("cod_confirmations_state", inList(t.state, COD_CONFIRMATION_STATES)),
    check("cod_confirmations_via", inList(t.answeredVia, COD_ANSWER_VIA)),
    check("cod_confirmations_clock", sql`${t.cancelAt} > ${t.remindAt}`),
  ],
);

/**
 * A checkout the shopper asked to be reminded of (issue 30, decision 045): only what the reminders need (the
 * contact, a first name's worth of greeting, the cart lines), the consent's time and network (abuse review), and
 * the sequence's clock. Deleted after the owner's keep period (settings → recovery.keepDays) or when the
 * shopper unticks the box or unsubscribes; erased by "My data".
 */
export const abandonedCheckouts = pgTable(
  "abandoned_checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** sha256 of the browser's random key: only that browser updates or forgets its own checkout. */
    editKeyHash: text("edit_key_hash").notNull(),
    /** The restore and unsubscribe links' random token (32 bytes, base64url). */
    linkToken: text("link_token").notNull(),
    customerEmail: text("customer_email").notNull(),
    /** mailboxKey(e-mail): the per-contact limit and the suppression list count mailboxes. */
    emailKey: text("email_key").notNull(),
    customerPhone: text("customer_phone"),
    whatsapp: boolean("whatsapp").notNull().default(false),
    customerName: text("customer_name").notNull().default(""),
    lines: jsonb("lines").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    /** The client's network (IPv4 or IPv6 /64) when consent was given, for abuse review. */
    clientNetwork: text("client_network").notNull(),
    firstSentAt: timestamp("first_sent_at", { withTimezone: true }),
    secondSentAt: timestamp("second_sent_at", { withTimezone: true }),
    /** Not sent: the contact already had a reminder sequence in the last 7 days. */
    skippedAt: timestamp("skipped_at", { withTimezone: true }),
    /** An order with this contact was placed after the checkout was saved (no more reminders). */
    convertedAt: timestamp("converted_at", { withTimezone: true }),
    /** Rupees of the orders placed after a reminder went (the dashboard's recovered revenue); null: none. */
    recoveredAmount: integer("recovered_amount"),
    restoredAt: timestamp("restored_at", { withTimezone: true }),
    discountCodeId: uuid("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("abandoned_checkouts_edit_key_uq").on(t.editKeyHash),
    uniqueIndex("abandoned_checkouts_link_token_uq").on(t.linkToken),
    index("abandoned_checkouts_email_idx").on(t.emailKey),
    index("abandoned_checkouts_phone_idx").on(t.customerPhone),
    index("abandoned_checkouts_created_idx").on(t.createdAt),
    check("abandoned_checkouts_order", sql`${t.secondSentAt} is null or ${t.firstSentAt} is not null`),
  ],
);

/**
 * The recovery dashboard's figures of abandoned checkouts no longer kept, per IST day of saving: a trigger
 * (migration 0038) adds every deleted row here (kept period over, unticked, unsubscribed, erased), so the
 * carts saved, reminded and recovered and the recovered revenue outlive the rows. Counts only, no contact.
 */
export const checkoutRecoveryDays = pgTable("checkout_recovery_days", {
  day: date("day").primaryKey(),
  saved: integer("saved").notNull().default(0),
  reminded: integer("reminded").notNull().default(0),
  recovered: integer("recovered").notNull().default(0),
  /** Rupees. */
  revenue: integer("revenue").notNull().default(0),
});

/** Contacts that unsubscribed from cart reminders (sha256 of "email:<mailbox>" or "phone:<E.164>"): never reminded again. */
export const recoverySuppressions = pgTable("recovery_suppressions", {
  contactHash: text("contact_hash").primaryKey(),
  createdAt: createdAt(),
});

/**
 * Notices to the shop (new orders, proof answers, logo quotes) that came while the hourly notice limit
 * (SHOP_NOTICES_PER_HOUR) was reached: kept here, one line each, and mailed together in the next digest
 * (every 10 minutes), so a flood is batched and no order goes unannounced (issue 42).
 */
export const shopNoticeBacklog = pgTable("shop_notice_backlog", {
  dedupeKey: text("dedupe_key").primaryKey(),
  /** One line for the digest: "New order NL-1042: ₹10,053 (Cash on Delivery), Asha Verma, Pune". */
  summary: text("summary").notNull(),
  createdAt: createdAt(),
});
