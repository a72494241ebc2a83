import { describe, expect, it } from "vitest";
import {
  countCharacters,
  DEFAULT_DESIGN,
  designFromQuery,
  designToQuery,
  previewFileName,
  priceDesign,
} from "./customizer";

const design = (over: Partial<typeof DEFAULT_DESIGN> = {}) => ({ ...DEFAULT_DESIGN, ...over });

describe("customiser price", () => {
  it("has the base price of every size", () => {
    expect(priceDesign(design({ text: "HI", size: "S" })).total).toBe(1999);
    expect(priceDesign(design({ text: "HI", size: "M" })).total).toBe(2999);
    expect(priceDesign(design({ text: "HI", size: "L" })).total).toBe(4499);
    expect(priceDesign(design({ text: "HI", size: "XL" })).total).toBe(6999);
  });
  it("charges ₹50 for each character beyond 10", () => {
    expect(priceDesign(design({ text: "a".repeat(10) })).characterPrice).toBe(0);
    expect(priceDesign(design({ text: "a".repeat(11) })).characterPrice).toBe(50);
    expect(priceDesign(design({ text: "a".repeat(25) }))).toMatchObject({ extraCharacters: 15, characterPrice: 750, total: 2999 + 750 });
  });
  it("counts spaces, not line breaks, and an emoji as one", () => {
    expect(countCharacters("Good Vibes")).toBe(10);
    expect(countCharacters("Good\nVibes\r\nOnly")).toBe(13);
    expect(countCharacters("I ❤️ you 👩‍👩‍👧")).toBe(9);
    expect(priceDesign(design({ text: "Good Vibes Only" })).characterPrice).toBe(250);
    expect(priceDesign(design({ text: "Good\nVibes\nOnly" })).characterPrice).toBe(150);
  });
  it("adds ₹499 for the dimmer and ₹299 for a rectangle backing; cut-to-shape is free", () => {
    expect(priceDesign(design({ text: "HI", hasDimmer: true })).total).toBe(2999 + 499);
    expect(priceDesign(design({ text: "HI", backingShape: "rectangle" })).total).toBe(2999 + 299);
    expect(priceDesign(design({ text: "HI", backingShape: "cut-to-shape" })).backingPrice).toBe(0);
    expect(priceDesign(design({ text: "a".repeat(12), size: "XL", hasDimmer: true, backingShape: "rectangle" })).total).toBe(
      6999 + 100 + 499 + 299,
    );
  });
});

describe("preview file name", () => {
  it("replaces every non-alphanumeric with _", () => {
    expect(previewFileName("Hello World!")).toBe("neon-preview-Hello_World_.png");
    expect(previewFileName("Café\n24/7")).toBe("neon-preview-Caf__24_7.png");
    expect(previewFileName("")).toBe("neon-preview-YOUR_TEXT.png");
  });
});

describe("design in the URL", () => {
  it("round-trips a design", () => {
    const d = design({ text: "Mr & Mrs", font: "monoton", color: "blue", size: "XL", hasDimmer: true, backingShape: "rectangle" });
    expect(designFromQuery(designToQuery(d))).toEqual(d);
  });
  it("falls back to the default for each unknown value", () => {
    const d = designFromQuery(new URLSearchParams("text=Hi&font=comic&color=blue&size=XXL&dimmer=maybe&backing=circle"));
    expect(d).toEqual({ ...DEFAULT_DESIGN, text: "Hi", color: "blue" });
  });
});
