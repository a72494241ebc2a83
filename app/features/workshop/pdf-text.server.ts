import PDFDocument from "pdfkit";
import { fontOf, fontRuns, latinAscent, pdfFonts } from "~/features/invoices/pdf-fonts.server";

/*
 * Text in the workshop's PDFs, set as the invoices set it (pdf-fonts.server.ts): Inter, and Hindi in Noto Sans
 * Devanagari shaped by fontkit, each run of a line in its own font on Inter's baseline, Devanagari runs marked
 * with the text as typed (copy and search give it back).
 */

export type Doc = PDFKit.PDFDocument;

/** A new A4 document with the invoice fonts registered, and the promise of its bytes once `doc.end()` is called. */
export function newDocument(
  info: PDFKit.DocumentInfo,
  landscape = false,
): { doc: Doc; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: "A4",
    layout: landscape ? "landscape" : "portrait",
    margin: 0,
    autoFirstPage: false,
    info,
  });
  for (const [name, data] of Object.entries(pdfFonts())) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}

/** Write one line (or a wrapped paragraph when `width` is given) at (x, y) in points; returns the y below it. */
export function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: { size?: number; bold?: boolean; width?: number; color?: string } = {},
): number {
  const size = opts.size ?? 10;
  doc.fontSize(size).fillColor(opts.color ?? "#000000");
  const runs = fontRuns(text);
  const baseline = -latinAscent() * size;
  runs.forEach((run, i) => {
    doc.font(fontOf(run.face, opts.bold));
    const last = i === runs.length - 1;
    const options = { baseline, continued: !last, width: opts.width, lineBreak: opts.width !== undefined };
    if (run.face === "deva") doc.markContent("Span", { actual: run.text });
    if (i === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
    if (run.face === "deva") doc.endMarkedContent();
  });
  if (runs.length === 0) return y + size * 1.25;
  return Math.max(doc.y, y + size * 1.25);
}
