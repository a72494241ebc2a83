import {
  areaD,
  EndType,
  FillRule,
  inflatePathsD,
  JoinType,
  unionD,
  type PathD,
  type PathsD,
} from "clipper2-ts";
import { parseRatings, type WorkshopSettings } from "~/features/settings/workshop-settings";
import { shopSettings } from "~/features/settings/store-settings.server";
import { CUSTOM_SIZES } from "~/features/sign-options/custom-options";
import { blockWidth, glyphRings, layoutLines, type PlacedGlyph } from "./layout.server";
import {
  adaptorFor,
  type BackingShapeId,
  type CustomColorId,
  type CustomFontId,
  type CustomSizeId,
  type GeometrySettings,
  type LedRun,
  type MeasuredDesign,
  type Point,
  type Polyline,
} from "./sign-geometry";
import { simplify, skeletonOf, type Pt, type Skeleton } from "./skeleton";

/*
 * The geometry engine (issue 44, decision 059): a design measured as the workshop will make it. The text is laid
 * out as the customiser draws it (layout.server.ts), scaled so its widest line fills the chosen size's width;
 * each glyph's outline gives the letters, its skeleton the LED centre lines (skeleton.ts, cached per glyph per
 * process), and the letters offset and joined give the backing (clipper2-ts). Millimetres, y down, origin at the
 * top-left of the backing's box.
 */

export type MeasurableDesign = {
  /** The text the sign shows (customizer's displayText: never empty). */
  text: string;
  font: CustomFontId;
  color: CustomColorId;
  size: CustomSizeId;
  backingShape: BackingShapeId;
};

/** Raster resolution for a glyph's skeleton: 200 pixels per em keeps thin strokes ~8 pixels wide. */
const PX_PER_EM = 200;
/** 1 m² of acrylic 1 mm thick weighs 1.19 kg; LED neon flex about 0.1 kg a metre; an adaptor about 0.3 kg. */
const ACRYLIC_KG_PER_M2_MM = 1.19;
const FLEX_KG_PER_M = 0.1;
const ADAPTOR_KG = 0.3;
/** Runs farther apart than this are not measured against each other (mm). */
const NEAR_RUNS_MM = 40;

type GlyphShape = { rings: Pt[][]; skeleton: Skeleton };
const shapes = new Map<string, GlyphShape>();

/** Offsets with round joins drawn to 0.2 mm (Clipper's default follows the offset and makes thousands of points). */
const offset = (paths: PathsD, by: number, end: EndType = EndType.Polygon) =>
  inflatePathsD(paths, by, JoinType.Round, end, 2, 2, 0.5);

/** Rings with the points that keep them within 0.3 mm (a glyph's flattened curves have many more). */
const lean = (paths: PathsD): PathsD =>
  paths
    .map((r) =>
      simplify([...r.map((p) => [p.x, p.y] as Pt), [r[0]!.x, r[0]!.y]], 0.3)
        .slice(0, -1)
        .map(([x, y]) => ({ x, y })),
    )
    .filter((r) => r.length > 2);

/** At most `n` of a ring's points, evenly spaced (for nearest-point searches). */
const thinned = <T>(ring: readonly T[], n: number): T[] =>
  ring.length <= n
    ? [...ring]
    : Array.from({ length: n }, (_, i) => ring[Math.floor((i * ring.length) / n)]!);

function shapeOf(g: PlacedGlyph): GlyphShape {
  let s = shapes.get(g.key);
  if (!s) {
    const rings = glyphRings(g.glyph);
    s = { rings, skeleton: skeletonOf(rings, PX_PER_EM / g.unitsPerEm) };
    shapes.set(g.key, s);
  }
  return s;
}

/** The engine's settings from the shop's workshop settings. */
export function geometrySettingsOf(w: WorkshopSettings): GeometrySettings {
  return {
    ledWattsPerMetre: w.ledWattsPerMetre,
    adaptorRatingsW: parseRatings(w.adaptorRatings) ?? [],
    backingMarginMm: w.backingMarginMm,
    cornerRadiusMm: w.cornerRadiusMm,
    holeDiameterMm: w.holeDiameterMm,
    holeInsetMm: w.holeInsetMm,
    acrylicThicknessMm: w.acrylicThicknessMm,
  };
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Measure a design. Throws MissingGlyph (fonts.server.ts) for a character the font cannot draw. Without
 * `settings`, the shop's workshop settings.
 */
export async function measureDesign(
  design: MeasurableDesign,
  settings?: GeometrySettings,
): Promise<MeasuredDesign> {
  const set = settings ?? geometrySettingsOf((await shopSettings()).workshop);
  return measureWith(design, set);
}

/**
 * The letters alone, laid out as the customiser draws them: each line's smallest letters' height (mm) at the chosen
 * size, from the fonts' own x-height, cap height and Hindi headline (no outlines, no skeleton: a millisecond or
 * two). What the "can we make it" rules read at quote and order time. Throws MissingGlyph like measureWith.
 */
export function measureLetters(design: Pick<MeasurableDesign, "text" | "font" | "size">): {
  lines: { text: string; letterHeightMm: number }[];
} {
  const widthMm = (CUSTOM_SIZES.find((s) => s.id === design.size) ?? CUSTOM_SIZES[1]).widthCm * 10;
  const lines = layoutLines(design.font, design.text);
  const em = blockWidth(lines);
  if (!(em > 0)) throw new Error("nothing to draw");
  return {
    lines: lines
      .filter((l) => l.glyphs.length > 0)
      .map((l) => ({ text: l.text, letterHeightMm: round((l.letterHeight * widthMm) / em, 1) })),
  };
}

export function measureWith(design: MeasurableDesign, set: GeometrySettings): MeasuredDesign {
  const widthMm = (CUSTOM_SIZES.find((s) => s.id === design.size) ?? CUSTOM_SIZES[1]).widthCm * 10;
  const lines = layoutLines(design.font, design.text);
  const em = blockWidth(lines);
  if (!(em > 0)) throw new Error("nothing to draw");
  const k = widthMm / em; // mm per em
  // Glyph units → mm, y down.
  const toMm = (g: PlacedGlyph, p: Pt): Point => [
    (g.x + p[0] / g.unitsPerEm) * k,
    -(g.y + p[1] / g.unitsPerEm) * k,
  ];

  const letters: Polyline[] = [];
  const runs: (LedRun & { piece: number; glyph: number })[] = [];
  let glyphIndex = 0;
  const strokes: number[] = [];
  let pieceBase = 0;
  let pieceCount = 0;
  for (const line of lines)
    for (const g of line.glyphs) {
      const shape = shapeOf(g);
      if (shape.rings.length === 0) continue;
      for (const r of shape.rings) letters.push(r.map((p) => toMm(g, p)));
      const scale = k / g.unitsPerEm;
      for (const p of shape.skeleton.paths)
        runs.push({
          points: p.points.map((q) => toMm(g, q)),
          lengthMm: p.length * scale,
          closed: p.closed,
          piece: pieceBase + p.piece,
          glyph: glyphIndex,
        });
      glyphIndex++;
      pieceBase += shape.skeleton.pieces;
      pieceCount += shape.skeleton.pieces;
      if (shape.skeleton.length > 0) strokes.push(shape.skeleton.stroke * scale);
    }

  const backing =
    design.backingShape === "rectangle" ? rectangleBacking(letters, set) : cutToShape(letters, set);
  const holes = placeHoles(backing, letters, set);
  const cableExit = bottomMiddle(backing);

  // Translate so the backing's box starts at (0, 0).
  const all = backing.flat();
  const minX = Math.min(...all.map((p) => p[0]));
  const minY = Math.min(...all.map((p) => p[1]));
  const maxX = Math.max(...all.map((p) => p[0]));
  const maxY = Math.max(...all.map((p) => p[1]));
  const t = (p: Point): Point => [round(p[0] - minX, 3), round(p[1] - minY, 3)];
  const ledMm = runs.reduce((s, r) => s + r.lengthMm, 0);
  const ledMetres = round(ledMm / 1000, 2);
  const watts = round((ledMm / 1000) * set.ledWattsPerMetre, 1);
  const areaMm2 = backing.reduce((s, r) => s + Math.abs(areaD(r.map(([x, y]) => ({ x, y })))), 0);
  const backingAreaM2 = round(areaMm2 / 1e6, 3);
  const textInk = letters.flat();
  const textW = Math.max(...textInk.map((p) => p[0])) - Math.min(...textInk.map((p) => p[0]));
  const textH = Math.max(...textInk.map((p) => p[1])) - Math.min(...textInk.map((p) => p[1]));
  const sortedStrokes = strokes.sort((a, b) => a - b);

  return {
    measurement: {
      widthCm: round((maxX - minX) / 10, 1),
      heightCm: round((maxY - minY) / 10, 1),
      textWidthCm: round(Math.max(widthMm, textW) / 10, 1),
      textHeightCm: round(textH / 10, 1),
      lines: lines
        .filter((l) => l.glyphs.length > 0)
        .map((l) => ({
          text: l.text,
          letterHeightMm: round(l.letterHeight * k, 1),
          baselineMm: round(-l.baseline * k - minY, 1),
        })),
      ledMetres: [{ color: design.color, metres: ledMetres }],
      ledMetresTotal: ledMetres,
      runs: pieceCount,
      watts,
      adaptorW: adaptorFor(watts, set.adaptorRatingsW),
      backingAreaM2,
      weightKg: round(
        backingAreaM2 * set.acrylicThicknessMm * ACRYLIC_KG_PER_M2_MM +
          (ledMm / 1000) * FLEX_KG_PER_M +
          ADAPTOR_KG,
        2,
      ),
      closestRunsMm: closestRuns(runs),
      strokeMm: round(sortedStrokes[Math.floor(sortedStrokes.length / 2)] ?? 0, 1),
    },
    drawing: {
      widthMm: round(maxX - minX, 3),
      heightMm: round(maxY - minY, 3),
      letters: letters.map((r) => r.map(t)),
      runs: runs.map((r) => ({ points: r.points.map(t), lengthMm: round(r.lengthMm, 2), closed: r.closed })),
      backing: backing.map((r) => r.map(t)),
      holes: holes.map(t),
      holeDiameterMm: set.holeDiameterMm,
      cableExit: t(cableExit),
    },
  };
}

const toPath = (r: Polyline): PathD => r.map(([x, y]) => ({ x, y }));
const fromPath = (p: PathD): Polyline => p.map((q) => [q.x, q.y] as const);
const bounds = (rings: Polyline[]) => {
  const pts = rings.flat();
  return {
    minX: Math.min(...pts.map((p) => p[0])),
    maxX: Math.max(...pts.map((p) => p[0])),
    minY: Math.min(...pts.map((p) => p[1])),
    maxY: Math.max(...pts.map((p) => p[1])),
  };
};

/** The outer rings of a union (holes dropped: the backing is one plate, its counters not cut out). */
function outers(paths: PathsD): PathsD {
  if (paths.length === 0) return paths;
  const biggest = paths.reduce((a, b) => (Math.abs(areaD(b)) > Math.abs(areaD(a)) ? b : a));
  const sign = Math.sign(areaD(biggest));
  return paths.filter((p) => Math.sign(areaD(p)) === sign);
}

/** The letters offset by the margin, joined into one smooth plate: pieces too far apart are bridged. */
function cutToShape(letters: Polyline[], set: GeometrySettings): Polyline[] {
  const m = set.backingMarginMm;
  const joined = unionD(lean(letters.map(toPath)), FillRule.NonZero);
  // Out by the margin and half again, back by the half: the notches between letters narrower than the margin close.
  let plate = lean(outers(offset(lean(outers(offset(joined, m * 1.5))), -m / 2)));
  for (let tries = 0; plate.length > 1 && tries < 50; tries++) {
    // Bridge the two nearest pieces with a bar as wide as the margin.
    let best = { d: Infinity, a: { x: 0, y: 0 }, b: { x: 0, y: 0 } };
    for (let i = 0; i < plate.length; i++)
      for (let j = i + 1; j < plate.length; j++)
        for (const a of thinned(plate[i]!, 300))
          for (const b of thinned(plate[j]!, 300)) {
            const d = Math.hypot(a.x - b.x, a.y - b.y);
            if (d < best.d) best = { d, a, b };
          }
    const bar = offset([[best.a, best.b]], m / 2, EndType.Round);
    plate = outers(unionD([...plate, ...bar], FillRule.NonZero));
  }
  return plate.map(fromPath);
}

/** The letters' box and the margin, corners rounded. */
function rectangleBacking(letters: Polyline[], set: GeometrySettings): Polyline[] {
  const b = bounds(letters);
  const m = set.backingMarginMm;
  const w = b.maxX - b.minX + 2 * m;
  const h = b.maxY - b.minY + 2 * m;
  const r = Math.min(set.cornerRadiusMm, w / 2 - 0.1, h / 2 - 0.1);
  const x0 = b.minX - m + r;
  const y0 = b.minY - m + r;
  const x1 = b.maxX + m - r;
  const y1 = b.maxY + m - r;
  const core: PathD = [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
  if (r <= 0) return [fromPath(core)];
  return outers(offset([core], r)).map(fromPath);
}

/**
 * Mounting holes inside the backing, `holeInsetMm` in from its edge and clear of the letters: near the top-left
 * and top-right corners, and the bottom ones too on a sign taller than 30 cm.
 */
function placeHoles(backing: Polyline[], letters: Polyline[], set: GeometrySettings): Point[] {
  const inner = outers(offset(backing.map(toPath), -set.holeInsetMm));
  if (inner.length === 0) return [];
  // Candidates: the inset line itself and an 8 mm grid inside it (a counter, the web between letters).
  const candidates = inner.flatMap((r) => thinned(r, 400));
  const box = bounds(inner.map(fromPath));
  for (let x = box.minX; x <= box.maxX; x += 8)
    for (let y = box.minY; y <= box.maxY; y += 8)
      if (inner.some((r) => inside(x, y, r))) candidates.push({ x, y });
  const clear = lean(offset(unionD(lean(letters.map(toPath)), FillRule.NonZero), set.holeDiameterMm / 2 + 3));
  // Inside the letters' keep-clear area: inside an odd number of its rings (an outer ring, not its hole).
  const free = (p: { x: number; y: number }) => clear.filter((c) => inside(p.x, p.y, c)).length % 2 === 0;
  const pts = candidates.filter(free);
  const b = bounds(backing);
  const corners: ((p: { x: number; y: number }) => number)[] = [(p) => p.x + p.y, (p) => -p.x + p.y];
  if (b.maxY - b.minY > 300)
    corners.push(
      (p) => p.x - p.y,
      (p) => -p.x - p.y,
    );
  const out: Point[] = [];
  for (const score of corners) {
    const best = pts.reduce<(typeof pts)[number] | undefined>(
      (a, c) => (!a || score(c) < score(a) ? c : a),
      undefined,
    );
    if (best && !out.some((q) => Math.hypot(q[0] - best.x, q[1] - best.y) < 4 * set.holeDiameterMm))
      out.push([best.x, best.y]);
  }
  return out;
}

/** Whether (x, y) is inside a ring (crossing count). */
function inside(x: number, y: number, ring: PathD): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) odd = !odd;
  }
  return odd;
}

/** Where the cable leaves: the backing's lowest point nearest the middle. */
function bottomMiddle(backing: Polyline[]): Point {
  const b = bounds(backing);
  const mid = (b.minX + b.maxX) / 2;
  const pts = backing.flat();
  const low = pts.filter((p) => p[1] >= b.maxY - 1);
  const pick = (low.length ? low : pts).reduce((a, c) =>
    Math.abs(c[0] - mid) < Math.abs(a[0] - mid) ? c : a,
  );
  return [pick[0], pick[1]];
}

/**
 * The smallest distance between two separate runs' centre lines within one letter (mm; Monoton's parallel lines,
 * the dot over an i), or null when none are within 40 mm. Letters side by side are spaced by the font.
 */
function closestRuns(runs: { points: Polyline; piece: number; glyph: number }[]): number | null {
  const cell = NEAR_RUNS_MM;
  type Sample = { x: number; y: number; piece: number; glyph: number };
  const grid = new Map<string, Sample[]>();
  const samples: Sample[] = [];
  for (const r of runs)
    for (let i = 0; i < r.points.length; i++) {
      const a = r.points[i]!;
      const c = r.points[i + 1];
      const steps = c ? Math.max(1, Math.ceil(Math.hypot(c[0] - a[0], c[1] - a[1]) / 2)) : 1;
      for (let s = 0; s < steps; s++) {
        const f = c ? s / steps : 0;
        samples.push({
          x: a[0] + (c ? (c[0] - a[0]) * f : 0),
          y: a[1] + (c ? (c[1] - a[1]) * f : 0),
          piece: r.piece,
          glyph: r.glyph,
        });
      }
    }
  for (const p of samples) {
    const key = `${Math.floor(p.x / cell)},${Math.floor(p.y / cell)}`;
    (grid.get(key) ?? grid.set(key, []).get(key)!).push(p);
  }
  let best = Infinity;
  for (const p of samples) {
    const cx = Math.floor(p.x / cell);
    const cy = Math.floor(p.y / cell);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const q of grid.get(`${cx + dx},${cy + dy}`) ?? [])
          if (q.glyph === p.glyph && q.piece !== p.piece)
            best = Math.min(best, Math.hypot(p.x - q.x, p.y - q.y));
  }
  return best <= NEAR_RUNS_MM ? round(best, 1) : null;
}
