import type { Glyph } from "fontkit";
import { face, faceRuns } from "./fonts.server";
import type { Subset } from "./font-faces";
import type { CustomFontId } from "./sign-geometry";
import type { Pt } from "./skeleton";

/*
 * A design's text laid out as the customiser's canvas lays it out (customizer/ui/neon-canvas.ts, layoutText):
 * the lines split at line breaks, each centred on its advance width, baselines 1.2 font sizes apart, blank lines
 * keeping their place; the widest line (its advance or its ink, whichever is wider) fills the size's width.
 * Units here: font size 1 (em), y up from the first baseline; measure-design scales to millimetres.
 */

export const LINE_HEIGHT = 1.2;

export type PlacedGlyph = {
  key: string;
  glyph: Glyph;
  unitsPerEm: number;
  /** Where the glyph's origin sits (em, y up). */
  x: number;
  y: number;
};

export type LaidLine = {
  text: string;
  baseline: number;
  advance: number;
  ink: { minX: number; maxX: number; minY: number; maxY: number } | null;
  glyphs: PlacedGlyph[];
  /** The font's x-height, cap height and (for Hindi) headline height where the line uses them (em). */
  letterHeight: number;
};

const LOWERCASE = /\p{Ll}/u;
const DEVANAGARI = /\p{Script=Devanagari}/u;

function heightOf(font: CustomFontId, subset: Subset, char: string, fallback: number): number {
  const f = face(font, subset);
  const g = f.glyphForCodePoint(char.codePointAt(0)!);
  const h = g && g.id !== 0 ? g.bbox.maxY : fallback * f.unitsPerEm;
  return h / f.unitsPerEm;
}

/** The height of the line's smallest letters: x-height with lowercase, the headline in Hindi, else capitals. */
function letterHeightOf(font: CustomFontId, line: string, subsets: Set<Subset>): number {
  const latin: Subset = "latin";
  let h = heightOf(font, latin, "H", 0.7);
  if (LOWERCASE.test(line)) h = Math.min(h, heightOf(font, latin, "x", 0.5));
  if (DEVANAGARI.test(line) && subsets.has("devanagari"))
    h = Math.min(h, heightOf(font, "devanagari", "क", 0.55));
  return h;
}

export function layoutLines(font: CustomFontId, text: string): LaidLine[] {
  const lines = text.split(/\r\n|\r|\n/);
  return lines.map((line, i) => {
    const baseline = -i * LINE_HEIGHT;
    if (line.trim() === "")
      return { text: line, baseline, advance: 0, ink: null, glyphs: [], letterHeight: 0 };
    const glyphs: PlacedGlyph[] = [];
    const subsets = new Set<Subset>();
    let pen = 0;
    for (const run of faceRuns(font, line)) {
      subsets.add(run.subset);
      const f = face(font, run.subset);
      const upm = f.unitsPerEm;
      const laid = f.layout(run.text);
      laid.glyphs.forEach((g, k) => {
        const pos = laid.positions[k]!;
        glyphs.push({
          key: `${font}/${run.subset}/${g.id}`,
          glyph: g,
          unitsPerEm: upm,
          x: pen + pos.xOffset / upm,
          y: baseline + pos.yOffset / upm,
        });
        pen += pos.xAdvance / upm;
      });
    }
    let ink: LaidLine["ink"] = null;
    for (const g of glyphs) {
      const b = g.glyph.bbox;
      if (!(b.maxX > b.minX) || g.glyph.path.commands.length === 0) continue;
      const minX = g.x + b.minX / g.unitsPerEm;
      const maxX = g.x + b.maxX / g.unitsPerEm;
      const minY = g.y + b.minY / g.unitsPerEm;
      const maxY = g.y + b.maxY / g.unitsPerEm;
      ink = ink
        ? {
            minX: Math.min(ink.minX, minX),
            maxX: Math.max(ink.maxX, maxX),
            minY: Math.min(ink.minY, minY),
            maxY: Math.max(ink.maxY, maxY),
          }
        : { minX, maxX, minY, maxY };
    }
    // Centred on the advance width, as the canvas's textAlign "center" does.
    const shift = -pen / 2;
    for (const g of glyphs) g.x += shift;
    if (ink) ink = { ...ink, minX: ink.minX + shift, maxX: ink.maxX + shift };
    return {
      text: line,
      baseline,
      advance: pen,
      ink,
      glyphs,
      letterHeight: letterHeightOf(font, line, subsets),
    };
  });
}

/** The widest line's width as the canvas measures it: its advance or its ink's width, the larger. */
export function blockWidth(lines: LaidLine[]): number {
  return Math.max(0, ...lines.map((l) => Math.max(l.advance, l.ink ? l.ink.maxX - l.ink.minX : 0)));
}

/** A glyph's outline as closed rings in its font units (y up), curves flattened. */
export function glyphRings(g: Glyph): Pt[][] {
  const rings: Pt[][] = [];
  let ring: Pt[] = [];
  let at: Pt = [0, 0];
  const close = () => {
    if (ring.length > 2) rings.push(ring);
    ring = [];
  };
  for (const { command, args } of g.path.commands) {
    const a = args as number[];
    if (command === "moveTo") {
      close();
      at = [a[0]!, a[1]!];
      ring.push(at);
    } else if (command === "lineTo") {
      at = [a[0]!, a[1]!];
      ring.push(at);
    } else if (command === "quadraticCurveTo") {
      const [cx, cy, x, y] = a as [number, number, number, number];
      const [x0, y0] = at;
      for (let k = 1; k <= 8; k++) {
        const t = k / 8;
        const u = 1 - t;
        ring.push([u * u * x0 + 2 * u * t * cx + t * t * x, u * u * y0 + 2 * u * t * cy + t * t * y]);
      }
      at = [x, y];
    } else if (command === "bezierCurveTo") {
      const [c1x, c1y, c2x, c2y, x, y] = a as [number, number, number, number, number, number];
      const [x0, y0] = at;
      for (let k = 1; k <= 12; k++) {
        const t = k / 12;
        const u = 1 - t;
        ring.push([
          u * u * u * x0 + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * x,
          u * u * u * y0 + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y,
        ]);
      }
      at = [x, y];
    } else if (command === "closePath") {
      close();
    }
  }
  close();
  return rings;
}
