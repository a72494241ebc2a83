import type { Point, Polyline, SignDrawing } from "~/features/sign-geometry/sign-geometry";
import { PACK_LAYERS, cableArrow, drawingProblem, mm, type PackLayerId } from "./production-layers";

/*
 * The sign as an SVG at 1:1 (issue 44, decision 060): width and height in millimetres and a viewBox in
 * millimetres, so one user unit is one millimetre and any program that honours the units (Inkscape,
 * LightBurn, rsvg-convert) opens it at true size. Each layer is an Inkscape layer (a <g> with
 * inkscape:groupmode="layer"), named as in the DXF. Lines only, no fills: every path is a line to cut, engrave
 * or follow.
 */

const INKSCAPE = "http://www.inkscape.org/namespaces/inkscape";

/** A ring or line as path data: M x y L ... (Z when closed). */
function pathData(points: Polyline, closed: boolean): string {
  if (points.length === 0) return "";
  const [first, ...rest] = points;
  const xy = ([x, y]: Point) => `${mm(x)} ${mm(y)}`;
  return `M${xy(first!)}${rest.map((p) => `L${xy(p)}`).join("")}${closed ? "Z" : ""}`;
}

function layer(id: PackLayerId, body: string[], strokeWidth: number): string {
  const l = PACK_LAYERS.find((x) => x.id === id)!;
  return [
    `<g id="${l.name}" inkscape:groupmode="layer" inkscape:label="${l.name}" fill="none" stroke="${l.stroke}" stroke-width="${strokeWidth}" stroke-linejoin="round" stroke-linecap="round">`,
    `<title>${l.label}</title>`,
    ...body,
    "</g>",
  ].join("\n");
}

/** The drawing as an SVG document (UTF-8 text). Throws on a drawing with no size or a point that is not a number. */
export function drawingToSvg(d: SignDrawing, title = "Neon sign, 1:1 in millimetres"): string {
  const problem = drawingProblem(d);
  if (problem) throw new Error(problem);
  const letters = d.letters.filter((r) => r.length > 1).map((r) => pathData(r, true));
  const runs = d.runs
    .filter((r) => r.points.length > 1)
    .map((r) => `<path d="${pathData(r.points, r.closed)}"/>`);
  const backing = d.backing.filter((r) => r.length > 1).map((r) => pathData(r, true));
  const r = d.holeDiameterMm / 2;
  const holes = d.holes.map(([x, y]) => `<circle cx="${mm(x)}" cy="${mm(y)}" r="${mm(r)}"/>`);
  const cable = cableArrow(d.cableExit).map(([a, b]) => `<path d="${pathData([a, b], false)}"/>`);
  const w = mm(d.widthMm);
  const h = mm(d.heightMm);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="${INKSCAPE}" version="1.1" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}">`,
    `<title>${escapeXml(title)}</title>`,
    layer("backing", backing.length ? [`<path d="${backing.join("")}"/>`] : [], 0.2),
    layer("letters", letters.length ? [`<path fill-rule="nonzero" d="${letters.join("")}"/>`] : [], 0.2),
    layer("led", runs, 0.5),
    layer("holes", holes, 0.2),
    layer("cable", cable, 0.3),
    "</svg>",
    "",
  ].join("\n");
}

function escapeXml(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex -- characters XML 1.0 does not allow
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
      .replace(
        /[<>&"']/g,
        (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
      )
  );
}
