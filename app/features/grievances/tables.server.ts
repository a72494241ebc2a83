import { sql } from "drizzle-orm";
import { GRIEVANCE_MESSAGE_KINDS, GRIEVANCE_STATUSES } from "~/features/grievances/grievances";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList, updatedAt } from "~/platform/db/columns.server";
import { adminUsers } from "~/platform/db/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";

/** The tables of the grievances feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * The last ticket number used per year in India (issue 32): a complaint takes the next one by incrementing
 * this row in its own transaction (the row lock orders concurrent complaints; a rolled-back complaint gives
 * its number back), so GR-2026-000123 numbers are consecutive and never repeat.
 */
export const grievanceCounters = pg.pgTable(
  "grievance_counters",
  {
    year: pg.integer("year").primaryKey(),
    lastNumber: pg.integer("last_number").notNull(),
  },
  (t) => [pg.check("grievance_counters_positive", sql`${t.lastNumber} >= 1`)],
);

/**
 * Complaints to the grievance officer (issue 32, app/features/grievances): the shopper's contact and words,
 * the order it is about when the number and contact matched one, and staff's handling: assignee, the
 * acknowledgement (48 hours) and the resolution (one month of receipt, `created_at`).
 */
export const grievances = pg.pgTable(
  "grievances",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    year: pg.integer("year").notNull(),
    seq: pg.integer("seq").notNull(),
    /** GR-2026-000123 (year and seq spelt out; grievances.ts formatTicketNumber). */
    number: pg.text("number").notNull(),
    customerName: pg.text("customer_name").notNull(),
    customerEmail: pg.text("customer_email").notNull(),
    customerPhone: pg.text("customer_phone"),
    /** The order number as the shopper typed it (shown to staff whether or not it matched). */
    orderRef: pg.text("order_ref"),
    orderId: pg.uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    customOrderId: pg.uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "set null" }),
    category: pg.text("category").notNull(),
    description: pg.text("description").notNull(),
    /** A photo of the problem, re-encoded through the upload pipeline. */
    attachmentKey: pg.text("attachment_key"),
    attachmentWidth: pg.integer("attachment_width"),
    attachmentHeight: pg.integer("attachment_height"),
    status: pg.text("status", { enum: GRIEVANCE_STATUSES }).notNull().default("open"),
    assignedTo: pg.uuid("assigned_to").references(() => adminUsers.id, { onDelete: "set null" }),
    acknowledgedAt: pg.timestamp("acknowledged_at", { withTimezone: true }),
    resolvedAt: pg.timestamp("resolved_at", { withTimezone: true }),
    resolution: pg.text("resolution"),
    resolvedByEmail: pg.text("resolved_by_email"),
    clientIp: pg.text("client_ip"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.uniqueIndex("grievances_number_uq").on(t.number),
    pg.uniqueIndex("grievances_year_seq_uq").on(t.year, t.seq),
    pg.index("grievances_status_idx").on(t.status, t.createdAt),
    pg.check("grievances_status", inList(t.status, GRIEVANCE_STATUSES)),
    pg.check(
      "grievances_resolved",
      sql`(${t.status} = 'resolved') = (${t.resolvedAt} is not null and ${t.resolution} is not null)`,
    ),
    pg.check("grievances_acknowledged", sql`${t.status} = 'open' or ${t.acknowledgedAt} is not null`),
  ],
);

/**
 * A ticket's thread: the shopper's replies, staff's replies (mailed to the shopper), staff's internal notes
 * (never shown to the shopper) and events (acknowledged, resolved, reopened), in order.
 */
export const grievanceMessages = pg.pgTable(
  "grievance_messages",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    grievanceId: pg
      .uuid("grievance_id")
      .notNull()
      .references(() => grievances.id, { onDelete: "cascade" }),
    kind: pg.text("kind", { enum: GRIEVANCE_MESSAGE_KINDS }).notNull(),
    body: pg.text("body").notNull(),
    staffEmail: pg.text("staff_email"),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index("grievance_messages_thread_idx").on(t.grievanceId, t.createdAt),
    pg.check("grievance_messages_kind", inList(t.kind, GRIEVANCE_MESSAGE_KINDS)),
  ],
);

/**
 * The private links of a ticket (/complaints/<token>): only the SHA-256 of each random token is kept, so a
 * copy of the database opens no ticket. Every mail to the shopper carries a fresh link; each stays valid.
 */
export const grievanceLinks = pg.pgTable(
  "grievance_links",
  {
    tokenHash: pg.text("token_hash").primaryKey(),
    grievanceId: pg
      .uuid("grievance_id")
      .notNull()
      .references(() => grievances.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [pg.index("grievance_links_grievance_idx").on(t.grievanceId)],
);
