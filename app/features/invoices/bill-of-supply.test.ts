import { describe, expect, it } from "vitest";
import { salesDocumentOf } from "~/features/settings/gst-registration";
import { buildBillOfSupplySnapshot, NOT_REGISTERED_DECLARATION } from "./bill-of-supply";
import type { InvoiceOrder, InvoiceSeller } from "./gst-invoice";

const seller: InvoiceSeller = {
  legalName: "Roshni Signs",
  address: "7 Civil Lines, Bareilly 243001",
  gstin: null,
  hsnCode: "9405",
  gstRatePercent: 18,
  lutReference: null,
};
const order: InvoiceOrder = {
  orderRef: "NL1A2B3C4D",
  orderDate: new Date("2026-11-20T06:00:00Z"),
  customerName: "Priya Sharma",
  customerPhone: "+919876543210",
  customerEmail: "priya@example.com",
  address: "1 Park Street, Bengaluru, Karnataka - 560001",
  stateSlug: "karnataka",
  country: null,
  buyerGstin: null,
  buyerBusinessName: null,
  goods: [
    { description: "Love Neon", hsn: "9405", quantity: 1, unitPrice: 2_499 },
    { description: "Moon Neon", hsn: "9405", quantity: 2, unitPrice: 1_299 },
  ],
  discount: 333,
  deliveryFee: 299,
  codFee: 50,
  deliveryLabel: "Delivery (Standard)",
  totalAmount: 2_499 + 2 * 1_299 + 299 + 50 - 333,
  paymentMethod: "Cash on Delivery",
};
const issue = {
  number: "BS/2026-27/00001",
  financialYear: "2026-27",
  issuedAt: new Date("2026-11-24T10:00:00Z"),
};

describe("buildBillOfSupplySnapshot", () => {
  it("charges no tax: every line is what the shopper pays, and the lines add up to the order's total", () => {
    const s = buildBillOfSupplySnapshot(order, seller, issue);
    expect(s.kind).toBe("bill_of_supply");
    expect(s.title).toBe("Bill of Supply");
    expect(s.totals.tax).toBe(0);
    expect(s.totals.total).toBe(order.totalAmount * 100);
    expect(s.totals.taxable).toBe(s.totals.total);
    expect(s.lines.every((l) => l.cgst + l.sgst + l.igst === 0 && l.ratePercent === 0)).toBe(true);
    expect(s.lines.map((l) => l.discount).reduce((a, b) => a + b, 0)).toBe(33_300);
    expect(s.seller).toMatchObject({ legalName: "Roshni Signs", gstin: null });
    expect(s.notes).toContain(NOT_REGISTERED_DECLARATION);
  });

  it("refuses amounts that do not add up, and a seller without a legal name", () => {
    expect(() => buildBillOfSupplySnapshot({ ...order, totalAmount: 1 }, seller, issue)).toThrow();
    expect(() => buildBillOfSupplySnapshot(order, { ...seller, legalName: " " }, issue)).toThrow(
      /legal name/,
    );
  });
});

describe("salesDocumentOf", () => {
  it("gives a tax invoice with a GSTIN, a bill of supply when not registered, else none", () => {
    expect(salesDocumentOf("09ABCDE1234F1Z5", true)).toBe("tax-invoice");
    expect(salesDocumentOf(null, true)).toBe("bill-of-supply");
    expect(salesDocumentOf(null, false)).toBe("none");
  });
});
