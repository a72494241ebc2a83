import { CUSTOM_FONTS, CUSTOM_SIZES } from "~/features/sign-options/custom-options";
import {
  countCharacters,
  displayText,
  type CustomFontId,
  type CustomSizeId,
  type Design,
} from "./customizer";

/**
 * "Can we make it?" (issue 18): the rules a workshop bending 6 mm LED neon flex onto acrylic applies
 * before it accepts a design. The customiser shows them live; the server runs them again when it
 * quotes and places an order. Two levels:
 * - blocking: the sign cannot be made as shown and cannot be ordered;
 * - borderline: it can be made, but it will not look like the preview in every detail; it can be
 *   ordered, and the warning is stored on the order for the workshop.
 *
 * The sign's width is the chosen size's width (`CUSTOM_SIZES[].widthCm`, the same numbers as the
 * preview's size badge): the longest line of text fills it. A letter's height follows from the
 * font's proportions below.
 */

/** Letters lower than this (cm) cannot be bent: the flex's 6 mm tube and ~1.2 cm bend radius fill them. */
export const MIN_LETTER_CM = 2.5;
/** Letters lower than this (cm) can be bent but small loops (e, a, ल) close up: borderline. */
export const COMFORTABLE_LETTER_CM = 4;
/** Each character on a line needs at least this much of the width (cm), spaces included. */
export const MIN_CM_PER_CHARACTER = 1.8;

/**
 * Each font's average character width and its letter heights, as fractions of the font size (em),
 * read off the fonts drawn at 100 px and rounded: `advance` is the average width of a character in
 * mixed text, `cap` the height of a capital, `x` of a lowercase letter, `deva` of a Devanagari letter
 * (headline to baseline, without matras above or below). `strokes` names the smallest sizes at which
 * the font's fine or joined strokes can be made (`blockBelow`) and made faithfully (`warnBelow`).
 */
type FontForm = {
  advance: number;
  cap: number;
  x: number;
  deva?: number;
  strokes?: { blockBelow?: CustomSizeId; warnBelow?: CustomSizeId; why: string };
};
const FONT_FORMS: Record<CustomFontId, FontForm> = {
  orbitron: { advance: 0.78, cap: 0.72, x: 0.6 },
  rajdhani: { advance: 0.52, cap: 0.7, x: 0.5, deva: 0.55 },
  "passion-one": { advance: 0.55, cap: 0.72, x: 0.55 },
  "dancing-script": {
    advance: 0.48,
    cap: 0.72,
    x: 0.38,
    strokes: { warnBelow: "M", why: "its joined-up letters run into each other" },
  },
  flavors: {
    advance: 0.6,
    cap: 0.72,
    x: 0.5,
    strokes: { warnBelow: "M", why: "its drips and inner lines are very fine" },
  },
  ewert: {
    advance: 0.75,
    cap: 0.75,
    x: 0.75,
    strokes: { blockBelow: "M", warnBelow: "L", why: "its patterned letters are made of many fine strokes" },
  },
  "fugaz-one": { advance: 0.62, cap: 0.7, x: 0.52 },
  monoton: {
    advance: 0.95,
    cap: 0.72,
    x: 0.72,
    strokes: { blockBelow: "M", warnBelow: "L", why: "each letter is three parallel thin lines" },
  },
  "abril-fatface": {
    advance: 0.58,
    cap: 0.7,
    x: 0.48,
    strokes: { warnBelow: "M", why: "its hairline strokes are thinner than the tube" },
  },
  "playfair-display": {
    advance: 0.55,
    cap: 0.71,
    x: 0.51,
    strokes: { warnBelow: "M", why: "its hairline strokes are thinner than the tube" },
  },
  "press-start": {
    advance: 1,
    cap: 0.875,
    x: 0.875,
    strokes: { warnBelow: "M", why: "its square pixel corners get rounded by the tube" },
  },
  audiowide: { advance: 0.72, cap: 0.7, x: 0.55 },
  "permanent-marker": { advance: 0.6, cap: 0.75, x: 0.55 },
  "rubik-glitch": {
    advance: 0.62,
    cap: 0.7,
    x: 0.52,
    strokes: { blockBelow: "M", warnBelow: "L", why: "its broken glitch strokes are too short to bend" },
  },
  "rock-salt": {
    advance: 0.8,
    cap: 0.75,
    x: 0.5,
    strokes: { warnBelow: "M", why: "its rough hand-written strokes are very thin" },
  },
  "special-elite": {
    advance: 0.6,
    cap: 0.65,
    x: 0.47,
    strokes: { warnBelow: "M", why: "its worn typewriter edges cannot be bent in glass" },
  },
  sans: { advance: 0.56, cap: 0.73, x: 0.55 },
  mono: { advance: 0.55, cap: 0.65, x: 0.5 },
  "baloo-2": { advance: 0.55, cap: 0.7, x: 0.48, deva: 0.55 },
  "yatra-one": { advance: 0.6, cap: 0.7, x: 0.5, deva: 0.6 },
};

/** A Devanagari character takes more width than a Latin one: this many of the font's `advance`. */
const DEVANAGARI_WIDTH = 1.4;

const DEVANAGARI = /\p{Script=Devanagari}/u;
const LOWERCASE = /\p{Ll}/u;

/** Fonts that have Devanagari letters. */
export const DEVANAGARI_FONTS = CUSTOM_FONTS.filter((f) => FONT_FORMS[f.id].deva !== undefined).map(
  (f) => f.id,
);

/** The Hindi font the customiser switches to when Hindi is typed in a font without it: rounded, even strokes. */
export const PREFERRED_DEVANAGARI_FONT: CustomFontId = "baloo-2";

/** True when the text has a Devanagari (Hindi) letter. */
export function hasDevanagari(text: string): boolean {
  return DEVANAGARI.test(text);
}

/** True when the font draws every script in the text (today: Hindi needs a font with Devanagari letters). */
export function fontDrawsText(font: CustomFontId, text: string): boolean {
  return !hasDevanagari(text) || FONT_FORMS[font].deva !== undefined;
}

/** The fonts the picker offers for this text: every font, or only the Hindi ones once Hindi is typed. */
export function fontsForText(text: string): CustomFontId[] {
  return hasDevanagari(text) ? [...DEVANAGARI_FONTS] : CUSTOM_FONTS.map((f) => f.id);
}

/**
 * The font to draw the text in: the chosen one when it draws the text, else the preferred Hindi font,
 * with the shopper's note saying so (issue 27, item 4).
 */
export function fontForText(font: CustomFontId, text: string): { font: CustomFontId; note: string | null } {
  if (fontDrawsText(font, text)) return { font, note: null };
  return {
    font: PREFERRED_DEVANAGARI_FONT,
    note: `Switched to ${fontName(PREFERRED_DEVANAGARI_FONT)}: ${fontName(font)} has no Hindi letters.`,
  };
}

export type DesignCheck = {
  id: "script" | "missing-letter" | "too-many-characters" | "letter-height" | "font-strokes";
  level: "blocking" | "borderline";
  /** What is wrong, in the shopper's words. */
  message: string;
  /** What to change. */
  fix: string;
};

/**
 * The server's answer for a design (GET /api/design-check, measured-checks.server.ts): the checks decided on the
 * fonts' measured letters, and what the measurement changed.
 */
export type MeasuredChecks = {
  checks: DesignCheck[];
  /** The smallest measured letters (cm, one decimal); null when the text could not be laid out. */
  letterCm: number | null;
  /** The quick estimate's answer for the same letters (cm, one decimal). */
  estimateCm: number | null;
  /** What the measurement changed, in the shopper's words; null when it agrees with the estimate. */
  note: string | null;
};

export const fontName = (id: CustomFontId) => CUSTOM_FONTS.find((f) => f.id === id)?.name ?? id;
const sizeIndex = (id: CustomSizeId) => CUSTOM_SIZES.findIndex((s) => s.id === id);
const sizeName = (s: (typeof CUSTOM_SIZES)[number]) => `${s.label} (${s.widthCm} cm)`;
const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

/**
 * The height (cm) of the smallest letters of `text` in this font at this width: the longest line
 * (in the font's average widths) fills the width; lowercase letters are lower than capitals.
 */
export function smallestLetterCm(text: string, font: CustomFontId, widthCm: number): number {
  const form = FONT_FORMS[font];
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== "");
  let longestEm = 0;
  for (const line of lines) {
    let em = 0;
    for (const ch of line.replace(/\s+/g, " ")) {
      if (/\p{M}|\u200d|\u200c/u.test(ch)) continue;
      em += form.advance * (DEVANAGARI.test(ch) ? DEVANAGARI_WIDTH : 1);
    }
    longestEm = Math.max(longestEm, em);
  }
  if (longestEm === 0) return Infinity;
  const emCm = widthCm / longestEm;
  let ratio = form.cap;
  if (LOWERCASE.test(text)) ratio = Math.min(ratio, form.x);
  if (DEVANAGARI.test(text)) ratio = Math.min(ratio, form.deva ?? form.x);
  return emCm * ratio;
}

/** The most characters one line may have at this width (`MIN_CM_PER_CHARACTER`). */
export function maxCharactersPerLine(widthCm: number): number {
  return Math.floor(widthCm / MIN_CM_PER_CHARACTER);
}

/**
 * The letter-height rule for a sign of this size, given the height (cm) of its smallest letters at any width: the
 * estimate's font proportions in the browser, the measured glyphs on the server (measured-checks.server.ts).
 * Null when the letters are comfortably large.
 */
export function letterHeightCheck(
  sizeId: CustomSizeId,
  letterCmAt: (widthCm: number) => number,
): DesignCheck | null {
  const size = CUSTOM_SIZES.find((s) => s.id === sizeId) ?? CUSTOM_SIZES[1];
  const letterCm = letterCmAt(size.widthCm);
  if (letterCm >= COMFORTABLE_LETTER_CM) return null;
  const blocking = letterCm < MIN_LETTER_CM;
  const fits = CUSTOM_SIZES.slice(sizeIndex(size.id) + 1).find(
    (s) => letterCmAt(s.widthCm) >= COMFORTABLE_LETTER_CM,
  );
  return {
    id: "letter-height",
    level: blocking ? "blocking" : "borderline",
    message: blocking
      ? `The letters would be only about ${letterCm.toFixed(1)} cm high at ${sizeName(size)}: too small to bend (at least ${MIN_LETTER_CM} cm).`
      : `The letters would be about ${letterCm.toFixed(1)} cm high at ${sizeName(size)}: small loops may close up (${COMFORTABLE_LETTER_CM} cm or more is best).`,
    fix: fits
      ? `Choose ${sizeName(fits)} or larger, or put the text on more lines.`
      : "Use fewer characters per line or put the text on more lines.",
  };
}

/** Every rule the design breaks, blocking ones first. */
export function checkDesign(design: Pick<Design, "text" | "font" | "size">): DesignCheck[] {
  const text = displayText(design.text);
  const size = CUSTOM_SIZES.find((s) => s.id === design.size) ?? CUSTOM_SIZES[1];
  const form = FONT_FORMS[design.font];
  const out: DesignCheck[] = [];
  const larger = CUSTOM_SIZES.slice(sizeIndex(size.id) + 1);

  if (DEVANAGARI.test(text) && form.deva === undefined) {
    out.push({
      id: "script",
      level: "blocking",
      message: `${fontName(design.font)} has no Hindi (Devanagari) letters, so the preview shows a stand-in font we cannot bend.`,
      fix: `Choose a Hindi font: ${list(DEVANAGARI_FONTS.map(fontName))}.`,
    });
  }

  const longestLine = Math.max(
    ...text.split(/\r\n|\r|\n/).map((l) => countCharacters(l.replace(/\s+/g, " ").trim())),
  );
  if (longestLine > maxCharactersPerLine(size.widthCm)) {
    const fits = larger.find((s) => longestLine <= maxCharactersPerLine(s.widthCm));
    out.push({
      id: "too-many-characters",
      level: "blocking",
      message: `Too many characters on one line for ${sizeName(size)}: at most ${maxCharactersPerLine(size.widthCm)} fit, this line has ${longestLine}.`,
      fix: fits
        ? `Choose ${sizeName(fits)} or larger, or split the text over more lines.`
        : "Split the text over more lines (up to 3).",
    });
  } else {
    const check = letterHeightCheck(size.id, (widthCm) => smallestLetterCm(text, design.font, widthCm));
    if (check) out.push(check);
  }

  const strokes = form.strokes;
  if (strokes) {
    const at = sizeIndex(size.id);
    const block = strokes.blockBelow !== undefined && at < sizeIndex(strokes.blockBelow);
    const warn = strokes.warnBelow !== undefined && at < sizeIndex(strokes.warnBelow);
    if (block || warn) {
      const need = CUSTOM_SIZES[sizeIndex((block ? strokes.blockBelow : strokes.warnBelow)!)]!;
      out.push({
        id: "font-strokes",
        level: block ? "blocking" : "borderline",
        message: `${fontName(design.font)} ${block ? "cannot be made" : "loses detail"} at ${sizeName(size)}: ${strokes.why}.`,
        fix: `Choose ${sizeName(need)} or larger, or a bolder font such as Passion One, Fugaz One or Baloo 2.`,
      });
    }
  }
  return [...out.filter((c) => c.level === "blocking"), ...out.filter((c) => c.level === "borderline")];
}

/** Why the design cannot be ordered (the first blocking rule with its fix), or null when it can. */
export function blockingReason(checks: DesignCheck[]): string | null {
  const b = checks.find((c) => c.level === "blocking");
  return b ? `${b.message} ${b.fix}` : null;
}

/** The borderline warnings as stored on a custom order for staff (one per line), or null. */
export function borderlineNote(checks: DesignCheck[]): string | null {
  const w = checks.filter((c) => c.level === "borderline").map((c) => `${c.message} ${c.fix}`);
  return w.length > 0 ? w.join("\n") : null;
}
