import { describe, expect, it } from "vitest";
import { amountInWords, numberInWords } from "./amount-in-words";
import { documentNumber, financialYear, MAX_DOCUMENT_NUMBER_LENGTH } from "./invoice-numbers";

describe("financialYear", () => {
  it("runs April to March by the date in India", () => {
    expect(financialYear(new Date("2026-03-31T18:29:59Z"))).toBe("2025-26"); // 23:59:59 IST, 31 March
    expect(financialYear(new Date("2026-03-31T18:30:00Z"))).toBe("2026-27"); // 00:00 IST, 1 April
    expect(financialYear(new Date("2026-12-31T12:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2027-01-15T12:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2099-06-01T00:00:00Z"))).toBe("2099-00");
  });
});

describe("documentNumber", () => {
  it("numbers invoices and credit notes in their own series, within 16 characters", () => {
    expect(documentNumber("invoice", "2026-27", 1)).toBe("NL/2026-27/00001");
    expect(documentNumber("credit_note", "2026-27", 42)).toBe("CN/2026-27/00042");
    expect(documentNumber("bill_of_supply", "2026-27", 7)).toBe("BS/2026-27/00007");
    expect(documentNumber("invoice", "2026-27", 99_999)).toBe("NL/2026-27/99999");
    expect(documentNumber("invoice", "2026-27", 100_000)).toBe("NL2026-27/100000");
    for (const n of [1, 99_999, 100_000, 999_999])
      expect(documentNumber("invoice", "2026-27", n).length).toBeLessThanOrEqual(MAX_DOCUMENT_NUMBER_LENGTH);
    expect(documentNumber("invoice", "2026-27", 5)).toMatch(/^[A-Z0-9/-]+$/);
  });

  it("refuses numbers out of range", () => {
    expect(() => documentNumber("invoice", "2026-27", 0)).toThrow();
    expect(() => documentNumber("invoice", "2026-27", 1_000_000)).toThrow();
    expect(() => documentNumber("invoice", "2026-27", 1.5)).toThrow();
  });
});

describe("amountInWords", () => {
  it("uses lakh and crore", () => {
    expect(numberInWords(0)).toBe("Zero");
    expect(numberInWords(105_000)).toBe("One Lakh Five Thousand");
    expect(numberInWords(12_345_678)).toBe(
      "One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight",
    );
    expect(amountInWords(123_450)).toBe("Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only");
    expect(amountInWords(100)).toBe("Rupees One Only");
  });
});
