import { describe, expect, it } from "vitest";
import { gstinCheckCharacter } from "~/shared/gstin";
import {
  buildCreditNoteSnapshot,
  buildInvoiceSnapshot,
  invoiceSettingsProblem,
  type InvoiceOrder,
  type InvoiceSeller,
} from "./gst-invoice";

const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);
const KARNATAKA_GSTIN = withCheck("29ABCDE1234F1Z");
const CHANDIGARH_GSTIN = withCheck("04ABCDE1234F1Z");

const seller: InvoiceSeller = {
  legalName: "Neon Lights Private Limited",
  address: "12 MG Road, Bengaluru 560001",
  gstin: KARNATAKA_GSTIN,
  hsnCode: "9405",
  gstRatePercent: 18,
  lutReference: "AD290326000123X",
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
  discount: 500,
  deliveryFee: 299,
  codFee: 50,
  deliveryLabel: "Delivery (Standard)",
  totalAmount: 2_499 + 2 * 1_299 + 299 + 50 - 500,
  paymentMethod: "Cash on Delivery",
};
const issue = {
  number: "NL/2026-27/00001",
  financialYear: "2026-27",
  issuedAt: new Date("2026-11-24T10:00:00Z"),
};

describe("buildInvoiceSnapshot", () => {
  it("splits CGST + SGST when the shop's state is the place of supply", () => {
    const s = buildInvoiceSnapshot(order, seller, issue);
    expect(s.supply).toBe("intra");
    expect(s.placeOfSupply).toEqual({ code: "29", name: "Karnataka" });
    expect(s.seller).toMatchObject({ gstin: KARNATAKA_GSTIN, stateCode: "29", stateName: "Karnataka" });
    expect(s.stateTaxLabel).toBe("SGST");
    expect(s.totals.cgst).toBe(s.totals.sgst);
    expect(s.totals.cgst).toBeGreaterThan(0);
    expect(s.totals.igst).toBe(0);
    expect(s.totals.total).toBe(order.totalAmount * 100);
    expect(s.lines.map((l) => l.description)).toEqual([
      "Love Neon",
      "Moon Neon",
      "Delivery (Standard)",
      "Cash on delivery charge",
    ]);
    expect(s.b2b).toBe(false);
    expect(s.buyer.gstin).toBeNull();
    expect(s.issueDate).toBe("24 Nov 2026");
    expect(s.amountInWords).toBe("Rupees Four Thousand Nine Hundred Forty-Six Only");
  });

  it("charges IGST when delivered to another state", () => {
    const s = buildInvoiceSnapshot({ ...order, stateSlug: "maharashtra" }, seller, issue);
    expect(s.supply).toBe("inter");
    expect(s.placeOfSupply).toEqual({ code: "27", name: "Maharashtra" });
    expect(s.totals.cgst + s.totals.sgst).toBe(0);
    expect(s.totals.igst).toBeGreaterThan(0);
    expect(s.totals.taxable + s.totals.igst).toBe(order.totalAmount * 100);
  });

  it("names the state tax UTGST in a union territory without a legislature, IGST across UTs", () => {
    const ut = { ...seller, gstin: CHANDIGARH_GSTIN };
    const inside = buildInvoiceSnapshot({ ...order, stateSlug: "chandigarh" }, ut, issue);
    expect(inside.supply).toBe("intra");
    expect(inside.stateTaxLabel).toBe("UTGST");
    expect(inside.placeOfSupply).toEqual({ code: "04", name: "Chandigarh" });
    const ladakh = buildInvoiceSnapshot({ ...order, stateSlug: "ladakh" }, ut, issue);
    expect(ladakh.supply).toBe("inter");
    expect(ladakh.placeOfSupply.code).toBe("38");
    // Delhi has a legislature: SGST.
    const delhi = buildInvoiceSnapshot(
      { ...order, stateSlug: "delhi" },
      { ...seller, gstin: withCheck("07ABCDE1234F1Z") },
      issue,
    );
    expect(delhi.stateTaxLabel).toBe("SGST");
  });

  it("prints the buyer's GSTIN and business name on a B2B invoice", () => {
    const buyer = withCheck("27AAACB1234C1Z");
    const s = buildInvoiceSnapshot(
      { ...order, stateSlug: "maharashtra", buyerGstin: buyer, buyerBusinessName: "Brew Cafe LLP" },
      seller,
      issue,
    );
    expect(s.b2b).toBe(true);
    expect(s.buyer).toMatchObject({ gstin: buyer, businessName: "Brew Cafe LLP", name: "Priya Sharma" });
  });

  it("zero-rates exports under the LUT", () => {
    const s = buildInvoiceSnapshot(
      { ...order, stateSlug: null, country: "AE", codFee: 0, totalAmount: order.totalAmount - 50 },
      seller,
      issue,
    );
    expect(s.supply).toBe("export");
    expect(s.placeOfSupply).toEqual({ code: "96", name: "Other Countries" });
    expect(s.totals.tax).toBe(0);
    expect(s.totals.taxable).toBe(s.totals.total);
    expect(s.notes[0]).toContain("Letter of Undertaking");
    expect(s.notes[0]).toContain("AD290326000123X");
  });

  it("refuses lines that do not add up to the order's total, and a shop without a GSTIN", () => {
    expect(() =>
      buildInvoiceSnapshot({ ...order, totalAmount: order.totalAmount + 1 }, seller, issue),
    ).toThrow(/add up/);
    expect(invoiceSettingsProblem({ ...seller, gstin: null })).toMatch(/GSTIN/);
    expect(() => buildInvoiceSnapshot(order, { ...seller, gstin: null }, issue)).toThrow(/GSTIN/);
    expect(invoiceSettingsProblem(seller)).toBeNull();
  });
});

describe("buildCreditNoteSnapshot", () => {
  const invoice = buildInvoiceSnapshot(order, seller, issue);
  const cnIssue = {
    number: "CN/2026-27/00001",
    financialYear: "2026-27",
    issuedAt: new Date("2026-11-25T10:00:00Z"),
  };

  it("credits the whole invoice with its own lines", () => {
    const cn = buildCreditNoteSnapshot(
      invoice,
      { amountPaise: invoice.totals.total, reason: "Order cancelled" },
      cnIssue,
    );
    expect(cn.kind).toBe("credit_note");
    expect(cn.title).toBe("Credit Note");
    expect(cn.lines).toEqual(invoice.lines);
    expect(cn.totals).toEqual(invoice.totals);
    expect(cn.against).toEqual({ number: "NL/2026-27/00001", date: "24 Nov 2026" });
    expect(cn.reason).toBe("Order cancelled");
  });

  it("issues an invoice after a refund for the amount kept, saying so; its credit notes credit no more", () => {
    const reduced = buildInvoiceSnapshot({ ...order, refundedBefore: 499 }, seller, issue);
    expect(reduced.totals.total).toBe((order.totalAmount - 499) * 100);
    expect(reduced.refundedBefore).toBe(49_900);
    expect(reduced.notes.join(" ")).toContain(
      `Value reduced before supply: ₹499.00 refunded before this invoice was issued (order total ₹${(order.totalAmount * 1).toLocaleString("en-IN")}.00)`,
    );
    expect(reduced.amountInWords).toContain("Four Thousand Four Hundred Forty-Seven");
    const cn = buildCreditNoteSnapshot(
      reduced,
      { amountPaise: reduced.totals.total, reason: "Order cancelled" },
      cnIssue,
    );
    expect(cn.totals).toEqual(reduced.totals);
    expect(cn.refundedBefore).toBeUndefined();
    expect(cn.notes.join(" ")).not.toContain("refunded before");
  });

  it("credits part of an invoice as one line taxed the same way", () => {
    const cn = buildCreditNoteSnapshot(invoice, { amountPaise: 100_000, reason: "Partial refund" }, cnIssue);
    expect(cn.lines).toHaveLength(1);
    expect(cn.lines[0]).toMatchObject({
      description: "Credit against invoice NL/2026-27/00001",
      total: 100_000,
    });
    expect(cn.totals.cgst).toBe(cn.totals.sgst);
    expect(cn.totals.taxable + cn.totals.tax).toBe(100_000);
  });
});
