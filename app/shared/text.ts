import type { z } from "./zod";

/*
 * What people type into the shop's forms, checked the same way everywhere (issue 25): names, addresses
 * and notes end up on invoices, courier labels, e-mails and the admin's screens, where characters that
 * cannot be seen, or that turn the text around, would mislead (an RLO makes "Asha\u202Etxt.exe" read
 * "Ashaexe.txt") or break the layout. Three kinds of character are refused:
 *
 * - unusual (control) characters: C0 controls apart from tab, CR and LF, DEL, and C1 controls apart from
 *   NEL (PostgreSQL cannot even store NUL);
 * - invisible or direction-changing characters: the bidi controls (U+061C ALM, U+200E LRM, U+200F RLM,
 *   U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates, and the deprecated U+206A-U+206F),
 *   zero-width characters (U+200B ZWSP, U+2060 WJ, U+FEFF BOM, U+2061-U+2064 invisible operators),
 *   U+00AD soft hyphen (shown only where a line wraps, so the printed text differs from what was read),
 *   U+FFF9-U+FFFB annotation marks, blank fillers (Hangul fillers, Braille blank, tag characters: FILLER
 *   below), and the joiners ZWNJ U+200C and ZWJ U+200D where no script needs them
 *   (rule below);
 * - line breaks (CR, LF, U+0085 NEL, U+2028, U+2029), but only in single-line fields: notes, messages,
 *   descriptions and the customiser's sign text may have several lines.
 *
 * The joiners ZWNJ and ZWJ are part of how Hindi (and Bengali, Malayalam, Persian ...) is written, e.g.
 * the two spellings "\u0915\u094D\u200D\u0937" and "\u0915\u094D\u200C\u0937" of क्ष, and of emoji
 * sequences (a family; man, skin tone, ZWJ, laptop; heart, U+FE0F, ZWJ, fire). The rule: a ZWNJ or ZWJ
 * is accepted only when the character on each side of it is a non-ASCII letter or combining mark (the
 * letters, vowel signs and halant of such scripts; the emoji variation selector U+FE0F is a mark) or an
 * emoji (Extended_Pictographic, or a skin-tone modifier). At the start or end of the text, or next to
 * anything else (an ASCII letter, a digit, a space, a line break, another joiner) it is refused.
 *
 * Tabs stay allowed everywhere, as before.
 *
 * Forms use the refinements `singleLine(label)` and `freeText(label)`; the messages name the field with
 * the label the shopper sees: "Full name: please remove invisible or direction-changing characters.",
 * "Address line 1 must be on one line.", "Full name: please remove unusual characters.".
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F]/;
const INVISIBLE =
  /[\u00AD\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/;
/**
 * Blank "letters" that pass for a name or a space (issue 41): U+034F combining grapheme joiner, the Hangul
 * fillers U+115F, U+1160, U+3164 and U+FFA0, the Khmer inherent vowels U+17B4-U+17B5, U+180E Mongolian vowel
 * separator, U+2800 Braille blank, the tag characters U+E0000-U+E007F and the variation selectors
 * U+E0100-U+E01EF.
 */
const FILLER =
  /\u034F|\u17B4|\u17B5|[\u115F\u1160\u180E\u2800\u3164\uFFA0]|[\u{E0000}-\u{E007F}]|[\u{E0100}-\u{E01EF}]/u;
const JOINER = /[\u200C\u200D]/;
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
/** What may stand on either side of a ZWNJ or ZWJ (ASCII letters are excluded separately). */
const JOINER_NEIGHBOUR = /^[\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}]$/u;

export const TEXT_MESSAGES = {
  unusual: (label: string) => `${label}: please remove unusual characters.`,
  invisible: (label: string) => `${label}: please remove invisible or direction-changing characters.`,
  lineBreak: (label: string) => `${label} must be on one line.`,
} as const;

export type TextProblem = keyof typeof TEXT_MESSAGES;

/** Control characters (NUL and friends) apart from tab and line breaks. */
export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

function joinerNeighbour(ch: string | undefined): boolean {
  return ch !== undefined && ch.codePointAt(0)! > 0x7f && JOINER_NEIGHBOUR.test(ch);
}

/** A ZWNJ or ZWJ that no script needs there (see the rule above). */
export function hasStrayJoiner(value: string): boolean {
  if (!JOINER.test(value)) return false;
  const chars = Array.from(value);
  return chars.some(
    (ch, i) =>
      (ch === "\u200C" || ch === "\u200D") &&
      !(joinerNeighbour(chars[i - 1]) && joinerNeighbour(chars[i + 1])),
  );
}

/** Bidi controls, zero-width characters, the soft hyphen, or a joiner out of place. */
export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE.test(value) || FILLER.test(value) || hasStrayJoiner(value);
}

/** What a form or an address with a NUL character answers (PostgreSQL cannot store one). */
export const NUL_MESSAGE =
  "Please remove the NUL character (\\0 or %00) from what you sent: the shop cannot store it.";

export const hasNul = (value: string) => value.includes("\0");

export function hasLineBreaks(value: string): boolean {
  return LINE_BREAK.test(value);
}

/** What is wrong with a value typed into a field (first found: unusual, invisible, line break), or null. */
export function textProblem(value: string, lines: "single" | "multiple"): TextProblem | null {
  if (hasControlCharacters(value)) return "unusual";
  if (hasInvisibleCharacters(value)) return "invisible";
  if (lines === "single" && hasLineBreaks(value)) return "lineBreak";
  return null;
}

function refinement(label: string, lines: "single" | "multiple") {
  return (value: string, ctx: z.RefinementCtx<string>): void => {
    const problem = textProblem(value, lines);
    if (problem) ctx.addIssue({ code: "custom", message: TEXT_MESSAGES[problem](label) });
  };
}

/**
 * A name, address line, city, reference or title: one line, nothing invisible. Use it as
 * `.superRefine(singleLine("Full name"))` on a string schema (after `.trim()`).
 */
export function singleLine(label: string) {
  return refinement(label, "single");
}

/** Notes, messages, descriptions and sign text: line breaks are fine, nothing invisible. */
export function freeText(label: string) {
  return refinement(label, "multiple");
}

// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text from a URL or a search box made safe to search with: control characters and broken UTF-16 removed. */
export function cleanSearchText(value: string): string {
  return value.replace(CONTROL_ALL, "").replace(LONE_SURROGATE, "");
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe to put into HTML (element content and quoted attribute values). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
