import { shopSalesDocument } from "~/features/settings/gst-registration.server";
import { and, eq, sql } from "drizzle-orm";
import { invoiceRequestProblem } from "~/features/invoices/gst-invoice";
import { isOrderAccessToken } from "~/shared/order-links";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { isUuid } from "~/shared/uuid";
import { db, type Tx } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { invoices } from "./tables.server";
import { documentPdf, type InvoicePdf } from "./invoice-pdfs.server";
import {
  invoiceDocumentsForOrder,
  invoiceSettings,
  issueInvoiceInTx,
  type InvoiceTarget,
} from "./invoices.server";

/* Invoices (or bills of supply) on request (the shopper's order page, the admin's "Issue invoice") and their PDFs. */

export type RequestResult =
  | { ok: true; number: string; title: string; created: boolean }
  | { ok: false; httpStatus: 404 | 409; message: string };

/** Lock an order's row and read what decides whether it may be invoiced. */
async function lockForInvoice(tx: Tx, t: InvoiceTarget) {
  const table = t.kind === "order" ? orders : customNeonOrders;
  const r = await tx.execute<{ status: string; payment_status: string }>(
    sql`select status, payment_status from ${table} where ${table.id} = ${t.id}::uuid for update`,
  );
  const row = r.rows[0];
  return row ? { status: row.status, paymentStatus: row.payment_status } : null;
}

async function issueOnRequest(t: InvoiceTarget, issuedBy: string): Promise<RequestResult> {
  const settings = await invoiceSettings();
  const doc = await shopSalesDocument();
  return db().transaction(async (tx): Promise<RequestResult> => {
    const o = await lockForInvoice(tx, t);
    if (!o) return { ok: false, httpStatus: 404, message: "Order not found." };
    const problem = invoiceRequestProblem(o, doc === "bill-of-supply" ? "bill of supply" : "tax invoice");
    if (problem) return { ok: false, httpStatus: 409, message: problem };
    const r = await issueInvoiceInTx(tx, t, issuedBy, settings);
    if ("problem" in r) return { ok: false, httpStatus: 409, message: r.problem };
    return { ok: true, number: r.number, title: r.title, created: r.issued };
  });
}

/** The order behind a shopper's link: either kind, by its access token. */
export async function orderByAccessToken(accessToken: string): Promise<InvoiceTarget | null> {
  if (!isOrderAccessToken(accessToken)) return null;
  const [o] = await db().select({ id: orders.id }).from(orders).where(eq(orders.accessToken, accessToken));
  if (o) return { kind: "order", id: o.id };
  const [c] = await db()
    .select({ id: customNeonOrders.id })
    .from(customNeonOrders)
    .where(eq(customNeonOrders.accessToken, accessToken));
  return c ? { kind: "custom", id: c.id } : null;
}

/** The shopper asks for the tax invoice of a paid order on its page (once; a repeat gives the same one). */
export async function requestInvoiceForOrder(accessToken: string): Promise<RequestResult> {
  const t = await orderByAccessToken(accessToken);
  if (!t) return { ok: false, httpStatus: 404, message: "Order not found." };
  return issueOnRequest(t, "shopper");
}

/** The admin's "Issue invoice" for a paid (or dispatched) order. */
export function adminIssueInvoice(kind: OrderKind, id: string, actor: { email: string }) {
  if (!isUuid(id))
    return Promise.resolve<RequestResult>({ ok: false, httpStatus: 404, message: "Order not found." });
  return issueOnRequest({ kind, id }, actor.email);
}

/**
 * Any invoice or credit note, for the admin (call after requireAdmin). Throws PdfRendererBusy when it must be
 * drawn and the renderer is full (decision 048).
 */
export function documentPdfForAdmin(documentId: string): Promise<InvoicePdf | null> {
  if (!isUuid(documentId)) return Promise.resolve(null);
  return documentPdf(eq(invoices.id, documentId));
}

/**
 * An invoice or credit note of the order behind a shopper's link; null unless it belongs to that order.
 * Throws PdfRendererBusy as documentPdfForAdmin does.
 */
export async function documentPdfForShopper(
  accessToken: string,
  documentId: string,
): Promise<InvoicePdf | null> {
  if (!isUuid(documentId)) return null;
  const t = await orderByAccessToken(accessToken);
  if (!t) return null;
  return documentPdf(
    and(
      eq(invoices.id, documentId),
      t.kind === "order" ? eq(invoices.orderId, t.id) : eq(invoices.customOrderId, t.id),
    ),
  );
}

/** The documents of the order behind a shopper's link (for the order page), or null for an unknown link. */
export async function invoiceDocumentsForToken(accessToken: string) {
  const t = await orderByAccessToken(accessToken);
  if (!t) return null;
  return { target: t, documents: await invoiceDocumentsForOrder(t.kind, t.id) };
}

/**
 * What the order page's and the admin dialog's documents section shows: the order's documents, which
 * document the shop issues now (`doc`: tax invoice, bill of supply or none; the words follow it, issue 27),
 * and whether the invoice or bill may be requested now (paid, none yet, the shop able to issue one).
 */
export async function orderInvoicesSection(kind: OrderKind, orderId: string) {
  const table = kind === "order" ? orders : customNeonOrders;
  const [o] = await db()
    .select({ status: table.status, paymentStatus: table.paymentStatus })
    .from(table)
    .where(eq(table.id, orderId));
  const documents = await invoiceDocumentsForOrder(kind, orderId);
  const doc = await shopSalesDocument();
  const canRequest =
    Boolean(o) &&
    doc !== "none" &&
    invoiceRequestProblem(o!) === null &&
    !documents.some((d) => d.kind === "invoice" || d.kind === "bill_of_supply");
  return { documents, canRequest, doc };
}
