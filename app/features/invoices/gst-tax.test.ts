import { describe, expect, it } from "vitest";
import {
  divideRounded,
  formatPaise,
  invoiceLines,
  shareByWeight,
  splitInclusive,
  taxTotals,
} from "./gst-tax";

describe("splitInclusive", () => {
  it("takes 18% IGST out of a tax-inclusive ₹1,180 exactly", () => {
    expect(splitInclusive(118_000, 18, "inter")).toEqual({
      taxable: 100_000,
      cgst: 0,
      sgst: 0,
      igst: 18_000,
    });
  });

  it("splits intra-state tax into equal CGST and SGST halves", () => {
    expect(splitInclusive(118_000, 18, "intra")).toEqual({
      taxable: 100_000,
      cgst: 9_000,
      sgst: 9_000,
      igst: 0,
    });
  });

  it("rounds each half to the nearest paisa and lets the taxable value take the remainder", () => {
    // ₹999 at 18%: tax 15238.98 paise → halves of 7619.49 → 7619 each; taxable 99900 − 15238 = 84662.
    const s = splitInclusive(99_900, 18, "intra");
    expect(s).toEqual({ taxable: 84_662, cgst: 7_619, sgst: 7_619, igst: 0 });
    expect(s.taxable + s.cgst + s.sgst).toBe(99_900);
    // Inter-state the same amount: IGST 15238.98 → 15239.
    expect(splitInclusive(99_900, 18, "inter")).toEqual({ taxable: 84_661, cgst: 0, sgst: 0, igst: 15_239 });
  });

  it("charges no tax on exports and at 0%", () => {
    expect(splitInclusive(50_000, 18, "export")).toEqual({ taxable: 50_000, cgst: 0, sgst: 0, igst: 0 });
    expect(splitInclusive(50_000, 0, "intra")).toEqual({ taxable: 50_000, cgst: 0, sgst: 0, igst: 0 });
  });

  it("rounds halves up", () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(4, 3)).toBe(1);
    expect(divideRounded(5, 3)).toBe(2);
  });

  it("refuses negative or fractional amounts", () => {
    expect(() => splitInclusive(-1, 18, "inter")).toThrow();
    expect(() => splitInclusive(1.5, 18, "inter")).toThrow();
  });
});

describe("shareByWeight", () => {
  it("shares exactly, largest remainders first", () => {
    expect(shareByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByWeight(10, [3, 7])).toEqual([3, 7]);
    expect(shareByWeight(0, [3, 7])).toEqual([0, 0]);
    expect(shareByWeight(7, [0, 0])).toEqual([0, 0]);
  });
});

describe("invoiceLines", () => {
  const goods = [
    { description: "Love Neon (Medium)", hsn: "9405", quantity: 2, unitPrice: 2_499 },
    { description: "Custom Neon: Priya", hsn: "9405", quantity: 1, unitPrice: 4_999 },
    { description: "Moon Neon (Small)", hsn: "9405", quantity: 3, unitPrice: 333 },
  ];

  it("adds up to the order total to the paisa with a discount, delivery and COD lines (multi-line rounding)", () => {
    const lines = invoiceLines({
      goods,
      discount: 1_001,
      deliveryFee: 299,
      codFee: 50,
      deliveryLabel: "Delivery (Standard)",
      hsn: "9405",
      ratePercent: 18,
      supply: "intra",
    });
    expect(lines.map((l) => l.description)).toEqual([
      "Love Neon (Medium)",
      "Custom Neon: Priya",
      "Moon Neon (Small)",
      "Delivery (Standard)",
      "Cash on delivery charge",
    ]);
    const t = taxTotals(lines);
    const order = 2 * 2_499 + 4_999 + 3 * 333 + 299 + 50 - 1_001;
    expect(t.total).toBe(order * 100);
    expect(t.taxable + t.cgst + t.sgst).toBe(order * 100);
    expect(t.discount).toBe(100_100);
    expect(t.cgst).toBe(t.sgst);
    expect(t.igst).toBe(0);
    for (const l of lines) {
      expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.total);
      expect(l.total).toBe(l.gross - l.discount);
      expect(l.cgst).toBe(l.sgst);
    }
    // The discount reduces the goods' taxable value in proportion to their value, never the charges'.
    expect(lines[3]!.discount).toBe(0);
    expect(lines[4]!.discount).toBe(0);
    expect(lines[0]!.discount + lines[1]!.discount + lines[2]!.discount).toBe(100_100);
    // Delivery is taxed like the goods (composite supply): ₹299 → halves of 2280.5 paise, rounded up.
    expect(lines[3]).toMatchObject({ gross: 29_900, taxable: 25_338, cgst: 2_281, sgst: 2_281, hsn: "9405" });
  });

  it("charges IGST only between states", () => {
    const lines = invoiceLines({
      goods,
      discount: 0,
      deliveryFee: 0,
      codFee: 0,
      deliveryLabel: "Delivery (Standard)",
      hsn: "9405",
      ratePercent: 18,
      supply: "inter",
    });
    expect(lines).toHaveLength(3); // free delivery, no COD: no charge lines
    const t = taxTotals(lines);
    expect(t.cgst + t.sgst).toBe(0);
    expect(t.igst).toBe(lines.reduce((n, l) => n + Math.floor((2 * l.total * 18 + 118) / 236), 0));
    expect(t.total).toBe((2 * 2_499 + 4_999 + 3 * 333) * 100);
  });

  it("takes a refund before the invoice off every line in proportion, the tax split again (decision 052)", () => {
    const input = {
      goods,
      discount: 1_001,
      deliveryFee: 299,
      codFee: 50,
      deliveryLabel: "Delivery (Standard)",
      hsn: "9405",
      ratePercent: 18,
      supply: "intra" as const,
    };
    const before = invoiceLines(input);
    const lines = invoiceLines({ ...input, refunded: 499 });
    const t = taxTotals(lines);
    expect(t.total).toBe(taxTotals(before).total - 49_900);
    expect(t.discount).toBe(100_100 + 49_900);
    lines.forEach((l, i) => {
      expect(l.discount).toBeGreaterThanOrEqual(before[i]!.discount);
      expect(l.total).toBe(l.gross - l.discount);
      expect({ taxable: l.taxable, cgst: l.cgst, sgst: l.sgst, igst: l.igst }).toEqual(
        splitInclusive(l.total, 18, "intra"),
      );
    });
    // The delivery and COD lines take their share too.
    expect(lines[3]!.discount).toBeGreaterThan(0);
    expect(lines[4]!.discount).toBeGreaterThan(0);
    // Everything refunded leaves lines of nothing; more than the lines charge is refused.
    const all = taxTotals(before).total / 100;
    expect(taxTotals(invoiceLines({ ...input, refunded: all })).total).toBe(0);
    expect(() => invoiceLines({ ...input, refunded: all + 1 })).toThrow("exceeds");
  });
});

describe("formatPaise", () => {
  it("groups the Indian way", () => {
    expect(formatPaise(12_345_678)).toBe("1,23,456.78");
    expect(formatPaise(5)).toBe("0.05");
    expect(formatPaise(-100)).toBe("-1.00");
  });
});
