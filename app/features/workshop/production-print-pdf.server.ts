import type { Polyline, SignDrawing } from "~/features/sign-geometry/sign-geometry";
import { drawingProblem } from "./production-layers";
import { newDocument, write, type Doc } from "./pdf-text.server";
import { alignmentMarks, PAGE_MARGIN_MM, PT_PER_MM, tilePlan, type TilePlan } from "./print-tiles";

/*
 * The 1:1 print (issue 44, decision 060): the letters' outlines and the LED centre lines at true size, tiled on
 * A4 pages (print-tiles.ts) with overlaps, trim lines and alignment marks, for the bender to lay the flex on.
 * Each page says which row and column it is and carries a 100 mm bar to check the printer did not scale.
 */

const K = PT_PER_MM;
const SCALE_BAR_MM = 100;

/** A line to draw: its points (thinned) and its box, to skip it on pages it does not reach. */
type Shape = { points: Polyline; closed: boolean; box: [number, number, number, number] };
type Window = { x0: number; y0: number; x1: number; y1: number };
/** Points closer than this to the last one kept are not drawn (mm): far below what a printer shows. */
const THIN_MM = 0.05;

function shape(points: Polyline, closed: boolean): Shape {
  const kept: [number, number][] = [];
  let box: Shape["box"] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
    const last = kept.at(-1);
    if (!last || Math.abs(x - last[0]) > THIN_MM || Math.abs(y - last[1]) > THIN_MM) kept.push([x, y]);
  }
  return { points: kept, closed, box };
}

const reaches = (s: Shape, w: Window) =>
  s.box[2] >= w.x0 && s.box[0] <= w.x1 && s.box[3] >= w.y0 && s.box[1] <= w.y1;

function path(doc: Doc, s: Shape) {
  const [first, ...rest] = s.points;
  if (!first || rest.length === 0) return;
  doc.moveTo(first[0], first[1]);
  for (const [x, y] of rest) doc.lineTo(x, y);
  if (s.closed) doc.closePath();
}

type Shapes = { backing: Shape[]; letters: Shape[]; runs: Shape[] };
const shapesOf = (d: SignDrawing): Shapes => ({
  backing: d.backing.map((r) => shape(r, true)),
  letters: d.letters.map((r) => shape(r, true)),
  runs: d.runs.map((r) => shape(r.points, r.closed)),
});

/** The drawing's lines in millimetres that reach the page's window (the caller has scaled the page to mm). */
function drawSign(doc: Doc, d: SignDrawing, shapes: Shapes, p: TilePlan, w: Window) {
  const draw = (list: Shape[]) => {
    for (const s of list) if (reaches(s, w)) path(doc, s);
  };
  doc.lineJoin("round").lineCap("round");
  draw(shapes.backing);
  doc.lineWidth(0.25).dash(2, { space: 2 }).strokeColor("#9ca3af").stroke().undash();
  draw(shapes.letters);
  doc.lineWidth(0.3).strokeColor("#000000").stroke();
  draw(shapes.runs);
  doc.lineWidth(0.8).strokeColor("#0055d4").stroke();
  for (const [x, y] of d.holes) doc.circle(x, y, d.holeDiameterMm / 2);
  doc.lineWidth(0.25).strokeColor("#008000").stroke();
  // The trim lines: the middle of each overlap.
  for (const x of p.trimX) doc.moveTo(x, 0).lineTo(x, d.heightMm);
  for (const y of p.trimY) doc.moveTo(0, y).lineTo(d.widthMm, y);
  doc.lineWidth(0.2).dash(4, { space: 2 }).strokeColor("#c000c0").stroke().undash();
  for (const [x, y] of alignmentMarks(p, d.widthMm, d.heightMm)) {
    doc
      .circle(x, y, 3)
      .moveTo(x - 5, y)
      .lineTo(x + 5, y)
      .moveTo(x, y - 5)
      .lineTo(x, y + 5);
  }
  doc.lineWidth(0.25).strokeColor("#c000c0").stroke();
}

/** The 100 mm bar with a tick every 10 mm, at (x, y) in mm on the page. */
function scaleBar(doc: Doc, x: number, y: number) {
  doc.save().scale(K);
  doc.rect(x, y, SCALE_BAR_MM, 2).lineWidth(0.2).strokeColor("#000000").stroke();
  for (let i = 0; i < SCALE_BAR_MM; i += 20)
    doc
      .rect(x + i, y, 10, 2)
      .fillColor("#000000")
      .fill();
  for (let i = 0; i <= SCALE_BAR_MM; i += 10) doc.moveTo(x + i, y - 1).lineTo(x + i, y + 3);
  doc.lineWidth(0.2).stroke().restore();
}

/** The 1:1 print of a drawing as a PDF. `label` heads every page (e.g. the order number). */
export function renderPrintPdf(d: SignDrawing, label: string): Promise<Buffer> {
  const problem = drawingProblem(d);
  if (problem) return Promise.reject(new Error(problem));
  const p = tilePlan(d.widthMm, d.heightMm);
  const { doc, bytes } = newDocument({ Title: `${label}: 1:1 print` }, p.landscape);
  const { side, top } = PAGE_MARGIN_MM;
  const shapes = shapesOf(d);
  for (const [i, t] of p.tiles.entries()) {
    doc.addPage({ size: "A4", layout: p.landscape ? "landscape" : "portrait", margin: 0 });
    const heading = `${label} · row ${t.row} of ${p.rows}, column ${t.column} of ${p.columns} · page ${i + 1} of ${p.tiles.length}`;
    write(doc, heading, side * K, 5 * K, { size: 9, bold: true });
    write(doc, "1:1 — check the 100 mm bar", side * K, 10 * K, { size: 9 });
    doc.save();
    doc.rect(side * K, top * K, p.windowWidth * K, p.windowHeight * K).clip();
    doc.scale(K).translate(side - t.x, top - t.y);
    // A line as wide as the LED's (0.8 mm) just outside the window still shows its edge.
    const window = { x0: t.x - 1, y0: t.y - 1, x1: t.x + p.windowWidth + 1, y1: t.y + p.windowHeight + 1 };
    drawSign(doc, d, shapes, p, window);
    doc.restore();
    doc
      .rect(side * K, top * K, p.windowWidth * K, p.windowHeight * K)
      .lineWidth(0.5)
      .strokeColor("#d1d5db")
      .stroke();
    const barY = p.pageHeight - PAGE_MARGIN_MM.bottom + 6;
    scaleBar(doc, side, barY);
    write(
      doc,
      "100 mm: measure this bar; print again at 100% (Actual size) if it is not 100 mm.",
      (side + SCALE_BAR_MM + 5) * K,
      (barY - 0.5) * K,
      {
        size: 7,
        width: (p.windowWidth - SCALE_BAR_MM - 5) * K,
      },
    );
  }
  doc.end();
  return bytes;
}
