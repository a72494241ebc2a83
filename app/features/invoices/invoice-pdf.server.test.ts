import { describe, expect, it } from "vitest";
import {
  buildCreditNoteSnapshot,
  buildInvoiceSnapshot,
  type InvoiceOrder,
} from "~/features/invoices/gst-invoice";
import { gstinCheckCharacter } from "~/shared/gstin";
import { pdfActualTexts, pdfText } from "../../../tests/support/pdf-text";
import { invoiceFileName, renderInvoicePdf } from "./invoice-pdf.server";
import { fontRuns, pdfFonts, woffToSfnt } from "./pdf-fonts.server";

const sellerGstin = "29ABCDE1234F1Z" + gstinCheckCharacter("29ABCDE1234F1Z");
const buyerGstin = "27AAACB1234C1Z" + gstinCheckCharacter("27AAACB1234C1Z");

const order: InvoiceOrder = {
  orderRef: "NL1A2B3C4D",
  orderDate: new Date("2026-11-20T06:00:00Z"),
  customerName: "Zoë Fernandes",
  customerPhone: "+919876543210",
  customerEmail: "zoe@example.com",
  address: "1 Park Street, Bengaluru, Karnataka - 560001",
  stateSlug: "karnataka",
  country: null,
  buyerGstin: null,
  buyerBusinessName: null,
  goods: [
    {
      description: "Love Neon (Size: Medium (1ft x 1ft), Colour: Pink)",
      hsn: "9405",
      quantity: 1,
      unitPrice: 2_499,
    },
    { description: "Moon Neon (Size: Small)", hsn: "9405", quantity: 2, unitPrice: 1_299 },
  ],
  discount: 500,
  deliveryFee: 299,
  codFee: 50,
  deliveryLabel: "Delivery (Standard)",
  totalAmount: 4_946,
  paymentMethod: "Cash on Delivery",
};
const seller = {
  legalName: "Neon Lights Private Limited",
  address: "12 MG Road, Bengaluru 560001",
  gstin: sellerGstin,
  hsnCode: "9405",
  gstRatePercent: 18,
  lutReference: null,
};
const issue = {
  number: "NL/2026-27/00007",
  financialYear: "2026-27",
  issuedAt: new Date("2026-11-24T10:00:00Z"),
};

describe("renderInvoicePdf", () => {
  it("prints the GSTINs, HSN, CGST + SGST split, rupee total and amount in words", async () => {
    const s = buildInvoiceSnapshot(order, seller, issue);
    const text = await pdfText(await renderInvoicePdf(s));
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain(`GSTIN: ${sellerGstin}`);
    expect(text).toContain("NL/2026-27/00007");
    expect(text).toContain("Karnataka (29)");
    expect(text).toContain("9405");
    expect(text).toContain("CGST");
    expect(text).toContain("SGST");
    expect(text).not.toContain("IGST");
    expect(text).toContain("Zoë Fernandes");
    expect(text.replace(/\n/g, "")).toContain("₹4,946.00");
    expect(text).toContain("Rupees Four Thousand Nine Hundred Forty-Six Only");
    // pdf.js may cut a number into pieces at kerning: compare amounts with the line breaks taken out.
    const flat = text.replace(/\s*\n\s*/g, "");
    expect(flat).toContain(`CGST${(s.totals.cgst / 100).toFixed(2)}SGST${(s.totals.sgst / 100).toFixed(2)}`);
  });

  it("prints IGST and the buyer's GSTIN on an inter-state B2B invoice, and the same bytes every time", async () => {
    const s = buildInvoiceSnapshot(
      { ...order, stateSlug: "maharashtra", buyerGstin, buyerBusinessName: "Brew Cafe LLP" },
      seller,
      issue,
    );
    const a = await renderInvoicePdf(s);
    const b = await renderInvoicePdf(JSON.parse(JSON.stringify(s)));
    expect(Buffer.compare(a, b)).toBe(0);
    const text = await pdfText(a);
    expect(text).toContain("IGST");
    expect(text).not.toContain("CGST");
    expect(text).toContain(`GSTIN: ${buyerGstin}`);
    expect(text).toContain("Brew Cafe LLP");
    expect(text).toContain("Maharashtra (27)");
  });

  it("prints a credit note against its invoice", async () => {
    const inv = buildInvoiceSnapshot(order, seller, issue);
    const cn = buildCreditNoteSnapshot(
      inv,
      { amountPaise: inv.totals.total, reason: "Order cancelled" },
      {
        number: "CN/2026-27/00001",
        financialYear: "2026-27",
        issuedAt: new Date("2026-11-25T10:00:00Z"),
      },
    );
    const text = await pdfText(await renderInvoicePdf(cn));
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain("CN/2026-27/00001");
    expect(text).toContain("NL/2026-27/00007");
    expect(text).toContain("Reason: Order cancelled");
    expect(invoiceFileName(cn)).toBe("Credit-Note-CN-2026-27-00001.pdf");
  });

  it("switches to the Latin Extended file for the rupee sign and prints ? for scripts it lacks", () => {
    expect(fontRuns("Rs ₹5 ā")).toEqual([
      { face: "latin", text: "Rs " },
      { face: "ext", text: "₹" },
      { face: "latin", text: "5 " },
      { face: "ext", text: "ā" },
    ]);
    expect(fontRuns("தமிழ்")).toEqual([{ face: "latin", text: "?????" }]);
  });

  it("sets Hindi in the Devanagari file, spaces and joiners inside it with it, so mixed lines work", () => {
    expect(fontRuns('Custom Neon: "शुभ विवाह" ₹2,999')).toEqual([
      { face: "latin", text: 'Custom Neon: "' },
      { face: "deva", text: "शुभ विवाह" },
      { face: "latin", text: '" ' },
      { face: "ext", text: "₹" },
      { face: "latin", text: "2,999" },
    ]);
    // क्‍ष with a zero-width joiner (half form) stays one run; a space after Hindi goes with it until Latin.
    expect(fontRuns("क्\u200Dष। Hi")).toEqual([
      { face: "deva", text: "क्\u200Dष। " },
      { face: "latin", text: "Hi" },
    ]);
  });

  it("prints Hindi in names and sign text: shaped glyphs that read back as the text typed, never ?", async () => {
    const s = buildInvoiceSnapshot(
      {
        ...order,
        customerName: "प्रिया शर्मा",
        goods: [
          {
            description: 'Custom Neon: "शुभ विवाह" (Font: Baloo 2 (हिन्दी))',
            hsn: "9405",
            quantity: 1,
            unitPrice: 4_946 - 299 - 50 + 500,
          },
        ],
      },
      seller,
      issue,
    );
    const pdf = await renderInvoicePdf(s);
    const text = await pdfText(pdf);
    expect(text).not.toContain("?");
    // pdf.js reads glyphs in the order they are drawn: the vowel sign ि is drawn before its consonant (वि).
    expect(text).toContain("शुभ िववाह");
    expect(text).toContain("िप्रया शमार्");
    // The marked text as typed, which copying and search use (and poppler's pdftotext prints).
    expect(pdfActualTexts(pdf)).toEqual(expect.arrayContaining(["शुभ विवाह", "प्रिया शर्मा", "हिन्दी"]));
    // Both weights of the Devanagari font are embedded (the buyer's name is bold), as subsets.
    const fonts =
      Buffer.from(pdf)
        .toString("latin1")
        .match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g) ?? [];
    expect(fonts.filter((f) => f.includes("NotoSansDevanagari"))).toHaveLength(2);
  });

  it("unwraps the WOFF fonts into TrueType once, and refuses other files", () => {
    const f = pdfFonts();
    expect(f.regular.readUInt32BE(0)).toBe(0x00010000);
    expect(pdfFonts()).toBe(f);
    expect(() => woffToSfnt(Buffer.alloc(64))).toThrow("not a WOFF file");
  });
});
