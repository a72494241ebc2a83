import { declarationLines } from "~/features/settings/declarations";
import PDFDocument from "pdfkit";
import type { InvoiceSnapshot } from "~/features/invoices/gst-invoice";
import { formatPaise, type TaxedLine } from "~/features/invoices/gst-tax";
import { fontOf, fontRuns, latinAscent, pdfFonts, type Run } from "./pdf-fonts.server";

/*
 * A tax invoice, credit note or bill of supply as a PDF (pdfkit), drawn from the issued snapshot only: the same snapshot
 * always gives the same bytes (the document's dates are the issue time). Text is set in Inter (Latin, and
 * Latin Extended for the rupee sign and accents) and Hindi in Noto Sans Devanagari, shaped, each run of a line
 * in its own font (pdf-fonts.server.ts). Characters no file has (e.g. Tamil) are printed as "?".
 * Downloads never call this on the request thread: a worker thread does (pdf-render-worker.server.ts), and the
 * bytes are kept (invoice-pdfs.server.ts, decision 048).
 */

/**
 * The drawing's version, part of the cached PDFs' key: raise it with any change here that alters a document's
 * bytes (layout, fonts, shaping), so PDFs drawn by an older version are drawn again on their next download.
 */
export const PDF_RENDERER_VERSION = 2;

type Doc = PDFKit.PDFDocument;
type TextOpts = PDFKit.Mixins.TextOptions;

/**
 * Draw one run. Devanagari is drawn as shaped glyphs in visual order (a vowel sign such as ि before its
 * consonant), so its run is marked with the text as typed (ActualText): copying and search give it back.
 */
function drawRun(doc: Doc, run: Run, draw: () => void) {
  if (run.face !== "deva") return draw();
  doc.markContent("Span", { actual: run.text });
  draw();
  doc.endMarkedContent();
}

/** The document's current font size (pdfkit keeps it, without a getter). */
const fontSizeOf = (doc: Doc) => (doc as unknown as { _fontSize: number })._fontSize;

/** Write text at (x, y) in the regular or bold face, switching font files where needed (on Inter's baseline). */
function write(doc: Doc, text: string, x: number, y: number, opts: TextOpts & { bold?: boolean } = {}) {
  const { bold, ...given } = opts;
  const runs = fontRuns(text);
  if (runs.length === 0) return;
  const rest = { ...given, baseline: -latinAscent() * fontSizeOf(doc) };
  if (runs.length > 1 && rest.align === "right" && rest.width) {
    // pdfkit cannot right-align continued text: place the runs one after another from the measured start.
    const widths = runs.map((r) => doc.font(fontOf(r.face, bold)).widthOfString(r.text));
    let at = x + rest.width - widths.reduce((n, w) => n + w, 0);
    runs.forEach((r, i) => {
      doc.font(fontOf(r.face, bold));
      drawRun(doc, r, () => doc.text(r.text, at, y, { lineBreak: false, baseline: rest.baseline }));
      at += widths[i]!;
    });
    return;
  }
  runs.forEach((run, i) => {
    doc.font(fontOf(run.face, bold));
    const last = i === runs.length - 1;
    drawRun(doc, run, () => {
      if (i === 0) doc.text(run.text, x, y, { ...rest, continued: !last });
      else doc.text(run.text, { ...rest, continued: !last });
    });
  });
}

/** How the document's own lines name it: "Invoice number", "Bill number", "Credit note total". */
const DOCUMENT_NAME: Record<InvoiceSnapshot["kind"], string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  bill_of_supply: "Bill",
};

const MARGIN = 36;
const PAGE_WIDTH = 595.28;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;

type Column = {
  title: string;
  width: number;
  align: "left" | "right";
  value: (l: TaxedLine, i: number) => string;
};

function columns(s: InvoiceSnapshot): Column[] {
  const money = (k: keyof TaxedLine) => (l: TaxedLine) => formatPaise(l[k] as number);
  const goods: Column[] = [
    { title: "#", width: 16, align: "left", value: (_l, i) => String(i + 1) },
    { title: "Description", width: 0, align: "left", value: (l) => l.description },
    { title: "HSN", width: 32, align: "left", value: (l) => l.hsn },
    { title: "Qty", width: 22, align: "right", value: (l) => String(l.quantity) },
    { title: "Unit price", width: 48, align: "right", value: money("unitPrice") },
    { title: "Discount", width: 44, align: "right", value: money("discount") },
  ];
  // A bill of supply shows no tax: what each line costs, nothing more (decision 039).
  const fixed: Column[] =
    s.kind === "bill_of_supply"
      ? goods
      : [
          ...goods,
          { title: "Taxable value", width: 54, align: "right", value: money("taxable") },
          { title: "Rate", width: 26, align: "right", value: (l) => `${l.ratePercent}%` },
        ];
  const tax: Column[] =
    s.kind === "bill_of_supply"
      ? []
      : s.supply === "intra"
        ? [
            { title: "CGST", width: 44, align: "right", value: money("cgst") },
            { title: s.stateTaxLabel, width: 44, align: "right", value: money("sgst") },
          ]
        : [{ title: "IGST", width: 48, align: "right", value: money("igst") }];
  const all = [
    ...fixed,
    ...tax,
    {
      title: s.kind === "bill_of_supply" ? "Amount" : "Total",
      width: 54,
      align: "right" as const,
      value: money("total"),
    },
  ];
  const used = all.reduce((n, c) => n + c.width, 0);
  all[1]!.width = CONTENT - used;
  return all;
}

function drawTable(doc: Doc, s: InvoiceSnapshot, top: number): number {
  const cols = columns(s);
  const pad = 3;
  doc.fontSize(7);
  const row = (values: string[], y: number, bold: boolean) => {
    let x = MARGIN;
    let height = 0;
    values.forEach((v, i) => {
      const c = cols[i]!;
      doc.font(bold ? "bold" : "regular");
      height = Math.max(height, doc.heightOfString(v, { width: c.width - 2 * pad }));
      write(doc, v, x + pad, y + pad, { width: c.width - 2 * pad, align: c.align, bold });
      // Measured in Inter alone above; text in several fonts (Hindi) may wrap otherwise: where it ended counts.
      height = Math.max(height, doc.y - (y + pad));
      x += c.width;
    });
    return height + 2 * pad;
  };
  doc.rect(MARGIN, top, CONTENT, 20).fill("#f1f1f4").fillColor("#111");
  let y =
    top +
    row(
      cols.map((c) => c.title),
      top,
      true,
    );
  y = Math.max(y, top + 20);
  s.lines.forEach((l, i) => {
    if (y > 720) {
      doc.addPage();
      y = MARGIN;
    }
    const h = row(
      cols.map((c) => c.value(l, i)),
      y,
      false,
    );
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + CONTENT, y + h)
      .lineWidth(0.3)
      .stroke("#bbb");
    y += h;
  });
  return y;
}

function totalsRows(s: InvoiceSnapshot): [string, string][] {
  const t = s.totals;
  const rows: [string, string][] = [];
  if (t.discount > 0) rows.push(["Discount included above", formatPaise(t.discount)]);
  if (s.kind === "bill_of_supply") return rows;
  rows.push(["Taxable value", formatPaise(t.taxable)]);
  if (s.supply === "intra") {
    rows.push(["CGST", formatPaise(t.cgst)], [s.stateTaxLabel, formatPaise(t.sgst)]);
  } else {
    rows.push(["IGST", formatPaise(t.igst)]);
  }
  rows.push(["Total tax", formatPaise(t.tax)]);
  return rows;
}

function drawDocument(doc: Doc, s: InvoiceSnapshot) {
  const half = CONTENT / 2;
  doc.fillColor("#111");
  write(doc, s.title.toUpperCase(), MARGIN, MARGIN, { width: CONTENT, align: "right", bold: true });
  doc.fontSize(14);
  write(doc, s.seller.legalName, MARGIN, MARGIN, { width: half + 60, bold: true });
  doc.fontSize(8.5);
  let y = doc.y + 2;
  write(doc, s.seller.address, MARGIN, y, { width: half + 60 });
  if (s.seller.gstin) {
    write(doc, `GSTIN: ${s.seller.gstin}`, MARGIN, doc.y + 2, { bold: true });
    write(doc, `State: ${s.seller.stateName} (${s.seller.stateCode})`, MARGIN, doc.y + 1);
  } else {
    write(doc, "Not registered under GST", MARGIN, doc.y + 2, { bold: true });
  }

  const name = DOCUMENT_NAME[s.kind];
  const facts: [string, string][] = [
    [`${name} number`, s.number],
    [`${name} date`, s.issueDate],
    ["Order", `${s.order.ref} (${s.order.date})`],
    ["Payment", s.order.paymentMethod],
  ];
  if (s.kind !== "bill_of_supply")
    facts.push(
      ["Place of supply", `${s.placeOfSupply.name} (${s.placeOfSupply.code})`],
      ["Reverse charge", s.reverseCharge],
    );
  if (s.against) facts.push(["Against invoice", `${s.against.number} (${s.against.date})`]);
  let fy = MARGIN + 18;
  for (const [k, v] of facts) {
    write(doc, `${k}:`, MARGIN + half + 20, fy, { width: 90 });
    write(doc, v, MARGIN + half + 110, fy, { width: half - 110, bold: true });
    fy += 12;
  }

  y = Math.max(doc.y, fy) + 14;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.5)
    .stroke("#888");
  y += 8;
  write(doc, s.b2b ? "Bill to (registered buyer) / Ship to" : "Bill to / Ship to", MARGIN, y, { bold: true });
  y = doc.y + 2;
  const buyer = [
    s.buyer.businessName,
    s.buyer.gstin ? `GSTIN: ${s.buyer.gstin}` : null,
    s.buyer.businessName ? `Attn: ${s.buyer.name}` : s.buyer.name,
    s.buyer.address,
    // Blank once the buyer erased their data (issue 32: rule 46 does not ask for either).
    [s.buyer.phone ? `Phone: ${s.buyer.phone}` : "", s.buyer.email ? `Email: ${s.buyer.email}` : ""]
      .filter(Boolean)
      .join("   "),
  ].filter((v): v is string => Boolean(v));
  for (const line of buyer) {
    write(doc, line, MARGIN, y, { width: CONTENT });
    y = doc.y + 1;
  }
  if (s.reason) {
    write(doc, `Reason: ${s.reason}`, MARGIN, y + 4, { width: CONTENT });
    y = doc.y;
  }
  y = drawTable(doc, s, y + 10) + 10;
  if (y > 640) {
    doc.addPage();
    y = MARGIN;
  }

  doc.fontSize(8.5);
  const labelX = MARGIN + CONTENT - 240;
  for (const [k, v] of totalsRows(s)) {
    write(doc, k, labelX, y, { width: 150 });
    write(doc, v, labelX + 150, y, { width: 90, align: "right" });
    y += 12;
  }
  doc.fontSize(10);
  write(doc, `${name} total`, labelX, y + 2, {
    width: 150,
    bold: true,
  });
  write(doc, `₹${formatPaise(s.totals.total)}`, labelX + 150, y + 2, {
    width: 90,
    align: "right",
    bold: true,
  });
  y += 20;
  doc.fontSize(8.5);
  write(doc, `Amount in words: ${s.amountInWords}`, MARGIN, y, { width: CONTENT });
  y = doc.y + 8;
  for (const note of s.notes) {
    write(doc, note, MARGIN, y, { width: CONTENT });
    y = doc.y + 2;
  }
  // The package declarations (issue 32); a document issued before them names the seller as maker.
  const declared = s.declarations
    ? declarationLines(s.declarations)
    : [`Manufacturer and packer: ${s.seller.legalName}, ${s.seller.address}`];
  for (const line of declared) {
    write(doc, line, MARGIN, y, { width: CONTENT });
    y = doc.y + 2;
  }
  y += 16;
  write(doc, `For ${s.seller.legalName}`, MARGIN + half, y, { width: half, align: "right", bold: true });
  write(doc, "Authorised signatory", MARGIN + half, doc.y + 18, { width: half, align: "right" });
  write(doc, "This is a computer-generated document.", MARGIN, doc.y + 12, { width: CONTENT });
}

/** The PDF of an issued invoice, credit note or bill of supply. */
export function renderInvoicePdf(s: InvoiceSnapshot): Promise<Buffer> {
  const issued = new Date(s.issuedAt);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `${s.title} ${s.number}`,
      Author: s.seller.legalName,
      Subject: `${s.title} for order ${s.order.ref}`,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  for (const [name, data] of Object.entries(pdfFonts())) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      doc.fontSize(11);
      drawDocument(doc, s);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** The file name a download is saved as: "Tax-Invoice-NL-2026-27-00001.pdf". */
export function invoiceFileName(s: Pick<InvoiceSnapshot, "title" | "number">): string {
  return `${s.title.replace(/\s+/g, "-")}-${s.number.replace(/\//g, "-")}.pdf`;
}
