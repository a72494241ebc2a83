import { describe, expect, it } from "vitest";
import { CUSTOM_FONTS, DEFAULT_DESIGN, type Design } from "./customizer";
import {
  blockingReason,
  fontDrawsText,
  fontForText,
  fontsForText,
  hasDevanagari,
  borderlineNote,
  checkDesign,
  COMFORTABLE_LETTER_CM,
  maxCharactersPerLine,
  MIN_LETTER_CM,
  smallestLetterCm,
} from "./design-checks";

const d = (over: Partial<Design>) => ({ ...DEFAULT_DESIGN, ...over });
const ids = (design: Partial<Design>) => checkDesign(d(design)).map((c) => `${c.id}:${c.level}`);

describe("can we make it?", () => {
  it("passes the default design and short words at every size", () => {
    expect(checkDesign(DEFAULT_DESIGN)).toEqual([]);
    for (const size of ["M", "L", "XL"] as const) expect(ids({ text: "LOVE", size })).toEqual([]);
  });

  it("estimates letter height from the size's width: the longest line fills it", () => {
    // Orbitron: 0.78 em per character, capitals 0.72 em. 'LOVE' at 50 cm: 50 / 3.12 * 0.72.
    expect(smallestLetterCm("LOVE", "orbitron", 50)).toBeCloseTo((50 / (4 * 0.78)) * 0.72, 5);
    // Lowercase letters are lower than capitals; a second, shorter line does not shrink the first.
    expect(smallestLetterCm("Love", "orbitron", 50)).toBeLessThan(smallestLetterCm("LOVE", "orbitron", 50));
    expect(smallestLetterCm("LOVE\nU", "orbitron", 50)).toBe(smallestLetterCm("LOVE", "orbitron", 50));
  });

  it("marks letters between 2.5 and 4 cm as borderline and suggests the next size that is comfortable", () => {
    // 'YOUR TEXT' at Small: about 3.1 cm capitals.
    const checks = checkDesign(d({ size: "S" }));
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ id: "letter-height", level: "borderline" });
    expect(checks[0]!.fix).toContain("Medium (50 cm)");
    expect(blockingReason(checks)).toBeNull();
    expect(borderlineNote(checks)).toMatch(/about 3\.1 cm high at Small \(30 cm\)/);
    expect(MIN_LETTER_CM).toBeLessThan(COMFORTABLE_LETTER_CM);
  });

  it("blocks letters under 2.5 cm and tells which size makes them", () => {
    const checks = checkDesign(d({ text: "Happy Birthday", size: "S" }));
    expect(checks[0]).toMatchObject({ id: "letter-height", level: "blocking" });
    expect(blockingReason(checks)).toMatch(/too small to bend .* Choose Extra Large \(100 cm\)/);
    // The same text on two lines can be made at Medium.
    expect(ids({ text: "Happy\nBirthday", size: "L" })).toEqual([]);
  });

  it("blocks too many characters on one line for the width (1.8 cm each), whatever the font", () => {
    expect(maxCharactersPerLine(30)).toBe(16);
    expect(maxCharactersPerLine(100)).toBe(55);
    const checks = checkDesign(d({ text: "abcdefghijklmnopq", size: "S", font: "rajdhani" }));
    expect(checks[0]).toMatchObject({ id: "too-many-characters", level: "blocking" });
    expect(checks[0]!.message).toContain("at most 16 fit, this line has 17");
    expect(checks[0]!.fix).toContain("Medium (50 cm)");
    // Only one size rule is reported at a time.
    expect(checks.filter((c) => c.id === "letter-height")).toEqual([]);
    const tooLong = checkDesign(d({ text: "x".repeat(60), size: "XL" }));
    expect(tooLong[0]!.fix).toBe("Split the text over more lines (up to 3).");
  });

  it("blocks fonts whose fine strokes cannot be bent at the size, warns one size up", () => {
    expect(ids({ text: "BAR", font: "monoton", size: "S" })).toEqual(["font-strokes:blocking"]);
    expect(ids({ text: "BAR", font: "monoton", size: "M" })).toEqual(["font-strokes:borderline"]);
    expect(ids({ text: "BAR", font: "monoton", size: "L" })).toEqual([]);
    const script = checkDesign(d({ text: "Love", font: "dancing-script", size: "S" }));
    expect(script.find((c) => c.id === "font-strokes")).toMatchObject({ level: "borderline" });
    expect(script.find((c) => c.id === "font-strokes")!.fix).toMatch(
      /Medium \(50 cm\) or larger, or a bolder font/,
    );
  });

  it("blocks Hindi in a Latin-only font and names the Hindi fonts; Hindi fonts pass", () => {
    const checks = checkDesign(d({ text: "नमस्ते", font: "orbitron" }));
    expect(checks[0]).toMatchObject({ id: "script", level: "blocking" });
    expect(checks[0]!.fix).toBe("Choose a Hindi font: Rajdhani, Baloo 2 (हिन्दी) or Yatra One (हिन्दी).");
    // Mixed scripts are blocked too.
    expect(ids({ text: "Happy दिवाली", font: "sans", size: "XL" })).toContain("script:blocking");
    expect(ids({ text: "नमस्ते", font: "baloo-2" })).toEqual([]);
    expect(ids({ text: "शुभ विवाह", font: "yatra-one", size: "L" })).toEqual([]);
  });

  it("checks the text the sign shows: empty text is 'YOUR TEXT'", () => {
    expect(checkDesign(d({ text: "  " }))).toEqual(checkDesign(d({ text: "YOUR TEXT" })));
  });
});

describe("fonts for Hindi text (issue 27, item 4)", () => {
  it("offers every font for Latin text and only the fonts with Devanagari letters for Hindi", () => {
    expect(fontsForText("Good Vibes")).toHaveLength(CUSTOM_FONTS.length);
    expect(fontsForText("शुभ विवाह")).toEqual(["rajdhani", "baloo-2", "yatra-one"]);
    expect(fontsForText("Mr & Mrs शर्मा")).toEqual(["rajdhani", "baloo-2", "yatra-one"]);
  });

  it("keeps a font that draws the text and switches one that does not, saying so", () => {
    expect(fontForText("dancing-script", "Hello")).toEqual({ font: "dancing-script", note: null });
    expect(fontForText("yatra-one", "नमस्ते")).toEqual({ font: "yatra-one", note: null });
    expect(fontForText("rajdhani", "नमस्ते")).toEqual({ font: "rajdhani", note: null });
    expect(fontForText("monoton", "नमस्ते")).toEqual({
      font: "baloo-2",
      note: "Switched to Baloo 2 (हिन्दी): Monoton has no Hindi letters.",
    });
  });

  it("every font the switch may offer passes the design check's script rule", () => {
    for (const font of fontsForText("नमस्ते"))
      expect(checkDesign({ text: "नमस्ते", font, size: "L" }).map((c) => c.id)).not.toContain("script");
    expect(fontDrawsText("orbitron", "नमस्ते")).toBe(false);
    expect(hasDevanagari("Hello")).toBe(false);
  });
});
