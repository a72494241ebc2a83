import zlib from "node:zlib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of every page of a PDF, each text item on its own line (pdfjs-dist, no native parts needed). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str : ""))
        .filter(Boolean)
        .join("\n"),
    );
  }
  await pdf.destroy();
  return pages.join("\n");
}

/**
 * The texts a PDF's marked content carries as typed (ActualText), in drawing order: what copying, search and
 * poppler's pdftotext read where glyphs are drawn in another order than the characters (shaped Devanagari).
 * pdf.js does not apply them, so its text above has the glyphs' order.
 */
export function pdfActualTexts(bytes: Uint8Array): string[] {
  const pdf = Buffer.from(bytes).toString("latin1");
  const texts: string[] = [];
  for (const m of pdf.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const raw = Buffer.from(pdf.slice(start, pdf.indexOf("endstream", start)), "latin1");
    let content: string;
    try {
      content = zlib.inflateSync(raw).toString("latin1");
    } catch {
      content = raw.toString("latin1");
    }
    for (const a of content.matchAll(/\/ActualText \(((?:\\.|[^\\)])*)\)/g))
      texts.push(pdfString(a[1]!.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c)));
  }
  return texts;
}

const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };

/** A PDF text string's bytes (latin1) as text: UTF-16BE after its byte order mark, else PDFDocEncoding ≈ latin1. */
function pdfString(s: string): string {
  if (!s.startsWith("\xfe\xff")) return s;
  return Buffer.from(s.slice(2), "latin1").swap16().toString("utf16le");
}
