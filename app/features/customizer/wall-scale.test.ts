import { describe, expect, it } from "vitest";
import { nearestSize, wallWidthCm } from "./wall-scale";

describe("own wall scale", () => {
  const photo = { w: 1200, h: 800 };
  it("gives the width the photo shows from a marked length, in any direction", () => {
    // An A4 sheet's long side upright, 297 px tall: 10 px per cm, so the photo is 120 cm wide.
    expect(
      wallWidthCm(
        photo,
        [
          { x: 0.5, y: 0.1 },
          { x: 0.5, y: 0.1 + 297 / 800 },
        ],
        29.7,
      ),
    ).toBeCloseTo(120, 6);
    // A door 200 cm along a diagonal of 300 × 400 px (500 px): 2.5 px per cm.
    expect(
      wallWidthCm(
        photo,
        [
          { x: 0, y: 0 },
          { x: 300 / 1200, y: 400 / 800 },
        ],
        200,
      ),
    ).toBeCloseTo(480, 6);
  });
  it("waits for two marks far enough apart and a sensible length", () => {
    expect(wallWidthCm(photo, [{ x: 0.5, y: 0.5 }], 29.7)).toBeNull();
    expect(
      wallWidthCm(
        photo,
        [
          { x: 0.5, y: 0.5 },
          { x: 0.505, y: 0.5 },
        ],
        29.7,
      ),
    ).toBeNull();
    expect(
      wallWidthCm(
        photo,
        [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ],
        Number.NaN,
      ),
    ).toBeNull();
    expect(
      wallWidthCm(
        photo,
        [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ],
        0,
      ),
    ).toBeNull();
    expect(
      wallWidthCm(
        photo,
        [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ],
        5000,
      ),
    ).toBeNull();
    expect(
      wallWidthCm(
        photo,
        [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ],
        250,
      ),
    ).toBe(250);
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
