/*
 * Which document an order gets for its supply (issue 27, decision 039): a GST tax invoice when the shop has a
 * GSTIN; a bill of supply when the owner said on the go-live checklist that the shop is not registered for
 * GST; nothing while neither is known (dispatch says why). One home for the choice and its words, so the
 * order dialog, the order page, the checklist and the e-mails never promise a document that will not come.
 */

export type SalesDocument = "tax-invoice" | "bill-of-supply" | "none";

export function salesDocumentOf(gstin: string | null, notRegistered: boolean): SalesDocument {
  if (gstin) return "tax-invoice";
  return notRegistered ? "bill-of-supply" : "none";
}

/** The document's name in a sentence ("its tax invoice") and as a title. */
export const SALES_DOCUMENT_NAMES = {
  "tax-invoice": { name: "tax invoice", title: "Tax Invoice" },
  "bill-of-supply": { name: "bill of supply", title: "Bill of Supply" },
} as const satisfies Record<Exclude<SalesDocument, "none">, { name: string; title: string }>;

/**
 * What the order page holds besides its status and tracking, for the e-mails' and pages' lists:
 * "invoice" or "bill of supply", or null when the shop issues neither yet.
 */
export function orderDocumentWord(doc: SalesDocument): string | null {
  if (doc === "none") return null;
  return doc === "tax-invoice" ? "invoice" : "bill of supply";
}
