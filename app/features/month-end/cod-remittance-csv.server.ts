import { parse } from "csv-parse/sync";

/*
 * A courier's COD remittance report, as uploaded (issue 45): the CSV Shiprocket's panel exports under COD >
 * Remittance (or any courier's with the same columns), read with csv-parse. Column names are matched loosely
 * (case, spaces and punctuation ignored) so the report is uploaded as downloaded; the first heading that names
 * each field wins. A file with any bad line is refused whole, with the lines named, and nothing is stored.
 */

export const MAX_REMITTANCE_ROWS = 20_000;

const FIELDS = {
  awb: ["awb", "awbcode", "awbno", "awbnumber", "trackingnumber", "trackingno", "waybill"],
  amount: ["remittedamount", "remittanceamount", "codamount", "amount", "netamount", "collectedamount"],
  date: ["remittancedate", "remittedon", "remitteddate", "paymentdate", "payoutdate", "date", "utrdate"],
  reference: ["utr", "utrno", "utrnumber", "crfid", "remittanceid", "reference", "referenceno", "batchid"],
} as const;
type Field = keyof typeof FIELDS;

export type RemittanceLine = { awb: string; amount: number; remittedOn: string; reference: string };

const key = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9]/g, "");
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "1,234.50", "₹1234.5", "Rs. 1,234" → paise; null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const t = text.replace(/₹|rs\.?|inr|,|\s/gi, "");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ""] = t.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** "2026-11-03", "03-11-2026", "03/11/2026", "3 Nov 2026", "03-Nov-2026", "2026-11-03 14:20:00" → "2026-11-03". */
export function parseDay(text: string): string | null {
  const t = text.trim().toLowerCase();
  let y: number, m: number, d: number;
  let r: RegExpExecArray | null;
  if ((r = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ t].*)?$/.exec(t))) [y, m, d] = [+r[1]!, +r[2]!, +r[3]!];
  else if ((r = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:\s.*)?$/.exec(t)))
    [d, m, y] = [+r[1]!, +r[2]!, +r[3]!];
  else if ((r = /^(\d{1,2})[\s-]([a-z]{3})[a-z]*[\s-,]+(\d{4})(?:\s.*)?$/.exec(t))) {
    m = MONTHS.indexOf(r[2]!) + 1;
    [d, y] = [+r[1]!, +r[3]!];
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 2017 || y > 2099) return null;
  return date.toISOString().slice(0, 10);
}

export type ParsedRemittances = { ok: true; lines: RemittanceLine[] } | { ok: false; message: string };

/** Read a remittance report; every line needs an AWB, an amount and a day (a reference, unless the file has none). */
export function parseRemittanceCsv(text: string): ParsedRemittances {
  let rows: string[][];
  try {
    rows = parse(text.replace(/^\uFEFF/, ""), {
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      to: MAX_REMITTANCE_ROWS + 2,
    }) as string[][];
  } catch (e) {
    return { ok: false, message: `The file is not a CSV the shop can read: ${(e as Error).message}` };
  }
  const [head, ...body] = rows;
  if (!head || body.length === 0) return { ok: false, message: "The file has no remittance lines." };
  if (body.length > MAX_REMITTANCE_ROWS)
    return {
      ok: false,
      message: `Upload at most ${MAX_REMITTANCE_ROWS.toLocaleString("en-IN")} lines at once.`,
    };
  const keys = head.map(key);
  const col = {} as Record<Field, number>;
  for (const field of Object.keys(FIELDS) as Field[]) {
    col[field] = -1;
    for (const name of FIELDS[field]) {
      const i = keys.indexOf(name);
      if (i >= 0) {
        col[field] = i;
        break;
      }
    }
  }
  const missing = (["awb", "amount", "date"] as const).filter((f) => col[f] < 0);
  if (missing.length > 0)
    return {
      ok: false,
      message: `The file has no ${missing.map((f) => (f === "awb" ? "AWB" : f)).join(", ")} column. Its headings: ${head.join(", ").slice(0, 200)}.`,
    };
  const lines: RemittanceLine[] = [];
  const bad: string[] = [];
  body.forEach((row, i) => {
    const line = i + 2;
    const awb = (row[col.awb] ?? "").replace(/\s/g, "");
    const amount = parseAmount(row[col.amount] ?? "");
    const remittedOn = parseDay(row[col.date] ?? "");
    const reference = col.reference >= 0 ? (row[col.reference] ?? "").trim() : "";
    if (!/^[A-Za-z0-9-]{4,40}$/.test(awb)) bad.push(`line ${line}: the AWB "${awb.slice(0, 40)}" is not one`);
    else if (amount === null)
      bad.push(`line ${line}: "${(row[col.amount] ?? "").slice(0, 20)}" is not an amount`);
    else if (!remittedOn) bad.push(`line ${line}: "${(row[col.date] ?? "").slice(0, 20)}" is not a date`);
    else
      lines.push({
        awb: awb.toUpperCase(),
        amount,
        remittedOn,
        reference: reference.slice(0, 80) || remittedOn,
      });
  });
  if (bad.length > 0)
    return {
      ok: false,
      message: `Nothing was recorded: ${bad.slice(0, 5).join("; ")}${bad.length > 5 ? `; and ${bad.length - 5} more` : ""}.`,
    };
  return { ok: true, lines };
}
