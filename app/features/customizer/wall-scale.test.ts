import { describe, expect, it } from "vitest";
import { nearestSize, wallWidthCm } from "./wall-scale";

describe("own wall scale", () => {
  const photo = { w: 1200, h: 800 };
  /** The photo's width from two marks (as fractions of the photo) `cm` apart on the wall. */
  const widthFor = (from: [number, number], to: [number, number], cm: number) =>
    wallWidthCm(
      photo,
      [
        { x: from[0], y: from[1] },
        { x: to[0], y: to[1] },
      ],
      cm,
    );

  it("gives the width the photo shows from a marked length, in any direction", () => {
    // An A4 sheet's long side upright, 297 px tall: 10 px per cm, so the photo is 120 cm wide.
    expect(widthFor([0.5, 0.1], [0.5, 0.1 + 297 / 800], 29.7)).toBeCloseTo(120, 6);
    // A door 200 cm along a diagonal of 300 × 400 px (500 px): 2.5 px per cm.
    expect(widthFor([0, 0], [300 / 1200, 400 / 800], 200)).toBeCloseTo(480, 6);
  });
  it("waits for two marks far enough apart and a sensible length", () => {
    expect(wallWidthCm(photo, [{ x: 0.5, y: 0.5 }], 29.7)).toBeNull();
    expect(widthFor([0.5, 0.5], [0.505, 0.5], 29.7)).toBeNull();
    for (const cm of [Number.NaN, 0, 5000]) expect(widthFor([0, 0], [1, 0], cm)).toBeNull();
    expect(widthFor([0, 0], [1, 0], 250)).toBe(250);
  });
});

describe("pinch to another size", () => {
  it("snaps a pinched width to the nearest size we make", () => {
    expect(nearestSize(10)).toBe("S");
    expect(nearestSize(39)).toBe("S");
    expect(nearestSize(41)).toBe("M");
    expect(nearestSize(61)).toBe("L");
    expect(nearestSize(86)).toBe("XL");
    expect(nearestSize(400)).toBe("XL");
  });
});
