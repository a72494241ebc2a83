import { describe, expect, it } from "vitest";
import { measureLetters, measureWith } from "~/features/sign-geometry/measure-design.server";
import { DEFAULT_GEOMETRY_SETTINGS } from "~/features/sign-geometry/sign-geometry";
import { checkDesign, COMFORTABLE_LETTER_CM, MIN_LETTER_CM } from "./design-checks";
import { measuredChecks } from "./measured-checks.server";

// Issue 44: "can we make it" decided on the fonts' measured letters, the estimate's answer replaced where they differ.
const smallest = (text: string, font: "orbitron" | "sans" | "baloo-2", size: "S" | "M" | "L" | "XL") =>
  Math.min(...measureLetters({ text, font, size }).lines.map((l) => l.letterHeightMm)) / 10;

describe("measuredChecks", () => {
  it("reads the letters' height off the laid-out fonts, as the workshop's figures do", () => {
    const a = measuredChecks({ text: "Happy Birthday", font: "orbitron", size: "S" });
    const figures = measureWith(
      { text: "Happy Birthday", font: "orbitron", size: "S", color: "pink", backingShape: "rectangle" },
      DEFAULT_GEOMETRY_SETTINGS,
    ).measurement;
    expect(a.letterCm).toBeCloseTo(Math.min(...figures.lines.map((l) => l.letterHeightMm)) / 10, 1);
    expect(a.letterCm).toBeLessThan(MIN_LETTER_CM);
    expect(a.checks[0]).toMatchObject({ id: "letter-height", level: "blocking" });
    expect(a.checks[0]!.message).toContain(`only about ${a.letterCm!.toFixed(1)} cm high`);
    // The size it suggests is the first whose measured letters are comfortable.
    // (The estimate said Extra Large; the measured letters are 4.8 cm high at Large.)
    expect(smallest("Happy Birthday", "orbitron", "M")).toBeLessThan(COMFORTABLE_LETTER_CM);
    expect(smallest("Happy Birthday", "orbitron", "L")).toBeGreaterThanOrEqual(COMFORTABLE_LETTER_CM);
    expect(a.checks[0]!.fix).toBe("Choose Large (70 cm) or larger, or put the text on more lines.");
    expect(checkDesign({ text: "Happy Birthday", font: "orbitron", size: "S" })[0]!.fix).toContain(
      "Extra Large",
    );
    expect(a.note).toBeNull(); // both say it cannot be made
  }, 30_000);

  it("lets the measurement overrule the estimate, and says so", () => {
    const design = { text: "Let's Party Tonight", font: "orbitron", size: "M" } as const;
    expect(checkDesign(design)).toEqual([
      expect.objectContaining({ id: "letter-height", level: "blocking" }),
    ]);
    const a = measuredChecks(design);
    expect(a.letterCm).toBeGreaterThanOrEqual(MIN_LETTER_CM);
    expect(a.checks).toEqual([expect.objectContaining({ id: "letter-height", level: "borderline" })]);
    expect(a.note).toBe(
      `Measured on the font's own letters: the smallest are ${a.letterCm!.toFixed(1)} cm high at Medium (50 cm); the quick estimate said about ${a.estimateCm!.toFixed(1)} cm. The measurement decides.`,
    );
  }, 30_000);

  it("agrees quietly where the estimate was right", () => {
    expect(measuredChecks({ text: "LOVE", font: "sans", size: "M" })).toMatchObject({
      checks: [],
      note: null,
    });
    const hindi = measuredChecks({ text: "शुभ विवाह", font: "baloo-2", size: "L" });
    expect(hindi.checks).toEqual([]);
    expect(hindi.letterCm).toBeGreaterThan(COMFORTABLE_LETTER_CM);
  }, 30_000);

  it("names a character the font cannot draw; Hindi in a Latin font keeps its own rule", () => {
    const emoji = measuredChecks({ text: "Chai 🙂", font: "orbitron", size: "L" });
    expect(emoji.checks[0]).toMatchObject({ id: "missing-letter", level: "blocking" });
    expect(emoji.checks[0]!.message).toBe("Orbitron has no letter for “🙂”, so it cannot be bent as shown.");
    const hindi = measuredChecks({ text: "नमस्ते", font: "orbitron", size: "L" });
    expect(hindi.checks.map((c) => c.id)).toEqual(["script"]);
  }, 30_000);
});
