import { CUSTOM_COLORS } from "~/features/sign-options/custom-colors";
import { BACKING_SHAPES, CUSTOM_FONTS, CUSTOM_SIZES } from "~/features/sign-options/custom-options";
import { TEXT_MESSAGES, textProblem } from "~/shared/text";

/** Customiser option lists and price rule (spec sections 3, 4, 9). The server prices orders with this too. */
export { BACKING_SHAPES, CUSTOM_COLORS, CUSTOM_FONTS, CUSTOM_SIZES };

export const DIMMER_PRICE = 499;
export const PRICE_PER_EXTRA_CHARACTER = 50;
export const FREE_CHARACTERS = 10;
export const MAX_CUSTOM_TEXT_LENGTH = 300;
/** The sign has up to three lines of text. */
export const MAX_TEXT_LINES = 3;

export type CustomSizeId = (typeof CUSTOM_SIZES)[number]["id"];
export type CustomColorId = (typeof CUSTOM_COLORS)[number]["id"];
export type CustomFontId = (typeof CUSTOM_FONTS)[number]["id"];
export type BackingShapeId = (typeof BACKING_SHAPES)[number]["id"];

/** A design as the customiser, the cart and the server see it (checked by `designProblem`, or `designSchema`). */
export type Design = {
  text: string;
  font: CustomFontId;
  color: CustomColorId;
  size: CustomSizeId;
  hasDimmer: boolean;
  backingShape: BackingShapeId;
};

const inList =
  <T extends readonly { id: string }[]>(list: T) =>
  (v: unknown): v is T[number]["id"] =>
    typeof v === "string" && list.some((x) => x.id === v);

/**
 * Each field's rule, in plain code so the customiser page checks designs without loading zod; the zod
 * schema of the server and the cart (`design-schema.ts`) is built from the same rules. A rule answers
 * the message to show, or null when the value is fine.
 */
export const DESIGN_RULES: { [K in keyof Design]: (v: unknown) => string | null } = {
  text: (v) => {
    if (typeof v !== "string") return "Please type the sign's text.";
    if (v.length > MAX_CUSTOM_TEXT_LENGTH) return `Keep the text under ${MAX_CUSTOM_TEXT_LENGTH} characters.`;
    // Up to three lines; Hindi's and emoji's joiners are fine where they join something (text.ts).
    const problem = textProblem(v, "multiple");
    return problem ? TEXT_MESSAGES[problem]("Sign text") : null;
  },
  font: (v) => (inList(CUSTOM_FONTS)(v) ? null : "Please choose a font."),
  color: (v) => (inList(CUSTOM_COLORS)(v) ? null : "Please choose a colour."),
  size: (v) => (inList(CUSTOM_SIZES)(v) ? null : "Please choose a size."),
  hasDimmer: (v) => (typeof v === "boolean" ? null : "Please choose whether to add the dimmer."),
  backingShape: (v) => (inList(BACKING_SHAPES)(v) ? null : "Please choose a backing shape."),
};

/** The first thing wrong with a design, as the shopper should read it, or null when it can be made. */
export function designProblem(d: Record<keyof Design, unknown>): string | null {
  for (const key of Object.keys(DESIGN_RULES) as (keyof Design)[]) {
    const message = DESIGN_RULES[key](d[key]);
    if (message) return message;
  }
  return null;
}

export const DEFAULT_DESIGN: Design = {
  text: "YOUR TEXT",
  font: "orbitron",
  color: "pink",
  size: "M",
  hasDimmer: false,
  backingShape: "cut-to-shape",
};

/**
 * Characters as they will be bent in glass, so the price follows the work:
 * - spaces count, line breaks do not;
 * - a letter with its accents or combining marks (é, स्ते) is one character, as the reader sees it;
 * - every visible emoji counts: a sequence joined by zero-width joiners (a family 👩‍👩‍👧, or twenty
 *   emoji glued together) counts each emoji in it, while the joiners, skin-tone modifiers and variation
 *   selectors themselves count nothing (👍🏽 and ❤️ are one each); a flag 🇮🇳 and a keycap 1️⃣ are one.
 * - Devanagari (Hindi) counts by akshara, the written syllable a reader sees as one letter: a consonant
 *   with its vowel sign (matra: कि, को), nukta, anusvara or chandrabindu (हिं) is one; a conjunct, consonants
 *   joined by a halant (virama ्), is one (क्ष, स्ते, न्द्र); a halant that joins nothing (the end of जगत्)
 *   stays on its letter; an independent vowel (अ, आ) is one. This is done here, not left to the browser's
 *   grapheme rules, because older ICU versions split conjuncts and the shopper's browser and the server
 *   must agree on the price.
 */
let graphemes: Intl.Segmenter | undefined;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** A segment ending in a Devanagari halant (optionally followed by a zero-width joiner). */
const ENDS_WITH_HALANT = /\u094d\u200d?$/u;
/** A Devanagari consonant (with the nukta forms and the additions). */
const STARTS_WITH_CONSONANT = /^[\u0915-\u0939\u0958-\u095f\u0978-\u097f]/u;

/**
 * Join grapheme clusters into Devanagari conjuncts: a cluster ending in a halant takes the consonant
 * cluster after it. (Unicode 15.1's rule GB9c does this already; older segmenters do not.)
 */
export function joinConjuncts(segments: Iterable<string>): string[] {
  const out: string[] = [];
  for (const segment of segments) {
    const last = out.length - 1;
    if (last >= 0 && ENDS_WITH_HALANT.test(out[last]!) && STARTS_WITH_CONSONANT.test(segment))
      out[last] += segment;
    else out.push(segment);
  }
  return out;
}

/** The text's characters as `countCharacters` counts them (before the emoji rule). */
function clusters(visible: string): string[] {
  // Creating a segmenter costs far more than using one: keep one (this runs on every keystroke).
  const segmenter = (graphemes ??= new Intl.Segmenter("en", { granularity: "grapheme" }));
  return joinConjuncts(Array.from(segmenter.segment(visible), (s) => s.segment));
}

export function countCharacters(text: string): number {
  const visible = text.replace(/\r?\n|\r/g, "");
  let n = 0;
  for (const segment of clusters(visible)) {
    if (!segment.includes("\u200d") || !PICTOGRAPHIC.test(segment)) {
      n++;
      continue;
    }
    n += Math.max(1, segment.split("\u200d").filter((part) => PICTOGRAPHIC.test(part)).length);
  }
  return n;
}

export type CustomPrice = {
  basePrice: number;
  characterPrice: number;
  extraCharacters: number;
  dimmerPrice: number;
  backingPrice: number;
  total: number;
};

/** size base + ₹50 per character beyond 10 + ₹499 dimmer + ₹299 rectangle backing. */
export function priceDesign(
  design: Pick<Design, "text" | "size" | "hasDimmer" | "backingShape">,
): CustomPrice {
  const size = CUSTOM_SIZES.find((s) => s.id === design.size) ?? CUSTOM_SIZES[1];
  const extraCharacters = Math.max(0, countCharacters(design.text) - FREE_CHARACTERS);
  const characterPrice = extraCharacters * PRICE_PER_EXTRA_CHARACTER;
  const dimmerPrice = design.hasDimmer ? DIMMER_PRICE : 0;
  const backingPrice = BACKING_SHAPES.find((b) => b.id === design.backingShape)?.price ?? 0;
  return {
    basePrice: size.basePrice,
    characterPrice,
    extraCharacters,
    dimmerPrice,
    backingPrice,
    total: size.basePrice + characterPrice + dimmerPrice + backingPrice,
  };
}

/**
 * The download's file name: neon-preview- + the text with every non-alphanumeric replaced by _ + .png
 * (spec). Alphanumeric means a letter or digit of any script, with its marks, so Hindi stays readable
 * (नमस्ते_दुनिया, issue 27); emoji, spaces, punctuation and characters file systems refuse become _.
 * At most 60 characters of text (a file name holds 255 bytes; a Hindi letter takes 3).
 */
const KEPT_IN_FILE_NAME = /^(?![\uFE00-\uFE0F])[\p{L}\p{M}\p{N}]$/u;
export function previewFileName(text: string): string {
  const chars = Array.from((text || DEFAULT_DESIGN.text).normalize("NFC")).slice(0, 60);
  return `neon-preview-${chars.map((c) => (KEPT_IN_FILE_NAME.test(c) ? c : "_")).join("")}.png`;
}

/**
 * Keep the text to MAX_TEXT_LINES lines: lines beyond the last allowed one are joined onto it with a
 * space, so pasted text is never lost, only re-flowed. Line breaks are normalised to \n.
 */
export function limitLines(text: string, maxLines = MAX_TEXT_LINES): string {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length <= maxLines) return lines.join("\n");
  return [...lines.slice(0, maxLines - 1), lines.slice(maxLines - 1).join(" ")].join("\n");
}

/** The text the sign shows: the shopper's text, or 'YOUR TEXT' when it is empty or only spaces. */
export function displayText(text: string): string {
  return text.trim() === "" ? DEFAULT_DESIGN.text : text;
}

/**
 * The finished sign's height in cm: the chosen size fixes the width, the text's drawn proportions
 * (width and height of its bounding box, in any unit) give the height. Never below 1 cm.
 */
export function estimateHeightCm(widthCm: number, drawnWidth: number, drawnHeight: number): number {
  if (!(drawnWidth > 0) || !(drawnHeight > 0)) return 1;
  return Math.max(1, Math.round((widthCm * drawnHeight) / drawnWidth));
}

export function customSize(id: CustomSizeId) {
  return CUSTOM_SIZES.find((s) => s.id === id) ?? CUSTOM_SIZES[1];
}

export function customColor(id: CustomColorId) {
  return CUSTOM_COLORS.find((c) => c.id === id) ?? CUSTOM_COLORS[1];
}

/** Read a design from a URL query; every unknown or missing value falls back to its default. */
export function designFromQuery(params: URLSearchParams): Design {
  const pick = <K extends keyof Design>(key: K, raw: unknown): Design[K] => {
    return DESIGN_RULES[key](raw) === null ? (raw as Design[K]) : DEFAULT_DESIGN[key];
  };
  const bool = (v: string | null) =>
    v === "1" || v === "true" ? true : v === "0" || v === "false" ? false : undefined;
  return {
    text: params.has("text") ? limitLines(pick("text", params.get("text"))) : DEFAULT_DESIGN.text,
    font: pick("font", params.get("font")),
    color: pick("color", params.get("color")),
    size: pick("size", params.get("size")),
    hasDimmer: pick("hasDimmer", bool(params.get("dimmer"))),
    backingShape: pick("backingShape", params.get("backing")),
  };
}

/** The URL query that reopens a design. */
export function designToQuery(d: Design): URLSearchParams {
  return new URLSearchParams({
    text: d.text,
    font: d.font,
    color: d.color,
    size: d.size,
    dimmer: d.hasDimmer ? "1" : "0",
    backing: d.backingShape,
  });
}
