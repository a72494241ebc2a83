import type { Point, SignDrawing } from "~/features/sign-geometry/sign-geometry";

/*
 * The production pack's layers (issue 44, decision 060): the same five names in the SVG and the DXF, so a laser
 * cutter's or CNC program's layer list reads the same whichever file the workshop opens. Colours are the DXF's
 * AutoCAD Color Index and the SVG's stroke for the same layer.
 */

export const PACK_LAYERS = [
  { id: "letters", name: "LETTERS", label: "Letter outlines", aci: 1, stroke: "#d40000" },
  { id: "led", name: "LED", label: "LED centre lines", aci: 5, stroke: "#0055d4" },
  { id: "backing", name: "BACKING", label: "Backing cut line", aci: 7, stroke: "#000000" },
  { id: "holes", name: "HOLES", label: "Mounting holes", aci: 3, stroke: "#008000" },
  { id: "cable", name: "CABLE", label: "Cable exit", aci: 6, stroke: "#c000c0" },
] as const;
export type PackLayerId = (typeof PACK_LAYERS)[number]["id"];

/** The size of the arrow that marks the cable exit (mm). */
export const CABLE_MARK_MM = 4;

/** A length in mm as written in the files: at most 3 decimals (a micrometre), no trailing zeros, never "-0". */
export function mm(value: number): string {
  const r = Math.round(value * 1000) / 1000;
  return String(r === 0 ? 0 : r);
}

/**
 * The arrow that marks the cable exit: a shaft 2 x CABLE_MARK_MM long coming down to the exit and its head,
 * all above the exit (inside the backing, whose bottom edge the exit is on), as three strokes.
 */
export function cableArrow(at: Point): [Point, Point][] {
  const [x, y] = at;
  const d = CABLE_MARK_MM;
  return [
    [
      [x, y - 2 * d],
      [x, y],
    ],
    [
      [x - d / 2, y - d / 2],
      [x, y],
    ],
    [
      [x + d / 2, y - d / 2],
      [x, y],
    ],
  ];
}

/** The drawing refused by the writers: a size that is not a positive finite number, or a point that is not finite. */
export function drawingProblem(d: SignDrawing): string | null {
  const ok = (n: number) => Number.isFinite(n);
  if (!(d.widthMm > 0 && d.heightMm > 0 && ok(d.widthMm) && ok(d.heightMm)))
    return "The drawing has no size.";
  if (!(d.holeDiameterMm >= 0 && ok(d.holeDiameterMm))) return "The holes' diameter is not a length.";
  const points = [
    ...d.letters.flat(),
    ...d.runs.flatMap((r) => r.points),
    ...d.backing.flat(),
    ...d.holes,
    d.cableExit,
  ];
  if (points.some(([x, y]) => !ok(x) || !ok(y))) return "The drawing has a point that is not a number.";
  return null;
}
