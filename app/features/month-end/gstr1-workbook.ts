import { csvRow } from "~/shared/csv";
import { EXPORT_PLACE_OF_SUPPLY, gstStateByCode } from "~/shared/gst-states";
import type { B2bInvoice, Gstr1, HsnRow, Item, Note } from "./gstr1";

/*
 * GSTR-1 as the GST offline tool's Excel template lays it out (issue 45, decision 066), for owners who file
 * through an accountant: one CSV per sheet of GSTR1_Excel_Workbook_Template, with the template's sheet names
 * and column headings, zipped. Every row is read from the `Gstr1` object the JSON download is, so the two
 * cannot disagree: one row per rate of each invoice or note (the invoice's own figures repeated on each, as
 * the template asks), B2C small and HSN rows as the JSON has them (a netted row may be negative). The
 * template's values: places of supply "29-Karnataka", dates "03-May-2026", "Regular B2B", note type "C",
 * UQC "NOS-NUMBERS". Amounts are numbers in rupees (at most two decimals, as in the JSON). Zipped by
 * gstr1-workbook.server.ts (fflate is not a pure rule's import).
 */

export type Cell = string | number;
export type Sheet = { name: string; headings: readonly string[]; rows: Cell[][] };

const HSN_HEADINGS = [
  "HSN",
  "Description",
  "UQC",
  "Total Quantity",
  "Total Value",
  "Rate",
  "Taxable Value",
  "Integrated Tax Amount",
  "Central Tax Amount",
  "State/UT Tax Amount",
  "Cess Amount",
] as const;

/** Each sheet's name and column headings, as the template has them, in the template's order. */
export const SHEET_HEADINGS = {
  "b2b,sez,de": [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Reverse Charge",
    "Applicable % of Tax Rate",
    "Invoice Type",
    "E-Commerce GSTIN",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  b2cl: [
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  b2cs: [
    "Type",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  cdnr: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Reverse Charge",
    "Note Supply Type",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  cdnur: [
    "UR Type",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  exp: [
    "Export Type",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Port Code",
    "Shipping Bill Number",
    "Shipping Bill Date",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  "hsn(b2b)": HSN_HEADINGS,
  "hsn(b2c)": HSN_HEADINGS,
  docs: ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
} as const satisfies Record<string, readonly string[]>;

export type SheetName = keyof typeof SHEET_HEADINGS;

/** The JSON's codes as the template's drop-downs spell them (a code added to the JSON types must be named here). */
const INVOICE_TYPE: Record<B2bInvoice["inv_typ"], string> = { R: "Regular B2B" };
const NOTE_TYPE: Record<Note["ntty"], string> = { C: "C" };
const UQC: Record<HsnRow["uqc"], string> = { NOS: "NOS-NUMBERS" };
const REVERSE_CHARGE: Record<B2bInvoice["rchrg"], string> = { N: "N" };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The JSON's date (dd-mm-yyyy) as the template writes it: dd-Mmm-yyyy ("03-05-2026" → "03-May-2026"). */
export function templateDate(portal: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(portal);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) throw new Error(`Not a GSTR-1 date: ${portal}`);
  return `${m[1]}-${month}-${m[3]}`;
}

/** A state code as the template's place of supply: "29" → "29-Karnataka"; no code, no cell. */
export function placeOfSupply(code: string | undefined): string {
  if (!code) return "";
  if (code === EXPORT_PLACE_OF_SUPPLY.code) return `${code}-${EXPORT_PLACE_OF_SUPPLY.name}`;
  const state = gstStateByCode(code);
  return state ? `${code}-${state.name}` : code;
}

/** Rupees from paise without a float's tail (sums are made in paise). */
const paise = (r: number | undefined) => Math.round((r ?? 0) * 100);
const rupees = (p: number) => p / 100;

/** An invoice's or note's rows: its own cells, then each rate's rate, taxable value and cess. */
const perRate = (itms: readonly Item[], head: Cell[], tail: Cell[] = []) =>
  itms.map(({ itm_det: d }) => [...head, d.rt, d.txval, d.csamt, ...tail]);

function b2bRows(g: Gstr1, names: ReadonlyMap<string, string>): Cell[][] {
  return g.b2b.flatMap((buyer) =>
    buyer.inv.flatMap((inv) =>
      perRate(inv.itms, [
        buyer.ctin,
        names.get(buyer.ctin) ?? "",
        inv.inum,
        templateDate(inv.idt),
        inv.val,
        placeOfSupply(inv.pos),
        REVERSE_CHARGE[inv.rchrg],
        "",
        INVOICE_TYPE[inv.inv_typ],
        "",
      ]),
    ),
  );
}

function b2clRows(g: Gstr1): Cell[][] {
  return g.b2cl.flatMap((group) =>
    group.inv.flatMap((inv) =>
      perRate(inv.itms, [inv.inum, templateDate(inv.idt), inv.val, placeOfSupply(group.pos), ""], [""]),
    ),
  );
}

function b2csRows(g: Gstr1): Cell[][] {
  return g.b2cs.map((r) => [r.typ, placeOfSupply(r.pos), "", r.rt, r.txval, r.csamt, ""]);
}

function cdnrRows(g: Gstr1, names: ReadonlyMap<string, string>): Cell[][] {
  return g.cdnr.flatMap((buyer) =>
    buyer.nt.flatMap((nt) =>
      perRate(nt.itms, [
        buyer.ctin,
        names.get(buyer.ctin) ?? "",
        nt.nt_num,
        templateDate(nt.nt_dt),
        NOTE_TYPE[nt.ntty],
        placeOfSupply(nt.pos),
        REVERSE_CHARGE[nt.rchrg],
        INVOICE_TYPE[nt.inv_typ],
        nt.val,
        "",
      ]),
    ),
  );
}

function cdnurRows(g: Gstr1): Cell[][] {
  return g.cdnur.flatMap((nt) =>
    perRate(nt.itms, [
      nt.typ,
      nt.nt_num,
      templateDate(nt.nt_dt),
      NOTE_TYPE[nt.ntty],
      // The template takes a place of supply for B2CL notes only; export notes have none in the JSON either.
      placeOfSupply(nt.pos),
      nt.val,
      "",
    ]),
  );
}

function expRows(g: Gstr1): Cell[][] {
  return g.exp.flatMap((group) =>
    group.inv.flatMap((inv) =>
      // Port code, shipping bill number and date: the shop's courier exports carry none (optional cells).
      inv.itms.map((d) => [
        group.exp_typ,
        inv.inum,
        templateDate(inv.idt),
        inv.val,
        "",
        "",
        "",
        d.rt,
        d.txval,
        d.csamt,
      ]),
    ),
  );
}

/** An HSN row; "Total Value" (no longer in the JSON) is the taxable value plus its taxes, summed in paise. */
function hsnRows(rows: readonly HsnRow[]): Cell[][] {
  return rows.map((r) => [
    r.hsn_sc,
    "",
    UQC[r.uqc],
    r.qty,
    rupees(paise(r.txval) + paise(r.iamt) + paise(r.camt) + paise(r.samt) + paise(r.csamt)),
    r.rt,
    r.txval,
    r.iamt,
    r.camt,
    r.samt,
    r.csamt,
  ]);
}

function docRows(g: Gstr1): Cell[][] {
  return g.doc_issue.doc_det.flatMap((t) => t.docs.map((d) => [t.doc_typ, d.from, d.to, d.totnum, d.cancel]));
}

/**
 * The workbook's sheets in the template's order, every one present (only the headings when the period has
 * no rows for it). `names`: the receiver's name by GSTIN for the B2B and CDNR sheets (not in the JSON).
 */
export function gstr1Workbook(g: Gstr1, names: ReadonlyMap<string, string> = new Map()): Sheet[] {
  const rows: Record<SheetName, Cell[][]> = {
    "b2b,sez,de": b2bRows(g, names),
    b2cl: b2clRows(g),
    b2cs: b2csRows(g),
    cdnr: cdnrRows(g, names),
    cdnur: cdnurRows(g),
    exp: expRows(g),
    "hsn(b2b)": hsnRows(g.hsn.hsn_b2b),
    "hsn(b2c)": hsnRows(g.hsn.hsn_b2c),
    docs: docRows(g),
  };
  return (Object.keys(SHEET_HEADINGS) as SheetName[]).map((name) => ({
    name,
    headings: SHEET_HEADINGS[name],
    rows: rows[name],
  }));
}

/** A sheet as CSV: the headings in the first line, then its rows (RFC 4180, CRLF, no byte order mark). */
export function sheetCsv(sheet: Sheet): string {
  return csvRow(sheet.headings) + sheet.rows.map((r) => csvRow(r)).join("");
}

/** The workbook's files: "<sheet name>.csv" → its CSV text, in the template's order. */
export function gstr1WorkbookFiles(g: Gstr1, names: ReadonlyMap<string, string> = new Map()) {
  return new Map(gstr1Workbook(g, names).map((s) => [`${s.name}.csv`, sheetCsv(s)] as const));
}
