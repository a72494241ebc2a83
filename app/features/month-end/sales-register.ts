import { csvRow } from "~/shared/csv";
import { byRate } from "./gstr1";
import { creditNoteSection, portalDate, sectionOf, type SalesDocument } from "./sales-documents";

/*
 * The sales register (issue 45): every invoice, credit note and bill of supply of the period, one line per
 * document with its tax split, as CSV an accountant imports (the README maps the columns to Tally Prime's
 * and Zoho Books' import fields). Amounts in rupees with two decimals, as the document prints them;
 * credit notes carry positive amounts and say so in "Voucher Type".
 */

export const SALES_REGISTER_COLUMNS = [
  "Voucher Type",
  "Voucher Number",
  "Voucher Date",
  "Against Invoice",
  "Against Invoice Date",
  "Order",
  "Party Name",
  "Business Name",
  "Party GSTIN",
  "Place of Supply Code",
  "Place of Supply",
  "Supply Type",
  "GSTR-1 Table",
  "HSN/SAC",
  "GST Rate %",
  "Taxable Value",
  "CGST",
  "SGST/UTGST",
  "IGST",
  "Cess",
  "Total",
  "Reason",
] as const;

const VOUCHER_TYPES: Record<SalesDocument["kind"], string> = {
  invoice: "Sales",
  credit_note: "Credit Note",
  bill_of_supply: "Bill of Supply",
};

const SUPPLY: Record<SalesDocument["supply"], string> = {
  intra: "Intra-state",
  inter: "Inter-state",
  export: "Export",
};

const TABLES = { b2b: "B2B", b2cl: "B2CL", b2cs: "B2CS", exp: "EXP" } as const;

/** Paise as "1234.50". */
export const amount = (paise: number) => (paise / 100).toFixed(2);

function table(doc: SalesDocument): string {
  if (doc.kind === "bill_of_supply") return "";
  if (doc.kind === "invoice") return TABLES[sectionOf(doc)];
  const s = creditNoteSection(doc);
  return s === "b2b" ? "CDNR" : s === "b2cs" ? "B2CS (net)" : "CDNUR";
}

/** The register's cells of one document. */
export function registerCells(doc: SalesDocument): Array<string | number> {
  const hsn = [...new Set(doc.lines.map((l) => l.hsn))].join(" ");
  const rates = byRate(doc.lines).map((r) => r.rt);
  return [
    VOUCHER_TYPES[doc.kind],
    doc.number,
    portalDate(doc.issuedAt),
    doc.against?.number ?? "",
    doc.against ? portalDate(doc.against.issuedAt) : "",
    doc.orderRef,
    doc.buyerName,
    doc.buyerBusinessName ?? "",
    doc.buyerGstin ?? "",
    doc.pos ?? "",
    doc.posName ?? "",
    SUPPLY[doc.supply],
    table(doc),
    hsn,
    rates.join("/"),
    amount(doc.taxable),
    amount(doc.cgst),
    amount(doc.sgst),
    amount(doc.igst),
    amount(0),
    amount(doc.total),
    doc.reason ?? "",
  ];
}

/** The whole register as CSV text, documents in the order they were issued. */
export function salesRegisterCsv(docs: readonly SalesDocument[]): string {
  return csvRow(SALES_REGISTER_COLUMNS) + docs.map((d) => csvRow(registerCells(d))).join("");
}
