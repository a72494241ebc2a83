import type { SupplyType } from "~/features/invoices/gst-tax";

/*
 * The month's sales documents as the returns read them (issue 45): each invoice, credit note or bill of
 * supply with the figures its frozen snapshot prints (app/features/invoices/gst-invoice.ts), so every
 * figure of a return is the sum of what the documents say, to the paisa. Amounts in paise.
 */

export type DocumentLine = {
  description: string;
  hsn: string;
  quantity: number;
  ratePercent: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
};

export type SalesDocument = {
  id: string;
  kind: "invoice" | "credit_note" | "bill_of_supply";
  number: string;
  issuedAt: Date;
  /** The order it is for (one of the two), for links. */
  orderId: string | null;
  customOrderId: string | null;
  orderRef: string;
  sellerGstin: string | null;
  buyerName: string;
  buyerBusinessName: string | null;
  /** The buyer's GSTIN when the document is B2B. */
  buyerGstin: string | null;
  b2b: boolean;
  supply: SupplyType;
  /** The place of supply's state code ("96" for exports), or null when the document names none. */
  pos: string | null;
  posName: string | null;
  lines: DocumentLine[];
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  /** Credit notes: the invoice they correct. */
  against: { number: string; issuedAt: Date; total: number } | null;
  reason: string | null;
};

/** Where an invoice goes in GSTR-1: B2B, B2C large, B2C small or exports. */
export type InvoiceSection = "b2b" | "b2cl" | "b2cs" | "exp";

/**
 * The B2C large threshold (paise): an inter-state invoice to an unregistered buyer above it is reported
 * invoice by invoice. ₹2,50,000 until 31 Jul 2024; ₹1,00,000 from 1 Aug 2024 (notification 12/2024-CT).
 */
export function b2clThresholdPaise(issuedAt: Date): number {
  return issuedAt.getTime() >= Date.parse("2024-08-01T00:00:00+05:30") ? 100_000_00 : 250_000_00;
}

/** The table of an invoice, by its own facts (a credit note goes where its invoice went). */
export function sectionOf(doc: {
  supply: SupplyType;
  b2b: boolean;
  buyerGstin: string | null;
  total: number;
  issuedAt: Date;
}): InvoiceSection {
  if (doc.supply === "export") return "exp";
  if (doc.b2b && doc.buyerGstin) return "b2b";
  if (doc.supply === "inter" && doc.total > b2clThresholdPaise(doc.issuedAt)) return "b2cl";
  return "b2cs";
}

/** The section of a credit note: that of the invoice it corrects (its value and date, the buyer's facts). */
export function creditNoteSection(note: SalesDocument): InvoiceSection {
  const against = note.against ?? { total: note.total, issuedAt: note.issuedAt };
  return sectionOf({ ...note, total: against.total, issuedAt: against.issuedAt });
}

/** A delivery or cash on delivery charge line (part of the sign's supply; no units of goods). */
export function isChargeLine(line: Pick<DocumentLine, "description">): boolean {
  return line.description.startsWith("Delivery (") || line.description === "Cash on delivery charge";
}

/** Units of goods a document carries: its goods lines' quantities (a partial credit note's line has none). */
export function goodsQuantity(doc: SalesDocument, line: DocumentLine): number {
  if (isChargeLine(line)) return 0;
  if (doc.kind === "credit_note" && line.description.startsWith("Credit against invoice")) return 0;
  return line.quantity;
}

/** The running number inside a document number (NL/2026-27/00012 → 12, NL2026-27/100000 → 100000). */
export function serialOf(number: string): number {
  const n = Number(number.slice(number.lastIndexOf("/") + 1));
  return Number.isInteger(n) ? n : NaN;
}

/** The series of a document number with its financial year: "NL/2026-27" (both spellings). */
export function seriesOf(number: string): string {
  const head = number.slice(0, number.lastIndexOf("/"));
  return /^[A-Z]+\//.test(head) ? head : head.replace(/^([A-Z]+)/, "$1/");
}

/** Paise as the portal's rupee amount with two decimals (a JSON number). */
export const rupees = (paise: number): number => Math.round(paise) / 100;

/** A date as the GST portal writes it: dd-mm-yyyy, in India. */
export function portalDate(d: Date): string {
  const iso = new Date(d.getTime() + 330 * 60_000).toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}
