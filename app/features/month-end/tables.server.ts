import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList } from "~/platform/db/columns.server";
import { adminUsers } from "~/platform/db/tables.server";

/** The tables of the month-end feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * A Razorpay settlement (GET /v1/settlements): what reached the bank in one transfer, in paise, with the fees
 * and the GST on them that Razorpay kept, and the bank's reference (UTR). Read again by every fetch.
 */
export const gatewaySettlements = pg.pgTable(
  "gateway_settlements",
  {
    id: pg.text("id").primaryKey(),
    amount: pg.bigint("amount", { mode: "number" }).notNull(),
    fees: pg.bigint("fees", { mode: "number" }).notNull(),
    tax: pg.bigint("tax", { mode: "number" }).notNull(),
    utr: pg.text("utr"),
    status: pg.text("status").notNull(),
    settledAt: pg.timestamp("settled_at", { withTimezone: true }).notNull(),
    fetchedAt: pg.timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index("gateway_settlements_settled_idx").on(t.settledAt)],
);

export const SETTLEMENT_LINE_TYPES = ["payment", "refund", "adjustment", "transfer", "other"] as const;

/**
 * One line of Razorpay's settlement recon (GET /v1/settlements/recon/combined): a payment credited less its
 * fee and the GST on it, or a refund or adjustment debited, in paise. `payment_id` is the payment the line is
 * about (the line's own id for a payment, the refunded payment for a refund).
 */
export const gatewaySettlementLines = pg.pgTable(
  "gateway_settlement_lines",
  {
    entityId: pg.text("entity_id").notNull(),
    type: pg.text("type", { enum: SETTLEMENT_LINE_TYPES }).notNull(),
    settlementId: pg.text("settlement_id").notNull(),
    utr: pg.text("utr"),
    paymentId: pg.text("payment_id"),
    razorpayOrderId: pg.text("razorpay_order_id"),
    amount: pg.bigint("amount", { mode: "number" }).notNull(),
    fee: pg.bigint("fee", { mode: "number" }).notNull(),
    tax: pg.bigint("tax", { mode: "number" }).notNull(),
    debit: pg.bigint("debit", { mode: "number" }).notNull(),
    credit: pg.bigint("credit", { mode: "number" }).notNull(),
    settledAt: pg.timestamp("settled_at", { withTimezone: true }).notNull(),
    fetchedAt: pg.timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.entityId, t.type] }),
    pg.check("gateway_settlement_lines_type", inList(t.type, SETTLEMENT_LINE_TYPES)),
    pg.index("gateway_settlement_lines_payment_idx").on(t.paymentId),
    pg.index("gateway_settlement_lines_settled_idx").on(t.settledAt),
    pg.index("gateway_settlement_lines_settlement_idx").on(t.settlementId),
  ],
);

/** Each fetch of the settlements (daily job or "Fetch now"): when, what it read, or why it failed. */
export const settlementFetches = pg.pgTable("settlement_fetches", {
  id: pg.uuid("id").primaryKey().defaultRandom(),
  startedAt: pg.timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  months: pg.text("months").notNull(),
  ok: pg.boolean("ok").notNull(),
  lines: pg.integer("lines").notNull().default(0),
  settlements: pg.integer("settlements").notNull().default(0),
  message: pg.text("message"),
});

/**
 * Cash on delivery a courier paid over (a line of its COD remittance report, uploaded as CSV): the parcel's AWB,
 * the amount in paise, the day and the bank reference (UTR or the courier's remittance id). One line per AWB and
 * reference, so uploading the same report twice adds nothing.
 */
export const codRemittances = pg.pgTable(
  "cod_remittances",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    awb: pg.text("awb").notNull(),
    reference: pg.text("reference").notNull(),
    remittedOn: pg.date("remitted_on").notNull(),
    amount: pg.bigint("amount", { mode: "number" }).notNull(),
    fileName: pg.text("file_name"),
    uploadedBy: pg.uuid("uploaded_by").references(() => adminUsers.id, { onDelete: "set null" }),
    uploadedByEmail: pg.text("uploaded_by_email"),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex("cod_remittances_awb_reference_uq").on(t.awb, t.reference),
    pg.index("cod_remittances_remitted_idx").on(t.remittedOn),
    pg.check("cod_remittances_amount", sql`${t.amount} >= 0`),
  ],
);
