import { isUuid } from "~/shared/uuid";

/** What one search box entry can mean, and the id range the SQL uses for an id prefix. */

export type SearchTerms = {
  /** A whole uuid. */
  uuid?: string;
  /** Leading hex digits of the uuid (from 'NL1A2B…' or '1a2b…'), lowercased, 4 to 32 digits without dashes. */
  idPrefix?: string;
  /** Digits of a phone number (at least 4), without +91/0 in front when a whole number was typed. */
  phoneDigits?: string;
  /** Lowercased text for an e-mail prefix match. */
  emailPrefix?: string;
  /** Words (letters and digits) for a word-prefix match on the name. */
  nameWords: string[];
};

/** What one search box entry can mean: an order id, a phone number, an e-mail, a name. Matches are ORed. */
export function searchTerms(q: string | undefined): SearchTerms | null {
  const s = (q ?? "").trim();
  if (!s) return null;
  const terms: SearchTerms = { nameWords: [] };
  if (isUuid(s)) {
    terms.uuid = s.toLowerCase();
    return terms;
  }
  const hex = s.replace(/^#/, "").replace(/^nl/i, "").replace(/-/g, "");
  if (/^[0-9a-f]{4,32}$/i.test(hex)) terms.idPrefix = hex.toLowerCase();
  const digits = s.replace(/[\s\-().]/g, "");
  if (/^\+?\d{4,13}$/.test(digits)) {
    let d = digits.replace(/^\+/, "");
    if (d.length === 12 && d.startsWith("91")) d = d.slice(2);
    else if (d.length === 11 && d.startsWith("0")) d = d.slice(1);
    terms.phoneDigits = d;
  }
  if (!/\s/.test(s)) terms.emailPrefix = s.toLowerCase();
  terms.nameWords = (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 6);
  return terms;
}

/** A uuid range [low, high] covering every id that starts with the given hex digits. */
export function uuidPrefixRange(hexPrefix: string): [string, string] {
  const h = hexPrefix.toLowerCase().slice(0, 32);
  const fmt = (x: string) =>
    `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
  return [fmt(h.padEnd(32, "0")), fmt(h.padEnd(32, "f"))];
}
