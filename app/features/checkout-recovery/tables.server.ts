import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "~/platform/db/columns.server";
import { discountCodes } from "~/features/discount-codes/tables.server";

/** The tables of the checkout-recovery feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * A checkout the shopper asked to be reminded of (issue 30, decision 045): only what the reminders need (the
 * contact, a first name's worth of greeting, the cart lines), the consent's time and network (abuse review), and
 * the sequence's clock. Deleted after the owner's keep period (settings → recovery.keepDays) or when the
 * shopper unticks the box or unsubscribes; erased by "My data".
 */
export const abandonedCheckouts = pg.pgTable(
  "abandoned_checkouts",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    /** sha256 of the browser's random key: only that browser updates or forgets its own checkout. */
    editKeyHash: pg.text("edit_key_hash").notNull(),
    /** The restore and unsubscribe links' random token (32 bytes, base64url). */
    linkToken: pg.text("link_token").notNull(),
    customerEmail: pg.text("customer_email").notNull(),
    /** mailboxKey(e-mail): the per-contact limit and the suppression list count mailboxes. */
    emailKey: pg.text("email_key").notNull(),
    customerPhone: pg.text("customer_phone"),
    whatsapp: pg.boolean("whatsapp").notNull().default(false),
    customerName: pg.text("customer_name").notNull().default(""),
    lines: pg.jsonb("lines").notNull(),
    consentedAt: pg.timestamp("consented_at", { withTimezone: true }).notNull(),
    /** The client's network (IPv4 or IPv6 /64) when consent was given, for abuse review. */
    clientNetwork: pg.text("client_network").notNull(),
    firstSentAt: pg.timestamp("first_sent_at", { withTimezone: true }),
    secondSentAt: pg.timestamp("second_sent_at", { withTimezone: true }),
    /** Not sent: the contact already had a reminder sequence in the last 7 days. */
    skippedAt: pg.timestamp("skipped_at", { withTimezone: true }),
    /** An order with this contact was placed after the checkout was saved (no more reminders). */
    convertedAt: pg.timestamp("converted_at", { withTimezone: true }),
    /** Rupees of the orders placed after a reminder went (the dashboard's recovered revenue); null: none. */
    recoveredAmount: pg.integer("recovered_amount"),
    restoredAt: pg.timestamp("restored_at", { withTimezone: true }),
    discountCodeId: pg.uuid("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.uniqueIndex("abandoned_checkouts_edit_key_uq").on(t.editKeyHash),
    pg.uniqueIndex("abandoned_checkouts_link_token_uq").on(t.linkToken),
    pg.index("abandoned_checkouts_email_idx").on(t.emailKey),
    pg.index("abandoned_checkouts_phone_idx").on(t.customerPhone),
    pg.index("abandoned_checkouts_created_idx").on(t.createdAt),
    pg.check("abandoned_checkouts_order", sql`${t.secondSentAt} is null or ${t.firstSentAt} is not null`),
  ],
);

/**
 * The recovery dashboard's figures of abandoned checkouts no longer kept, per IST day of saving: a trigger
 * (migration 0038) adds every deleted row here (kept period over, unticked, unsubscribed, erased), so the
 * carts saved, reminded and recovered and the recovered revenue outlive the rows. Counts only, no contact.
 */
export const checkoutRecoveryDays = pg.pgTable("checkout_recovery_days", {
  day: pg.date("day").primaryKey(),
  saved: pg.integer("saved").notNull().default(0),
  reminded: pg.integer("reminded").notNull().default(0),
  recovered: pg.integer("recovered").notNull().default(0),
  /** Rupees. */
  revenue: pg.integer("revenue").notNull().default(0),
});

/** Contacts that unsubscribed from cart reminders (sha256 of "email:<mailbox>" or "phone:<E.164>"): never reminded again. */
export const recoverySuppressions = pg.pgTable("recovery_suppressions", {
  contactHash: pg.text("contact_hash").primaryKey(),
  createdAt: createdAt(),
});
