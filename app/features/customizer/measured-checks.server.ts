import { MissingGlyph } from "~/features/sign-geometry/fonts.server";
import { measureLetters } from "~/features/sign-geometry/measure-design.server";
import { CUSTOM_SIZES } from "~/features/sign-options/custom-options";
import { displayText, type Design } from "./customizer";
import {
  checkDesign,
  fontName,
  letterHeightCheck,
  type MeasuredChecks,
  smallestLetterCm,
  type DesignCheck,
} from "./design-checks";

export type { MeasuredChecks };

/*
 * "Can we make it?" decided on measurements (issue 44, decision 065). The browser's rules (design-checks.ts) guess
 * a letter's height from each font's average proportions, so the page can answer on every keystroke; the server
 * lays the text out with the fonts' own files (sign-geometry) and decides:
 * - the letter-height rule reads each line's measured smallest letters (x-height with lowercase, the Hindi
 *   headline, else capitals) at the chosen width, and at each larger size for the fix it suggests;
 * - a character the font's files cannot draw (an emoji, a symbol) blocks, by name;
 * - the rules about the font itself (no Hindi letters, strokes too fine at a size) and the characters per line
 *   are the same on both sides.
 * Where the estimate and the measurement disagree about the letters, the measurement wins and `note` says so: the
 * customiser shows it before payment, the quote and the order run the same function.
 */

type CheckedDesign = Pick<Design, "text" | "font" | "size">;

/** At most this many designs' answers are kept (a quote re-asks on every cart change). */
const CACHE_SIZE = 500;
const cache = new Map<string, MeasuredChecks>();

const level = (c: DesignCheck | undefined) => c?.level ?? "fine";
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The design's checks as the server decides them. */
export function measuredChecks(design: CheckedDesign): MeasuredChecks {
  const key = JSON.stringify([design.text, design.font, design.size]);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const answer = decide(design);
  cache.set(key, answer);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return answer;
}

/** The checks alone (what order pricing needs). */
export const measuredDesignChecks = (design: CheckedDesign): DesignCheck[] => measuredChecks(design).checks;

function decide(design: CheckedDesign): MeasuredChecks {
  const text = displayText(design.text);
  const estimate = checkDesign(design);
  const size = CUSTOM_SIZES.find((s) => s.id === design.size) ?? CUSTOM_SIZES[1];
  const others = estimate.filter((c) => c.id !== "letter-height");
  const estimated = estimate.find((c) => c.id === "letter-height");
  const estimateCm = oneDecimal(smallestLetterCm(text, design.font, size.widthCm));
  const finite = Number.isFinite(estimateCm) ? estimateCm : null;

  let letterMm: number;
  try {
    const lines = measureLetters({ text, font: design.font, size: design.size }).lines;
    letterMm = Math.min(...lines.map((l) => l.letterHeightMm));
  } catch (err) {
    if (!(err instanceof MissingGlyph)) throw err;
    // Hindi in a Latin font already has its own rule (and fix); anything else the font lacks is named.
    const checks = others.some((c) => c.id === "script")
      ? others
      : [
          {
            id: "missing-letter" as const,
            level: "blocking" as const,
            message: `${fontName(design.font)} has no letter for “${err.character}”, so it cannot be bent as shown.`,
            fix: "Remove that character or choose another font.",
          },
          ...others,
        ];
    return { checks: sorted(checks), letterCm: null, estimateCm: finite, note: null };
  }
  if (!Number.isFinite(letterMm) || letterMm <= 0)
    return { checks: estimate, letterCm: null, estimateCm: finite, note: null };

  const letterCm = oneDecimal(letterMm / 10);
  // Measured heights scale with the width: the same layout at another size.
  const measured = others.some((c) => c.id === "too-many-characters")
    ? null
    : letterHeightCheck(size.id, (widthCm) => (letterMm / 10) * (widthCm / size.widthCm));
  const checks = sorted(measured ? [...others, measured] : others);
  const disagree =
    !others.some((c) => c.id === "too-many-characters") && level(estimated) !== level(measured ?? undefined);
  const note =
    disagree && finite !== null
      ? `Measured on the font's own letters: the smallest are ${letterCm.toFixed(1)} cm high at ${size.label} (${size.widthCm} cm); the quick estimate said about ${finite.toFixed(1)} cm. The measurement decides.`
      : null;
  return { checks, letterCm, estimateCm: finite, note };
}

const sorted = (checks: DesignCheck[]) => [
  ...checks.filter((c) => c.level === "blocking"),
  ...checks.filter((c) => c.level === "borderline"),
];
