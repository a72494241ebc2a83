import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";
import { FONT_FACES, subsetFor, type Subset } from "./font-faces";
import type { CustomFontId } from "./sign-geometry";

/*
 * The customiser's fonts read on the server (issue 44): the same @fontsource woff2 files the browser loads, parsed
 * by fontkit once per process (each face on first use), shaped with its OpenType layout (kerning, ligatures, and
 * Devanagari's conjuncts and matras).
 */

const require = createRequire(import.meta.url);
const faces = new Map<string, fontkit.Font>();

function fileOf(font: CustomFontId, subset: Subset): string {
  const { pkg } = FONT_FACES[font];
  const dir = path.join(path.dirname(require.resolve(`@fontsource/${pkg}/package.json`)), "files");
  return path.join(dir, `${pkg}-${subset}-400-normal.woff2`);
}

/** One face of a font, parsed on first use. */
export function face(font: CustomFontId, subset: Subset): fontkit.Font {
  const key = `${font}/${subset}`;
  let f = faces.get(key);
  if (!f) {
    const parsed = fontkit.create(fs.readFileSync(fileOf(font, subset)));
    if (!("layout" in parsed)) throw new Error(`${key} is a font collection`);
    f = parsed;
    faces.set(key, f);
  }
  return f;
}

/** A run of a line drawn by one face. */
export type FaceRun = { subset: Subset; text: string };

/** A character the font cannot draw. */
export class MissingGlyph extends Error {
  constructor(readonly character: string) {
    super(`no glyph for ${JSON.stringify(character)}`);
  }
}

/**
 * A line cut into runs by the face that draws each character, as the browser picks a face by its unicode range.
 * A character no face covers, or one its face has no glyph for, throws MissingGlyph.
 */
export function faceRuns(font: CustomFontId, line: string): FaceRun[] {
  const runs: FaceRun[] = [];
  for (const ch of line) {
    const cp = ch.codePointAt(0)!;
    const subset = subsetFor(font, cp);
    const joiner = cp === 0x200c || cp === 0x200d;
    if (!subset || (!joiner && !face(font, subset).hasGlyphForCodePoint(cp))) throw new MissingGlyph(ch);
    const last = runs.at(-1);
    if (last && last.subset === subset) last.text += ch;
    else runs.push({ subset, text: ch });
  }
  return runs;
}
