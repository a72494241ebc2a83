import type { SignMeasurement } from "~/features/sign-geometry/sign-geometry";
import { customColorName } from "~/features/sign-options/line-description";
import { newDocument, write, type Doc } from "./pdf-text.server";
import { PT_PER_MM } from "./print-tiles";

/*
 * The job sheet (issue 44, decision 060): one A4 page the workshop keeps with the sign while it is made. The
 * order number and due date, the approved proof (or the preview the shopper saw), what to make (text per
 * line, font, colour, size, dimmer, backing, quantity), the measured figures (size, letter heights, LED metres
 * and runs, watts, adaptor, backing area, weight), the checks' warnings, and the tests to tick before packing.
 */

export type JobSheet = {
  orderNumber: string;
  /** The promised dispatch/delivery day in words, or null when the order has no promise. */
  due: string | null;
  placedOn: string;
  quantity: number;
  lines: string[];
  font: string;
  color: string;
  size: string;
  dimmer: boolean;
  backing: string;
  measurement: SignMeasurement;
  warnings: string[];
  /** The approved proof or the stored preview, as PNG or JPEG bytes, and what it is. */
  picture: { bytes: Buffer; caption: string } | null;
};

const M = 14 * PT_PER_MM;
const PAGE_W = 595.28;
const CONTENT = PAGE_W - 2 * M;

/** The tests before packing, ticked by hand. */
export function packingChecks(s: Pick<JobSheet, "dimmer" | "measurement" | "color">): string[] {
  const m = s.measurement;
  return [
    `Every letter lights along its whole length (${m.runs} run${m.runs === 1 ? "" : "s"})`,
    `Colour is ${s.color} at full brightness, no dark spots or flicker`,
    ...(s.dimmer ? ["Dimmer takes it from full to low and back"] : []),
    `Lit for 30 minutes on the ${m.adaptorW} W adaptor: nothing too hot to touch`,
    "Backing cut clean, edges polished, holes drilled, cable exit where the drawing shows",
    "Letters match the proof (spelling, order, line breaks)",
    `Adaptor (${m.adaptorW} W)${s.dimmer ? ", dimmer" : ""}, mounting kit and cable packed`,
    "Photo of the lit sign added to the order",
  ];
}

function facts(doc: Doc, rows: [string, string][], x: number, y: number, width: number): number {
  let at = y;
  for (const [label, value] of rows) {
    write(doc, label, x, at, { size: 9, color: "#4b5563" });
    at = write(doc, value, x + 110, at, { size: 10, bold: true, width: width - 110 }) + 2;
  }
  return at;
}

function checkbox(doc: Doc, text: string, x: number, y: number): number {
  doc
    .rect(x, y + 1, 10, 10)
    .lineWidth(0.8)
    .strokeColor("#000000")
    .stroke();
  return write(doc, text, x + 18, y, { size: 10, width: CONTENT - 18 }) + 5;
}

/** The job sheet of a custom sign as a one-page A4 PDF. */
export function renderJobSheetPdf(s: JobSheet): Promise<Buffer> {
  const { doc, bytes } = newDocument({ Title: `Job sheet ${s.orderNumber}` });
  doc.addPage({ size: "A4", margin: 0 });
  const m = s.measurement;
  let y = M;
  write(doc, `Job sheet · ${s.orderNumber}`, M, y, { size: 18, bold: true });
  write(doc, s.due ? `Due ${s.due}` : "No promised date", M + CONTENT / 2, y + 4, {
    size: 12,
    bold: true,
    width: CONTENT / 2,
  });
  y =
    write(doc, `Placed ${s.placedOn} · quantity ${s.quantity}`, M, y + 24, { size: 9, color: "#4b5563" }) + 8;

  const pictureH = 150;
  if (s.picture) {
    try {
      doc.image(s.picture.bytes, M, y, { fit: [CONTENT, pictureH], align: "center", valign: "center" });
      write(doc, s.picture.caption, M, y + pictureH + 2, { size: 8, color: "#4b5563" });
    } catch {
      write(doc, "The design's picture could not be read.", M, y, { size: 10 });
    }
  } else write(doc, "No proof or stored preview for this order.", M, y, { size: 10, color: "#4b5563" });
  y += pictureH + 16;

  const half = CONTENT / 2 - 8;
  const top = y;
  write(doc, "To make", M, y, { size: 12, bold: true });
  const made = facts(
    doc,
    [
      ...s.lines.map((l, i): [string, string] => [`Line ${i + 1}`, l || " "]),
      ["Font", s.font],
      ["Colour", s.color],
      ["Size", s.size],
      ["Dimmer", s.dimmer ? "Yes" : "No"],
      ["Backing", s.backing],
    ],
    M,
    y + 18,
    half,
  );
  write(doc, "Measured", M + half + 16, top, { size: 12, bold: true });
  const measured = facts(
    doc,
    [
      ["Overall", `${m.widthCm} × ${m.heightCm} cm (letters ${m.textWidthCm} × ${m.textHeightCm} cm)`],
      ...m.lines.map((l, i): [string, string] => [
        `Line ${i + 1} letters`,
        `${(l.letterHeightMm / 10).toFixed(1)} cm high`,
      ]),
      [
        "LED flex",
        m.ledMetres.map((c) => `${c.metres.toFixed(2)} m ${customColorName(c.color)}`).join(", ") ||
          `${m.ledMetresTotal.toFixed(2)} m`,
      ],
      ["LED runs", String(m.runs)],
      ["Power", `${m.watts} W`],
      ["Adaptor", `${m.adaptorW} W`],
      ["Backing area", `${m.backingAreaM2.toFixed(3)} m²`],
      ["Weight", `about ${m.weightKg.toFixed(2)} kg`],
    ],
    M + half + 16,
    top + 18,
    half,
  );
  y = Math.max(made, measured) + 10;

  if (s.warnings.length) {
    y = write(doc, "Warnings", M, y, { size: 12, bold: true, color: "#b45309" }) + 2;
    for (const w of s.warnings) y = write(doc, `• ${w}`, M, y, { size: 10, width: CONTENT }) + 2;
    y += 8;
  }
  y = write(doc, "Before packing", M, y, { size: 12, bold: true }) + 4;
  for (const c of packingChecks(s)) y = checkbox(doc, c, M, y);
  y += 10;
  write(doc, "Tested by ____________________   Date ____________", M, y, { size: 10 });
  doc.end();
  return bytes;
}
