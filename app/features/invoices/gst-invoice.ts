import type { Declarations } from "~/features/settings/declarations";
import { amountInWords } from "./amount-in-words";
import { countryName } from "~/shared/countries";
import { EXPORT_PLACE_OF_SUPPLY, gstStateByCode, gstStateBySlug } from "~/shared/gst-states";
import {
  formatPaise,
  invoiceLines,
  paiseLine,
  taxTotals,
  type GoodsLine,
  type SupplyType,
  type TaxedLine,
  type TaxTotals,
} from "./gst-tax";
import { type DocumentKind } from "./invoice-numbers";
import { formatIstDate } from "~/shared/ist-dates";

/*
 * A tax invoice or credit note as issued (CGST Rules, rules 46 and 53): everything it prints, frozen at
 * issue in the `invoices` row's snapshot, so the PDF made from it later is always the same document.
 */

export type InvoiceSeller = {
  legalName: string;
  address: string;
  gstin: string | null;
  hsnCode: string;
  gstRatePercent: number;
  /** The Letter of Undertaking's reference, printed on export invoices (zero-rated without IGST). */
  lutReference: string | null;
};

export type InvoiceOrder = {
  /** The order's id as shopper and staff see it (NL1A2B3C4D / 1A2B3C4D). */
  orderRef: string;
  orderDate: Date;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  /** The delivery address on one line. */
  address: string;
  /** India: the state's slug; abroad: null. */
  stateSlug: string | null;
  /** Abroad: the ISO country code; India: null. */
  country: string | null;
  buyerGstin: string | null;
  buyerBusinessName: string | null;
  goods: GoodsLine[];
  /** Rupees: the discount code's and the offers' amounts together. */
  discount: number;
  deliveryFee: number;
  codFee: number;
  deliveryLabel: string;
  totalAmount: number;
  paymentMethod: string;
  /**
   * Rupees refunded before the document is issued (decision 052): its value is the total less these, shown in
   * the lines' discounts. Refunds after it are credit notes.
   */
  refundedBefore?: number;
};

export type InvoiceSnapshot = {
  version: 1;
  kind: DocumentKind;
  title: string;
  number: string;
  financialYear: string;
  issuedAt: string;
  issueDate: string;
  /** A bill of supply's seller has no GSTIN and no state from it (null, ""). */
  seller: { legalName: string; address: string; gstin: string | null; stateName: string; stateCode: string };
  buyer: {
    name: string;
    businessName: string | null;
    gstin: string | null;
    address: string;
    phone: string;
    email: string;
  };
  placeOfSupply: { name: string; code: string };
  supply: SupplyType;
  /** SGST, or UTGST in a union territory without a legislature. */
  stateTaxLabel: "SGST" | "UTGST";
  b2b: boolean;
  reverseCharge: "No";
  order: { ref: string; date: string; paymentMethod: string };
  lines: TaxedLine[];
  totals: TaxTotals;
  amountInWords: string;
  notes: string[];
  /** Credit notes: the invoice they correct and why. */
  against: { number: string; date: string } | null;
  reason: string | null;
  /** The package declarations (issue 32), frozen at issue; documents issued before them have none. */
  declarations?: Declarations;
  /** Paise refunded before the invoice was issued and taken off its lines (decision 052); absent when none. */
  refundedBefore?: number;
};

/** Why the shop cannot issue tax invoices yet (settings incomplete), or null. */
export function invoiceSettingsProblem(seller: InvoiceSeller): string | null {
  if (!seller.gstin) return "Add the shop's GSTIN on the Settings page before issuing tax invoices.";
  if (!gstStateByCode(seller.gstin.slice(0, 2)))
    return "The shop's GSTIN does not start with a state code the shop knows.";
  return null;
}

export function placeOfSupply(order: InvoiceOrder) {
  if (order.country) return { ...EXPORT_PLACE_OF_SUPPLY, state: undefined };
  const state = gstStateBySlug(order.stateSlug ?? "");
  if (!state) throw new Error(`unknown delivery state ${order.stateSlug}`);
  return { code: state.code, name: state.name, state };
}

export type Issue = { number: string; financialYear: string; issuedAt: Date };

/** The invoice of an order: lines, tax split and totals, which add up to the order's total to the paisa. */
export function buildInvoiceSnapshot(
  order: InvoiceOrder,
  seller: InvoiceSeller,
  issue: Issue,
): InvoiceSnapshot {
  const problem = invoiceSettingsProblem(seller);
  if (problem) throw new Error(problem);
  const gstin = seller.gstin!;
  const sellerState = gstStateByCode(gstin.slice(0, 2))!;
  const pos = placeOfSupply(order);
  const supply: SupplyType = order.country ? "export" : pos.code === sellerState.code ? "intra" : "inter";
  const lines = invoiceLines({
    goods: order.goods,
    discount: order.discount,
    deliveryFee: order.deliveryFee,
    codFee: order.codFee,
    deliveryLabel: order.deliveryLabel,
    hsn: seller.hsnCode,
    ratePercent: seller.gstRatePercent,
    supply,
    refunded: order.refundedBefore ?? 0,
  });
  const totals = taxTotals(lines);
  if (totals.total !== keptPaise(order))
    throw new Error(
      `invoice lines add up to ${totals.total} paise, the order's total is ${order.totalAmount} less ${order.refundedBefore ?? 0} refunded`,
    );
  const b2b = Boolean(order.buyerGstin && !order.country);
  const notes: string[] = [];
  if (supply === "export")
    notes.push(
      `Supply meant for export under Letter of Undertaking without payment of integrated tax${seller.lutReference ? ` (LUT ${seller.lutReference})` : ""}.`,
    );
  if (order.country) notes.push(`Delivered to ${countryName(order.country)}.`);
  notes.push(...refundNotes(order, "invoice"));
  notes.push("Prices include GST. Tax is rounded to the nearest paisa per line.");
  return {
    version: 1,
    kind: "invoice",
    title: "Tax Invoice",
    number: issue.number,
    financialYear: issue.financialYear,
    issuedAt: issue.issuedAt.toISOString(),
    issueDate: formatIstDate(issue.issuedAt),
    seller: {
      legalName: seller.legalName,
      address: seller.address,
      gstin,
      stateName: sellerState.name,
      stateCode: sellerState.code,
    },
    buyer: {
      name: order.customerName,
      businessName: b2b ? order.buyerBusinessName : null,
      gstin: b2b ? order.buyerGstin : null,
      address: order.address,
      phone: order.customerPhone,
      email: order.customerEmail,
    },
    placeOfSupply: { name: pos.name, code: pos.code },
    supply,
    stateTaxLabel: supply === "intra" && sellerState.utgst ? "UTGST" : "SGST",
    b2b,
    reverseCharge: "No",
    order: { ref: order.orderRef, date: formatIstDate(order.orderDate), paymentMethod: order.paymentMethod },
    lines,
    totals,
    amountInWords: amountInWords(totals.total),
    notes,
    against: null,
    reason: null,
    ...refundedField(order),
  };
}

/** What a document issued for an order keeps (paise): its total less the refunds before the document. */
export function keptPaise(order: Pick<InvoiceOrder, "totalAmount" | "refundedBefore">): number {
  return (order.totalAmount - (order.refundedBefore ?? 0)) * 100;
}

/** The note of a document whose value a refund before it lowered (decision 052). */
export function refundNotes(
  order: Pick<InvoiceOrder, "totalAmount" | "refundedBefore">,
  name: "invoice" | "bill",
): string[] {
  const r = order.refundedBefore ?? 0;
  return r > 0
    ? [
        `Value reduced before supply: ₹${formatPaise(r * 100)} refunded before this ${name} was issued (order total ₹${formatPaise(order.totalAmount * 100)}), included in the discounts above.`,
      ]
    : [];
}

/** The snapshot's record of that refund (paise), or nothing. */
export const refundedField = (order: Pick<InvoiceOrder, "refundedBefore">) =>
  order.refundedBefore ? { refundedBefore: order.refundedBefore * 100 } : {};

/**
 * A credit note against an invoice (CGST Act section 34): the invoice's own lines when the whole invoice is
 * credited at once; otherwise one line for the amount, taxed at the invoice's rate and split the same way.
 * `amountPaise` must not exceed what is left to credit (the caller checks).
 */
export function buildCreditNoteSnapshot(
  invoice: InvoiceSnapshot,
  credit: { amountPaise: number; reason: string },
  issue: Issue,
): InvoiceSnapshot {
  const whole = credit.amountPaise === invoice.totals.total;
  const rate = invoice.lines.find((l) => l.ratePercent > 0)?.ratePercent ?? 0;
  const lines = whole
    ? invoice.lines
    : [
        paiseLine(
          `Credit against invoice ${invoice.number}`,
          invoice.lines[0]?.hsn ?? "",
          credit.amountPaise,
          rate,
          invoice.supply,
        ),
      ];
  const totals = taxTotals(lines);
  const { refundedBefore: _before, ...credited } = invoice;
  return {
    ...credited,
    kind: "credit_note",
    title: "Credit Note",
    number: issue.number,
    financialYear: issue.financialYear,
    issuedAt: issue.issuedAt.toISOString(),
    issueDate: formatIstDate(issue.issuedAt),
    lines,
    totals,
    amountInWords: amountInWords(totals.total),
    notes: ["Prices include GST. Tax is rounded to the nearest paisa per line."],
    against: { number: invoice.number, date: invoice.issueDate },
    reason: credit.reason,
  };
}

/**
 * Whether an order may get its tax invoice (or bill of supply, `name`) now (on the shopper's request or the
 * admin's "Issue invoice"): once paid, or once dispatched; never when cancelled. Null when it may, else the
 * reason.
 */
export function invoiceRequestProblem(
  o: { status: string; paymentStatus: string },
  name: "tax invoice" | "bill of supply" = "tax invoice",
): string | null {
  if (o.status === "cancelled") return `A cancelled order has no ${name}.`;
  if (o.paymentStatus === "refunded") return `A refunded order has no ${name}.`;
  if (o.paymentStatus === "paid" || o.status === "dispatched" || o.status === "delivered") return null;
  return `The ${name} is issued once the order is paid (cash on delivery: when it is dispatched).`;
}
