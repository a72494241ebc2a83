/*
 * GSTIN (Goods and Services Tax Identification Number), 15 characters: a 2-digit state code, the
 * holder's 10-character PAN, the entity number (1-9, A-Z), the letter Z, and a check character computed
 * from the first 14 (the GSTN's mod-36 scheme).
 */

const CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPE = /^([0-9]{2})[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** State codes in use: 01-38 (states and union territories), 97 (other territory), 99 (centre jurisdiction). */
function knownStateCode(code: number): boolean {
  return (code >= 1 && code <= 38) || code === 97 || code === 99;
}

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARS.indexOf(first14[i]!);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = "format" | "state" | "checksum";

/** Why a GSTIN (already upper-cased, no spaces) is wrong, or null when it is valid. */
export function gstinProblem(gstin: string): GstinProblem | null {
  const m = SHAPE.exec(gstin);
  if (!m) return "format";
  if (!knownStateCode(Number(m[1]))) return "state";
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : "checksum";
}

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  format:
    "A GSTIN has 15 characters: 2-digit state code, PAN, entity number, Z, check character (e.g. 09ABCDE1234F1ZY).",
  state: "The GSTIN's first two digits must be a state code (01-38).",
  checksum: "This GSTIN's check character does not match. Please copy it again from your GST certificate.",
};

/** A GSTIN as typed: spaces removed, upper-cased. */
export function normalizeGstin(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}
