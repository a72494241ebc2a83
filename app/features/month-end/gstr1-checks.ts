import { gstinProblem, GSTIN_MESSAGES } from "~/shared/gstin";
import { EXPORT_PLACE_OF_SUPPLY, gstStateByCode } from "~/shared/gst-states";
import { documentNumber, type DocumentKind } from "~/features/invoices/invoice-numbers";
import { serialOf, seriesOf, type SalesDocument } from "./sales-documents";

/*
 * What would make the GST portal refuse the period's GSTR-1 (issue 45), found before the download: a document
 * without a place of supply, a buyer GSTIN that fails its check character, a document issued under another
 * GSTIN, an HSN code the portal does not take, and a gap in a series (numbers missing between the last one
 * before the period and the last one in it). Each problem says which document and links to where it is
 * fixed. Issued documents are never changed (decision 021): a wrong one is corrected by a credit note and
 * a new invoice from its order's page.
 */

export type ReturnProblem = { message: string; href: string; linkText: string };

/** The staff page of the order a document is for. */
export function orderHref(doc: Pick<SalesDocument, "orderId" | "customOrderId">): string {
  return doc.orderId
    ? `/admin/purchases?order=${doc.orderId}`
    : `/admin/custom-neon?order=${doc.customOrderId}`;
}

const SETTINGS_LEGAL = "/admin/settings/legal";
const TITLES: Record<SalesDocument["kind"], string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  bill_of_supply: "Bill of supply",
};

function documentProblems(doc: SalesDocument, shopGstin: string): ReturnProblem[] {
  const problems: ReturnProblem[] = [];
  const at = (message: string) =>
    problems.push({
      message: `${TITLES[doc.kind]} ${doc.number}: ${message}`,
      href: orderHref(doc),
      linkText: `Order ${doc.orderRef}`,
    });
  if (doc.kind === "bill_of_supply") {
    at("a bill of supply, issued while the shop was not registered for GST; it is not part of GSTR-1.");
    return problems;
  }
  const posKnown =
    doc.pos !== null &&
    (doc.supply === "export" ? doc.pos === EXPORT_PLACE_OF_SUPPLY.code : Boolean(gstStateByCode(doc.pos)));
  if (!posKnown) at("has no place of supply the portal knows (a state code).");
  if (doc.b2b) {
    const problem = doc.buyerGstin ? gstinProblem(doc.buyerGstin) : "format";
    if (problem)
      at(`the buyer's GSTIN ${doc.buyerGstin ?? "(none)"} is not valid. ${GSTIN_MESSAGES[problem]}`);
    else if (doc.buyerGstin === shopGstin) at("the buyer's GSTIN is the shop's own.");
  }
  if (doc.sellerGstin !== shopGstin)
    at(`issued under GSTIN ${doc.sellerGstin ?? "(none)"}, not the shop's ${shopGstin}.`);
  for (const hsn of new Set(doc.lines.map((l) => l.hsn)))
    if (!/^([0-9]{4}|[0-9]{6}|[0-9]{8})$/.test(hsn)) at(`HSN code "${hsn}" is not 4, 6 or 8 digits.`);
  if (doc.total <= 0) at("has no value.");
  return problems;
}

/**
 * Numbers missing from each series: between the last number issued in the same series and year before the
 * period (`lastBefore`, 0 when none) and the last one in the period.
 */
export function seriesGaps(
  docs: readonly SalesDocument[],
  lastBefore: ReadonlyMap<string, number>,
): Array<{ series: string; missing: string[] }> {
  const bySeries = new Map<string, Set<number>>();
  for (const d of docs) {
    const set = bySeries.get(seriesOf(d.number)) ?? new Set<number>();
    set.add(serialOf(d.number));
    bySeries.set(seriesOf(d.number), set);
  }
  const gaps: Array<{ series: string; missing: string[] }> = [];
  for (const [series, numbers] of [...bySeries.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const [prefix, fy] = series.split("/") as [string, string];
    const kind = (Object.entries({ NL: "invoice", CN: "credit_note", BS: "bill_of_supply" }).find(
      ([p]) => p === prefix,
    )?.[1] ?? "invoice") as DocumentKind;
    const last = Math.max(...numbers);
    const missing: string[] = [];
    for (let n = (lastBefore.get(series) ?? 0) + 1; n <= last && missing.length <= 50; n++)
      if (!numbers.has(n)) missing.push(documentNumber(kind, fy, n));
    if (missing.length > 0) gaps.push({ series, missing });
  }
  return gaps;
}

/** Everything that would make the portal refuse the return, or mislead it; empty when the file is ready. */
export function gstr1Problems(
  docs: readonly SalesDocument[],
  shopGstin: string,
  lastBefore: ReadonlyMap<string, number>,
): ReturnProblem[] {
  const problems: ReturnProblem[] = [];
  const shop = gstinProblem(shopGstin);
  if (shop)
    problems.push({
      message: `The shop's GSTIN ${shopGstin} is not valid. ${GSTIN_MESSAGES[shop]}`,
      href: SETTINGS_LEGAL,
      linkText: "Legal settings",
    });
  for (const d of docs) problems.push(...documentProblems(d, shopGstin));
  for (const gap of seriesGaps(docs, lastBefore))
    problems.push({
      message: `Series ${gap.series} has a gap: ${gap.missing.slice(0, 10).join(", ")}${gap.missing.length > 10 ? " and more" : ""} ${gap.missing.length === 1 ? "is" : "are"} missing. Report them as cancelled in "Documents issued" (the file does) or find them.`,
      href: "/admin/audit",
      linkText: "Audit trail",
    });
  return problems;
}
