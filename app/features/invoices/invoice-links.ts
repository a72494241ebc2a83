import type { DocumentKind } from "./invoice-numbers";
import { orderPagePath } from "~/shared/order-links";

/** An issued invoice or credit note as lists show it (the order page, the admin's order dialog). */
export type InvoiceDocumentSummary = {
  id: string;
  kind: DocumentKind;
  /** "Tax Invoice" or "Credit Note". */
  title: string;
  number: string;
  issuedAt: string;
  totalPaise: number;
  reason: string | null;
};

/** The shopper's download of one of the order's documents. */
export function orderDocumentPath(accessToken: string, documentId: string): string {
  return `${orderPagePath(accessToken)}/documents/${documentId}`;
}

/** Where the order page's "Request tax invoice" form posts. */
export function orderInvoiceRequestPath(accessToken: string): string {
  return `${orderPagePath(accessToken)}/invoice`;
}

/** The admin's download of any document. */
export function adminDocumentPath(documentId: string): string {
  return `/api/admin/invoices/${documentId}`;
}
