import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { bytea } from "~/platform/db/columns.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";

/** The tables of the invoices feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * The last number used per document series and financial year ("NL", "2026-27"). A number is taken by
 * incrementing the row inside the issuing transaction (the row lock orders concurrent issues; a rolled-back
 * issue gives its number back), so the numbers have no gaps and no repeats (decision 021).
 */
export const invoiceCounters = pg.pgTable(
  "invoice_counters",
  {
    series: pg.text("series").notNull(),
    financialYear: pg.text("financial_year").notNull(),
    lastNumber: pg.integer("last_number").notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.series, t.financialYear] }),
    pg.check("invoice_counters_positive", sql`${t.lastNumber} >= 1`),
  ],
);

/**
 * GST tax invoices and credit notes (app/features/invoices/gst-invoice.ts), and bills of supply of a shop not
 * registered for GST (decision 039). `snapshot` holds everything the document prints, frozen at issue; the PDF
 * is made from it on request. Rows are never changed or deleted: a trigger (migration 0015) refuses UPDATE and
 * DELETE. One invoice or bill of supply per order; credit notes point at their invoice.
 */
export const invoices = pg.pgTable(
  "invoices",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    kind: pg.text("kind", { enum: ["invoice", "credit_note", "bill_of_supply"] }).notNull(),
    number: pg.text("number").notNull(),
    financialYear: pg.text("financial_year").notNull(),
    orderId: pg.uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    customOrderId: pg.uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "restrict" }),
    /** Credit notes: the invoice they correct. */
    invoiceId: pg.uuid("invoice_id").references((): pg.AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    issuedAt: pg.timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** Paise: the document's taxable value, tax and total (tax-inclusive). */
    taxablePaise: pg.bigint("taxable_paise", { mode: "number" }).notNull(),
    taxPaise: pg.bigint("tax_paise", { mode: "number" }).notNull(),
    totalPaise: pg.bigint("total_paise", { mode: "number" }).notNull(),
    reason: pg.text("reason"),
    snapshot: pg.jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    /** Who issued it: an admin's e-mail, "shopper" (requested on the order page) or "system". */
    issuedBy: pg.text("issued_by").notNull(),
  },
  (t) => [
    pg.uniqueIndex("invoices_number_uq").on(t.number),
    pg.check("invoices_kind", sql`${t.kind} in ('invoice', 'credit_note', 'bill_of_supply')`),
    pg.check("invoices_one_order", sql`num_nonnulls(${t.orderId}, ${t.customOrderId}) = 1`),
    pg.check(
      "invoices_credit_note_has_invoice",
      sql`(${t.kind} = 'credit_note') = (${t.invoiceId} is not null)`,
    ),
    pg.check(
      "invoices_amounts",
      sql`${t.totalPaise} >= 0 and ${t.taxPaise} >= 0 and ${t.taxablePaise} + ${t.taxPaise} = ${t.totalPaise}`,
    ),
    pg.check("invoices_number_length", sql`length(${t.number}) <= 16`),
    pg
      .uniqueIndex("invoices_one_per_order_uq")
      .on(t.orderId)
      .where(sql`${t.kind} in ('invoice', 'bill_of_supply')`),
    pg
      .uniqueIndex("invoices_one_per_custom_order_uq")
      .on(t.customOrderId)
      .where(sql`${t.kind} in ('invoice', 'bill_of_supply')`),
    pg.index("invoices_order_idx").on(t.orderId),
    pg.index("invoices_custom_order_idx").on(t.customOrderId),
    pg.index("invoices_invoice_idx").on(t.invoiceId),
  ],
);

/**
 * Issued documents' PDFs, drawn once (issue 41, decision 048): keyed by the document and the renderer's
 * version (PDF_RENDERER_VERSION), so a download after the first never draws again. A cache, not a record:
 * a change of the document's snapshot (erasure blanks the buyer's phone and e-mail) deletes its rows
 * (trigger, migration 0040), and a new renderer version replaces the old one's row on its next download.
 */
export const invoicePdfs = pg.pgTable(
  "invoice_pdfs",
  {
    invoiceId: pg
      .uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    rendererVersion: pg.integer("renderer_version").notNull(),
    pdf: bytea("pdf").notNull(),
    createdAt: pg.timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.primaryKey({ columns: [t.invoiceId, t.rendererVersion] })],
);
