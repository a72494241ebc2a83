import { todayInIndia } from "~/shared/ist-dates";

/*
 * Invoice and credit note numbers (CGST Rules, rule 46(b)): consecutive within a financial year
 * (April to March, by the date in India), unique, at most 16 characters, letters, digits, "/" and "-".
 * Invoices: NL/2026-27/00001; credit notes: CN/2026-27/00001; bills of supply (a shop not registered for GST,
 * decision 039): BS/2026-27/00001, a series of their own. From the 100,000th document of a year the
 * number drops its first "/" to keep six digits within 16 characters: NL2026-27/100000.
 */

export const INVOICE_SERIES = { invoice: "NL", credit_note: "CN", bill_of_supply: "BS" } as const;
export type DocumentKind = keyof typeof INVOICE_SERIES;

export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/** The financial year of a moment, by its date in India: "2026-27" for 1 Apr 2026 to 31 Mar 2027. */
export function financialYear(at: Date): string {
  const today = todayInIndia(at);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The printed number of the n-th document (1-based) of a kind in a financial year. */
export function documentNumber(kind: DocumentKind, fy: string, n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 999_999) throw new Error(`document number out of range: ${n}`);
  const series = INVOICE_SERIES[kind];
  return n <= 99_999
    ? `${series}/${fy}/${String(n).padStart(5, "0")}`
    : `${series}${fy}/${String(n).padStart(6, "0")}`;
}
