import type { CustomFontId } from "./sign-geometry";

/*
 * The customiser's font files, written once for the browser and the server (issue 44): each font is a
 * @fontsource package's 400-weight faces, one file per subset, each drawing the characters of its unicode range.
 * The browser registers them with FontFace (customizer/ui/neon-font-files.ts) and picks, for every character, the
 * first face whose range holds it; the server's geometry engine (fonts.server.ts) reads the same files and picks
 * the same way, so both draw the same glyphs.
 */

export type Subset = "latin" | "latin-ext" | "devanagari";

/** The subsets' unicode ranges, as the packages' CSS writes them. */
export const SUBSET_RANGES: Record<Subset, string> = {
  latin:
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  "latin-ext":
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
  devanagari:
    "U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09",
};

/** Each font's package (its file names start with the package's name) and the subsets it has, in order. */
export const FONT_FACES: Record<CustomFontId, { pkg: string; subsets: readonly Subset[] }> = {
  orbitron: { pkg: "orbitron", subsets: ["latin"] },
  rajdhani: { pkg: "rajdhani", subsets: ["latin", "latin-ext", "devanagari"] },
  "passion-one": { pkg: "passion-one", subsets: ["latin", "latin-ext"] },
  "dancing-script": { pkg: "dancing-script", subsets: ["latin", "latin-ext"] },
  flavors: { pkg: "flavors", subsets: ["latin", "latin-ext"] },
  ewert: { pkg: "ewert", subsets: ["latin", "latin-ext"] },
  "fugaz-one": { pkg: "fugaz-one", subsets: ["latin"] },
  monoton: { pkg: "monoton", subsets: ["latin", "latin-ext"] },
  "abril-fatface": { pkg: "abril-fatface", subsets: ["latin", "latin-ext"] },
  "playfair-display": { pkg: "playfair-display", subsets: ["latin", "latin-ext"] },
  "press-start": { pkg: "press-start-2p", subsets: ["latin", "latin-ext"] },
  audiowide: { pkg: "audiowide", subsets: ["latin", "latin-ext"] },
  "permanent-marker": { pkg: "permanent-marker", subsets: ["latin"] },
  "rubik-glitch": { pkg: "rubik-glitch", subsets: ["latin", "latin-ext"] },
  "rock-salt": { pkg: "rock-salt", subsets: ["latin"] },
  "special-elite": { pkg: "special-elite", subsets: ["latin", "latin-ext"] },
  sans: { pkg: "inter", subsets: ["latin", "latin-ext"] },
  mono: { pkg: "share-tech-mono", subsets: ["latin"] },
  "baloo-2": { pkg: "baloo-2", subsets: ["latin", "latin-ext", "devanagari"] },
  "yatra-one": { pkg: "yatra-one", subsets: ["latin", "latin-ext", "devanagari"] },
};

/** A unicode-range string as [first, last] code point pairs. */
export function parseRanges(css: string): [number, number][] {
  return css.split(",").map((part) => {
    const [a, b] = part.trim().replace(/^U\+/i, "").split("-");
    const first = Number.parseInt(a!, 16);
    return [first, b === undefined ? first : Number.parseInt(b, 16)];
  });
}

const RANGES = Object.fromEntries(
  Object.entries(SUBSET_RANGES).map(([k, v]) => [k, parseRanges(v)]),
) as Record<Subset, [number, number][]>;

/** The subset of this font that draws a code point (the first whose range holds it), or null: no face has it. */
export function subsetFor(font: CustomFontId, codePoint: number): Subset | null {
  for (const s of FONT_FACES[font].subsets)
    if (RANGES[s].some(([a, b]) => codePoint >= a && codePoint <= b)) return s;
  return null;
}
