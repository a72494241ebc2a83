import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";

/*
 * The PDFs' fonts, and which of them draws each character: Inter from @fontsource/inter (its Latin file, and its
 * Latin Extended file for the rupee sign and accents), and Noto Sans Devanagari from
 * @fontsource/noto-sans-devanagari (its Devanagari file) for Hindi, shaped by pdfkit's fontkit (conjuncts, the
 * vowel signs placed and reordered). Text is cut into runs by font, so a line may mix the scripts.
 */

const require = createRequire(import.meta.url);
const filesOf = (pkg: string) => path.join(path.dirname(require.resolve(pkg)), "files");
const INTER = filesOf("@fontsource/inter");
const NOTO = filesOf("@fontsource/noto-sans-devanagari");
const FONTS = {
  regular: path.join(INTER, "inter-latin-400-normal.woff"),
  bold: path.join(INTER, "inter-latin-700-normal.woff"),
  regularExt: path.join(INTER, "inter-latin-ext-400-normal.woff"),
  boldExt: path.join(INTER, "inter-latin-ext-700-normal.woff"),
  regularDeva: path.join(NOTO, "noto-sans-devanagari-devanagari-400-normal.woff"),
  boldDeva: path.join(NOTO, "noto-sans-devanagari-devanagari-700-normal.woff"),
};
export type PdfFont = keyof typeof FONTS;

/** Which font file draws a run: Inter's Latin or Latin Extended file, or the Devanagari one. */
export type Face = "latin" | "ext" | "deva";
export type Run = { face: Face; text: string };

/** The font of a face in the regular or bold weight (the names documents register them under). */
export const fontOf = (face: Face, bold: boolean | undefined): PdfFont => FACES[face][bold ? 1 : 0];
const FACES: Record<Face, [PdfFont, PdfFont]> = {
  latin: ["regular", "bold"],
  ext: ["regularExt", "boldExt"],
  deva: ["regularDeva", "boldDeva"],
};

type Ranges = [number, number][];
// The unicode ranges of the files (from the packages' CSS).
const LATIN: Ranges = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
];
const LATIN_EXT: Ranges = [
  [0x0100, 0x024f],
  [0x1e00, 0x1e9f],
  [0x20a0, 0x20ab],
  [0x20ad, 0x20c0],
];
const DEVANAGARI: Ranges = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  [0x25cc, 0x25cc],
  [0xa830, 0xa839],
  [0xa8e0, 0xa8ff],
  [0x11b00, 0x11b09],
];
/** Spaces and the joiners: inside Devanagari they stay with it (a joiner changes how a conjunct is shaped). */
const WITH_DEVANAGARI = new Set([0x20, 0xa0, 0x200b, 0x200c, 0x200d]);
const inRanges = (cp: number, r: Ranges) => r.some(([a, b]) => cp >= a && cp <= b);

function faceOf(cp: number, previous: Face | undefined): Face | null {
  if (inRanges(cp, DEVANAGARI) || (previous === "deva" && WITH_DEVANAGARI.has(cp))) return "deva";
  if (inRanges(cp, LATIN)) return "latin";
  if (inRanges(cp, LATIN_EXT)) return "ext";
  return null;
}

/** Text cut into runs by the font that draws them; characters no font has are printed as "?". */
export function fontRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const raw of text) {
    // Control characters (never in checked input) print as spaces.
    const ch = raw.codePointAt(0)! < 0x20 ? " " : raw;
    const last = runs.at(-1);
    const face = faceOf(ch.codePointAt(0)!, last?.face);
    const shown = face ? ch : "?";
    const f = face ?? "latin";
    if (last && last.face === f) last.text += shown;
    else runs.push({ face: f, text: shown });
  }
  return runs;
}

/**
 * A WOFF 1.0 file as the plain TrueType/OpenType font it wraps (each table inflated), so each PDF does not
 * decompress the fonts again. Header and directory layout: https://www.w3.org/TR/WOFF/.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("not a WOFF file");
  const numTables = woff.readUInt16BE(12);
  const selector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** selector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(selector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  for (let i = 0; i < numTables; i++) {
    const d = 44 + i * 20;
    const at = woff.readUInt32BE(d + 4);
    const compLength = woff.readUInt32BE(d + 8);
    const origLength = woff.readUInt32BE(d + 12);
    const raw = woff.subarray(at, at + compLength);
    const data = compLength < origLength ? zlib.inflateSync(raw) : raw;
    const e = 12 + i * 16;
    header.writeUInt32BE(woff.readUInt32BE(d), e); // tag
    header.writeUInt32BE(woff.readUInt32BE(d + 16), e + 4); // checksum
    header.writeUInt32BE(offset, e + 8);
    header.writeUInt32BE(origLength, e + 12);
    const pad = (4 - (data.length % 4)) % 4;
    parts.push(data, Buffer.alloc(pad));
    offset += data.length + pad;
  }
  return Buffer.concat(parts);
}

let fontData: Record<PdfFont, Buffer> | undefined;
/** The font files, read and unwrapped once per process. */
export function pdfFonts() {
  fontData ??= Object.fromEntries(
    Object.entries(FONTS).map(([k, file]) => [k, woffToSfnt(fs.readFileSync(file))]),
  ) as Record<PdfFont, Buffer>;
  return fontData;
}

/** Where a font's table starts in a TrueType/OpenType file. */
function table(sfnt: Buffer, tag: string): number {
  for (let i = 0; i < sfnt.readUInt16BE(4); i++)
    if (sfnt.toString("latin1", 12 + i * 16, 16 + i * 16) === tag) return sfnt.readUInt32BE(20 + i * 16);
  throw new Error(`no ${tag} table`);
}

/**
 * Inter's ascent as a share of the font size. Every run of a line is set on Inter's baseline (pdfkit would put
 * each font's top at the line's top, and Noto's lower ascent would lift Devanagari above the Latin beside it).
 */
export function latinAscent(): number {
  const f = pdfFonts().regular;
  return f.readInt16BE(table(f, "hhea") + 4) / f.readUInt16BE(table(f, "head") + 18);
}
