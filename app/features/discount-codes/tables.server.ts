import { sql } from "drizzle-orm";
import { APPLIES_TO, DISCOUNT_KINDS } from "~/features/discount-codes/discounts";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList, updatedAt } from "~/platform/db/columns.server";
import { checkouts } from "~/features/checkout/tables.server";

/** The tables of the discount-codes feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * Discount codes (app/features/discount-codes/discounts.ts), edited on /admin/discount-codes. A code is matched without
 * regard to case; its uses are the redemptions of checkouts that still have an order not cancelled.
 */
export const discountCodes = pg.pgTable(
  "discount_codes",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    code: pg.text("code").notNull(),
    description: pg.text("description"),
    kind: pg.text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    value: pg.integer("value").notNull(),
    minSubtotal: pg.integer("min_subtotal").notNull().default(0),
    appliesTo: pg.text("applies_to", { enum: APPLIES_TO }).notNull().default("all"),
    startsOn: pg.date("starts_on"),
    endsOn: pg.date("ends_on"),
    maxUses: pg.integer("max_uses"),
    maxUsesPerShopper: pg.integer("max_uses_per_shopper"),
    /** Only this mailbox (mailboxKey) may use it: a code sent to one shopper (cart reminders, issue 30); null: anyone. */
    forEmail: pg.text("for_email"),
    isActive: pg.boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.uniqueIndex("discount_codes_code_upper_uq").on(sql`upper(${t.code})`),
    pg.check("discount_codes_kind", inList(t.kind, DISCOUNT_KINDS)),
    pg.check("discount_codes_applies_to", inList(t.appliesTo, APPLIES_TO)),
    pg.check(
      "discount_codes_value",
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100) and ${t.minSubtotal} >= 0`,
    ),
    pg.check(
      "discount_codes_uses",
      sql`coalesce(${t.maxUses}, 1) >= 1 and coalesce(${t.maxUsesPerShopper}, 1) >= 1`,
    ),
  ],
);

/** One use of a code: by one checkout (its shopper's phone and email, for the per-shopper limit). */
export const discountRedemptions = pg.pgTable(
  "discount_redemptions",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    codeId: pg
      .uuid("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "restrict" }),
    checkoutId: pg
      .uuid("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    customerPhone: pg.text("customer_phone").notNull(),
    customerEmail: pg.text("customer_email").notNull(),
    amount: pg.integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex("discount_redemptions_checkout_uq").on(t.checkoutId),
    pg.index("discount_redemptions_code_idx").on(t.codeId),
    pg.index("discount_redemptions_phone_idx").on(t.codeId, t.customerPhone),
    pg.index("discount_redemptions_email_idx").on(t.codeId, t.customerEmail),
  ],
);
