import type { CUSTOM_COLORS } from "~/features/sign-options/custom-colors";
import type { BACKING_SHAPES, CUSTOM_FONTS, CUSTOM_SIZES } from "~/features/sign-options/custom-options";

/*
 * A custom sign measured as real geometry (issue 44, decision 059): what the server's geometry engine
 * (`measure-design.server.ts`) answers for a design, and what the workshop's production pack, the costs and the
 * production board read. Pure types and small rules; no fonts here.
 *
 * Coordinates are millimetres at 1:1, x to the right and y DOWN (as in SVG), with the origin at the top-left
 * corner of the whole drawing's box (the backing with its margin), so every point is positive. A DXF writer flips
 * y (DXF's y runs up).
 */

export type Point = readonly [x: number, y: number];
/** A closed ring (the last point joins the first; the first is not repeated) or an open line. */
export type Polyline = readonly Point[];

/** What the engine needs beyond the design, from the workshop settings (settings/workshop-settings.ts). */
export type GeometrySettings = {
  /** LED flex draw (W per metre), e.g. 9.6. */
  ledWattsPerMetre: number;
  /** The adaptor ratings on the shelf (W), any order; the smallest >= 1.2 x the load is packed. */
  adaptorRatingsW: readonly number[];
  /** Cut-to-shape: how far the backing's edge stands off the letters (mm). Rectangle: the margin around the design. */
  backingMarginMm: number;
  /** Rectangle backing: the corners' radius (mm). */
  cornerRadiusMm: number;
  /** Mounting holes: diameter (mm) and how far their centre sits inside the backing's edge (mm). */
  holeDiameterMm: number;
  holeInsetMm: number;
  /** Acrylic thickness (mm), for the weight. */
  acrylicThicknessMm: number;
};

export const DEFAULT_GEOMETRY_SETTINGS: GeometrySettings = {
  ledWattsPerMetre: 9.6,
  adaptorRatingsW: [12, 24, 36, 48, 60, 72, 96, 120, 150, 200, 250, 300],
  backingMarginMm: 15,
  cornerRadiusMm: 10,
  holeDiameterMm: 5,
  holeInsetMm: 12,
  acrylicThicknessMm: 5,
};

/** One laid-out line of text. */
export type MeasuredLine = {
  text: string;
  /** The height of the line's smallest letters (x-height with lowercase, the headline's height in Hindi, else capitals), mm. */
  letterHeightMm: number;
  /** The baseline's y (mm, in the drawing's coordinates). */
  baselineMm: number;
};

/**
 * A piece of LED centre line: from a stroke's free end or junction to the next (a closed loop for an O). The
 * pieces that meet make one run of flex; `SignMeasurement.runs` counts the runs.
 */
export type LedRun = { points: Polyline; lengthMm: number; closed: boolean };

/** The drawing the production pack writes, in the drawing's millimetres. */
export type SignDrawing = {
  widthMm: number;
  heightMm: number;
  /** The letters' outlines: closed rings, filled by the non-zero rule (outer rings and their counters). */
  letters: Polyline[];
  /** The LED centre lines. */
  runs: LedRun[];
  /** The backing's cut line: closed rings with no islands (one outer ring for a rectangle or a bridged contour). */
  backing: Polyline[];
  /** Mounting holes' centres; their diameter is `holeDiameterMm`. */
  holes: Point[];
  holeDiameterMm: number;
  /** Where the cable leaves the backing (a point on the backing's bottom edge). */
  cableExit: Point;
};

/** The measured figures of a design (what staff see and the shop's rules use). */
export type SignMeasurement = {
  /** The sign's overall size with its backing (cm, one decimal). */
  widthCm: number;
  heightCm: number;
  /** The letters' block alone (cm): its width is the chosen size's width. */
  textWidthCm: number;
  textHeightCm: number;
  lines: MeasuredLine[];
  /** LED flex per colour (metres, two decimals); a design has one colour today. */
  ledMetres: { color: CustomColorId; metres: number }[];
  ledMetresTotal: number;
  /** Separate LED runs (each needs its own feed or a jumper). */
  runs: number;
  /** Power draw (W) at the settings' watts per metre, and the adaptor to pack (W). */
  watts: number;
  adaptorW: number;
  /** The backing's area (m², three decimals) and the sign's approximate weight (kg, two decimals). */
  backingAreaM2: number;
  weightKg: number;
  /** The smallest distance between two separate runs' centre lines inside one letter (mm); null when none is within 40 mm. */
  closestRunsMm: number | null;
  /** The median stroke width of the letters (mm). */
  strokeMm: number;
};

export type MeasuredDesign = { measurement: SignMeasurement; drawing: SignDrawing };

type CustomColorId = (typeof CUSTOM_COLORS)[number]["id"];
export type { CustomColorId };
export type CustomFontId = (typeof CUSTOM_FONTS)[number]["id"];
export type CustomSizeId = (typeof CUSTOM_SIZES)[number]["id"];
export type BackingShapeId = (typeof BACKING_SHAPES)[number]["id"];

/** The adaptor to pack: the smallest rating at or above 1.2 x the load; the largest when none is (then it is short). */
export function adaptorFor(watts: number, ratings: readonly number[]): number {
  const sorted = [...ratings].filter((r) => r > 0).sort((a, b) => a - b);
  const need = watts * 1.2;
  return sorted.find((r) => r >= need) ?? sorted.at(-1) ?? 0;
}
