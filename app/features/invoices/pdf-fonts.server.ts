import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";

/* The invoice PDF's fonts: Inter from @fontsource/inter (a dependency already), Latin and Latin Extended. */

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve("@fontsource/inter")), "files");
const FONTS = {
  regular: path.join(FONT_DIR, "inter-latin-400-normal.woff"),
  bold: path.join(FONT_DIR, "inter-latin-700-normal.woff"),
  regularExt: path.join(FONT_DIR, "inter-latin-ext-400-normal.woff"),
  boldExt: path.join(FONT_DIR, "inter-latin-ext-700-normal.woff"),
};

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

let fontData: Record<keyof typeof FONTS, Buffer> | undefined;
/** The four font files, read and unwrapped once per process. */
export function pdfFonts() {
  fontData ??= Object.fromEntries(
    Object.entries(FONTS).map(([k, file]) => [k, woffToSfnt(fs.readFileSync(file))]),
  ) as Record<keyof typeof FONTS, Buffer>;
  return fontData;
}
