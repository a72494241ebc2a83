import { describe, expect, it } from "vitest";
import { MissingGlyph } from "./fonts.server";
import { measureWith } from "./measure-design.server";
import { adaptorFor, DEFAULT_GEOMETRY_SETTINGS } from "./sign-geometry";

const set = DEFAULT_GEOMETRY_SETTINGS;
const design = (text: string, over: Partial<Parameters<typeof measureWith>[0]> = {}) =>
  measureWith({ text, font: "sans", color: "pink", size: "M", backingShape: "cut-to-shape", ...over }, set);

describe("measureDesign: a design measured as the workshop makes it", () => {
  it("the widest line fills the size's width (Medium: 50 cm), within the ink's overhang", () => {
    const { measurement: m, drawing: d } = design("Hello");
    expect(m.textWidthCm).toBe(50);
    // The letters' ink is a little narrower than their advance; the backing adds its margin (15 mm) on each side.
    const xs = d.letters.flat().map((p) => p[0]);
    const ink = Math.max(...xs) - Math.min(...xs);
    expect(ink).toBeGreaterThan(450);
    expect(ink).toBeLessThanOrEqual(500);
    expect(d.widthMm).toBeGreaterThan(ink + 2 * 15 - 2);
    expect(d.widthMm).toBeLessThan(ink + 2 * 15 + 2);
    expect(m.widthCm).toBeCloseTo(d.widthMm / 10, 1);
  }, 30_000);

  it("LED metres, power and the adaptor follow one another: W = m × W/m, adaptor ≥ 1.2 × W", () => {
    const { measurement: m } = design("Good Vibes\nOnly", { font: "passion-one", size: "L" });
    expect(m.ledMetresTotal).toBeGreaterThan(1);
    expect(m.watts).toBeCloseTo(m.ledMetresTotal * set.ledWattsPerMetre, 0);
    expect(m.adaptorW).toBeGreaterThanOrEqual(m.watts * 1.2);
    expect(m.lines).toHaveLength(2);
    expect(m.runs).toBeGreaterThanOrEqual(11); // letters, and the i's dot
  }, 30_000);

  it("an O's run is about π × its mean diameter; an i is two runs", () => {
    const o = design("O", { font: "sans", size: "S" });
    expect(o.measurement.runs).toBe(1);
    for (const font of ["sans", "orbitron", "passion-one"] as const)
      expect(design("i", { font, size: "S" }).measurement.runs, font).toBe(2);
  }, 30_000);

  it("lays Hindi out shaped (a conjunct is one glyph) and measures it", () => {
    const { measurement: m } = design("नमस्ते", { font: "baloo-2" });
    expect(m.ledMetresTotal).toBeGreaterThan(0.5);
    expect(m.lines[0]!.letterHeightMm).toBeGreaterThan(40);
  }, 30_000);

  it("a rectangle backing is the letters' box plus the margin; cut-to-shape is one piece, smaller", () => {
    const rect = design("Neon", { backingShape: "rectangle" });
    const cut = design("Neon");
    expect(rect.drawing.backing).toHaveLength(1);
    expect(cut.drawing.backing).toHaveLength(1);
    expect(cut.measurement.backingAreaM2).toBeLessThan(rect.measurement.backingAreaM2);
    expect(rect.drawing.holes.length).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it("refuses a character the font cannot draw (emoji, Hindi in Orbitron)", () => {
    expect(() => design("Hi 🙂")).toThrow(MissingGlyph);
    expect(() => design("नमस्ते", { font: "orbitron" })).toThrow(MissingGlyph);
  }, 30_000);
});

describe("adaptorFor", () => {
  it("packs the smallest rating at or above 1.2 × the load", () => {
    expect(adaptorFor(20, [12, 24, 36])).toBe(24);
    expect(adaptorFor(20.5, [12, 24, 36])).toBe(36);
    expect(adaptorFor(100, [12, 24, 36])).toBe(36);
  });
});
