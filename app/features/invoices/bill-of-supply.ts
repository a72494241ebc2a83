import { amountInWords } from "./amount-in-words";
import { countryName } from "~/shared/countries";
import {
  keptPaise,
  refundedField,
  refundNotes,
  type InvoiceOrder,
  type InvoiceSeller,
  type InvoiceSnapshot,
  type Issue,
} from "./gst-invoice";
import { invoiceLines, taxTotals } from "./gst-tax";
import { formatIstDate } from "~/shared/ist-dates";

/*
 * The bill of supply of a shop not registered for GST (issue 27, decision 039): the order's lines at the price
 * charged, no GST charged or shown as tax, the seller's legal name and address, and the declaration that the
 * seller is not registered. Its own number series (BS/2026-27/00001); frozen at issue like an invoice.
 */

/** The declaration every bill of supply prints. */
export const NOT_REGISTERED_DECLARATION =
  "The seller is not registered under the Goods and Services Tax (GST) Act: no GST is charged on this supply, and no input tax credit can be claimed on it.";

/** Why the shop cannot issue a bill of supply (settings incomplete), or null. */
export function billOfSupplySettingsProblem(
  seller: Pick<InvoiceSeller, "legalName" | "address">,
): string | null {
  if (!seller.legalName.trim())
    return "Add the shop's legal name on the Settings page before issuing bills of supply.";
  if (!seller.address.trim())
    return "Add the store address on the Settings page before issuing bills of supply.";
  return null;
}

/** The bill of supply of an order: its lines add up to the order's total to the paisa, with no tax in them. */
export function buildBillOfSupplySnapshot(
  order: InvoiceOrder,
  seller: InvoiceSeller,
  issue: Issue,
): InvoiceSnapshot {
  const problem = billOfSupplySettingsProblem(seller);
  if (problem) throw new Error(problem);
  const lines = invoiceLines({
    goods: order.goods,
    discount: order.discount,
    deliveryFee: order.deliveryFee,
    codFee: order.codFee,
    deliveryLabel: order.deliveryLabel,
    hsn: seller.hsnCode,
    ratePercent: 0,
    supply: order.country ? "export" : "intra",
    refunded: order.refundedBefore ?? 0,
  });
  const totals = taxTotals(lines);
  if (totals.total !== keptPaise(order))
    throw new Error(`bill lines add up to ${totals.total} paise, the order's total is ${order.totalAmount}`);
  const notes = [NOT_REGISTERED_DECLARATION];
  if (order.country) notes.push(`Delivered to ${countryName(order.country)}.`);
  notes.push(...refundNotes(order, "bill"));
  const business = Boolean(order.buyerGstin && !order.country);
  return {
    version: 1,
    kind: "bill_of_supply",
    title: "Bill of Supply",
    number: issue.number,
    financialYear: issue.financialYear,
    issuedAt: issue.issuedAt.toISOString(),
    issueDate: formatIstDate(issue.issuedAt),
    seller: {
      legalName: seller.legalName,
      address: seller.address,
      gstin: null,
      stateName: "",
      stateCode: "",
    },
    buyer: {
      name: order.customerName,
      businessName: business ? order.buyerBusinessName : null,
      gstin: business ? order.buyerGstin : null,
      address: order.address,
      phone: order.customerPhone,
      email: order.customerEmail,
    },
    // Not printed on a bill of supply (no tax to place); kept so every document has the same shape.
    placeOfSupply: { name: "", code: "" },
    supply: order.country ? "export" : "intra",
    stateTaxLabel: "SGST",
    b2b: false,
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
