import { sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { shopNotRegisteredForGst } from "~/features/settings/gst-registration.server";
import { displayId } from "~/features/order-lifecycle/order-status";
import type { SupplyType } from "~/features/invoices/gst-tax";
import { buildGstr1, type Gstr1 } from "./gstr1";
import { gstr1Problems, type ReturnProblem } from "./gstr1-checks";
import { gstr1TableTotals, gstr3bFromGstr1, type Gstr3b } from "./gstr3b";
import { parseReturnPeriod, type ReturnPeriod } from "./return-period";
import { serialOf, seriesOf, type DocumentLine, type SalesDocument } from "./sales-documents";
import { salesRegisterCsv } from "./sales-register";

/*
 * The month end's reads (issue 45): the period's sales documents from the `invoices` table (their frozen
 * snapshots: the figures the PDFs print), and the GST return made from them. One query per period; the
 * snapshot's fields are picked in SQL so a month of 10,000 invoices stays a few megabytes.
 */

type Row = {
  id: string;
  kind: SalesDocument["kind"];
  number: string;
  issued_at: Date | string;
  order_id: string | null;
  custom_order_id: string | null;
  total_paise: string | number;
  taxable_paise: string | number;
  seller_gstin: string | null;
  buyer_name: string | null;
  buyer_business: string | null;
  buyer_gstin: string | null;
  b2b: boolean | null;
  supply: SupplyType | null;
  pos: string | null;
  pos_name: string | null;
  lines: DocumentLine[] | null;
  reason: string | null;
  against_number: string | null;
  against_issued_at: Date | string | null;
  against_total: string | number | null;
};

const date = (d: Date | string) => (d instanceof Date ? d : new Date(d));

function toDocument(r: Row): SalesDocument {
  const lines = (r.lines ?? []).map((l) => ({
    description: String(l.description ?? ""),
    hsn: String(l.hsn ?? ""),
    quantity: Number(l.quantity ?? 0),
    ratePercent: Number(l.ratePercent ?? 0),
    taxable: Number(l.taxable ?? 0),
    cgst: Number(l.cgst ?? 0),
    sgst: Number(l.sgst ?? 0),
    igst: Number(l.igst ?? 0),
    total: Number(l.total ?? 0),
  }));
  const sum = (k: "cgst" | "sgst" | "igst") => lines.reduce((n, l) => n + l[k], 0);
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    issuedAt: date(r.issued_at),
    orderId: r.order_id,
    customOrderId: r.custom_order_id,
    orderRef: r.order_id ? displayId("order", r.order_id) : displayId("custom", r.custom_order_id ?? ""),
    sellerGstin: r.seller_gstin,
    buyerName: r.buyer_name ?? "",
    buyerBusinessName: r.buyer_business,
    buyerGstin: r.buyer_gstin,
    b2b: Boolean(r.b2b),
    supply: r.supply ?? "intra",
    pos: r.pos,
    posName: r.pos_name,
    lines,
    taxable: Number(r.taxable_paise),
    cgst: sum("cgst"),
    sgst: sum("sgst"),
    igst: sum("igst"),
    total: Number(r.total_paise),
    against:
      r.against_number && r.against_issued_at
        ? { number: r.against_number, issuedAt: date(r.against_issued_at), total: Number(r.against_total) }
        : null,
    reason: r.reason,
  };
}

/** Every invoice, credit note and bill of supply issued in [from, to), in the order they were issued. */
export async function salesDocumentsIssued(from: Date, to: Date): Promise<SalesDocument[]> {
  const r = await db().execute<Row>(sql`
    select d.id, d.kind, d.number, d.issued_at, d.order_id, d.custom_order_id, d.total_paise, d.taxable_paise,
           d.reason,
           d.snapshot->'seller'->>'gstin' as seller_gstin,
           d.snapshot->'buyer'->>'name' as buyer_name,
           d.snapshot->'buyer'->>'businessName' as buyer_business,
           d.snapshot->'buyer'->>'gstin' as buyer_gstin,
           (d.snapshot->>'b2b')::boolean as b2b,
           d.snapshot->>'supply' as supply,
           nullif(d.snapshot->'placeOfSupply'->>'code', '') as pos,
           d.snapshot->'placeOfSupply'->>'name' as pos_name,
           d.snapshot->'lines' as lines,
           a.number as against_number, a.issued_at as against_issued_at, a.total_paise as against_total
      from invoices d
      left join invoices a on a.id = d.invoice_id
     where d.issued_at >= ${from.toISOString()}::timestamptz and d.issued_at < ${to.toISOString()}::timestamptz
     order by d.issued_at, d.number`);
  return r.rows.map(toDocument);
}

/** The last number of each series issued before `from` in the same financial year, by series ("NL/2026-27"). */
async function lastNumbersBefore(docs: readonly SalesDocument[], from: Date): Promise<Map<string, number>> {
  const years = [...new Set(docs.map((d) => seriesOf(d.number).split("/")[1]!))];
  const last = new Map<string, number>();
  if (years.length === 0) return last;
  const r = await db().execute<{ number: string }>(sql`
    select distinct on (kind, financial_year) number
      from invoices
     where issued_at < ${from.toISOString()}::timestamptz
       and financial_year in (${sql.join(
         years.map((y) => sql`${y}`),
         sql`, `,
       )})
     order by kind, financial_year, issued_at desc, number desc`);
  for (const row of r.rows) last.set(seriesOf(row.number), serialOf(row.number));
  return last;
}

export type MonthEndReturn =
  | { ok: false; status: 400 | 409; message: string; href?: string }
  | {
      ok: true;
      period: ReturnPeriod;
      gstin: string;
      documents: SalesDocument[];
      gstr1: Gstr1;
      gstr3b: Gstr3b;
      problems: ReturnProblem[];
    };

export const NOT_REGISTERED_MESSAGE =
  "The shop is not registered for GST: it issues bills of supply, which carry no tax, so it files no GSTR-1 or GSTR-3B. The sales register below still lists every bill.";

/** The period's GST return with its checks, or why there is none (a bad period, no GSTIN). */
export async function monthEndReturn(periodKey: string): Promise<MonthEndReturn> {
  const period = parseReturnPeriod(periodKey);
  if (!period)
    return { ok: false, status: 400, message: "Choose a month (2026-04) or a quarter (2026-27-Q1)." };
  const settings = await shopSettings();
  const gstin = settings.legal.gstin;
  if (!gstin) {
    if (await shopNotRegisteredForGst()) return { ok: false, status: 409, message: NOT_REGISTERED_MESSAGE };
    return {
      ok: false,
      status: 409,
      message: "Add the shop's GSTIN on the Settings page: the return is filed under it.",
      href: "/admin/settings/legal",
    };
  }
  const documents = await salesDocumentsIssued(period.from, period.to);
  const gstr1 = buildGstr1(documents, gstin, period.fp);
  return {
    ok: true,
    period,
    gstin,
    documents,
    gstr1,
    gstr3b: gstr3bFromGstr1(gstr1),
    problems: gstr1Problems(documents, gstin, await lastNumbersBefore(documents, period.from)),
  };
}

/** The period's sales register (every document, also a bill of supply), or null for a bad period. */
export async function salesRegister(
  periodKey: string,
): Promise<{ period: ReturnPeriod; csv: string; count: number } | null> {
  const period = parseReturnPeriod(periodKey);
  if (!period) return null;
  const docs = await salesDocumentsIssued(period.from, period.to);
  return { period, csv: salesRegisterCsv(docs), count: docs.length };
}

/** What the month-end page shows: the checks, the tables' totals, GSTR-3B, the documents issued. */
export async function monthEndPage(periodKey: string) {
  const r = await monthEndReturn(periodKey);
  if (!r.ok) return r;
  return {
    ok: true as const,
    period: { key: r.period.key, label: r.period.label, fp: r.period.fp },
    gstin: r.gstin,
    documentCount: r.documents.length,
    problems: r.problems,
    tables: gstr1TableTotals(r.gstr1),
    hsn: r.gstr1.hsn,
    docIssue: r.gstr1.doc_issue.doc_det,
    gstr3b: r.gstr3b,
  };
}
