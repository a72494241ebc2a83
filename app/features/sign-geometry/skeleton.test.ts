import { describe, expect, it } from "vitest";
import { skeletonOf, type Pt } from "./skeleton";

const rect = (x0: number, y0: number, x1: number, y1: number): Pt[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const circle = (r: number, clockwise = false, n = 96): Pt[] =>
  Array.from({ length: n }, (_, i) => {
    const a = ((clockwise ? -1 : 1) * 2 * Math.PI * i) / n;
    return [Math.cos(a) * r, Math.sin(a) * r];
  });

describe("a glyph's centre lines (what a person can check by hand)", () => {
  it("a straight stroke (an I 10 wide and 100 high) is one run about its height long", () => {
    const s = skeletonOf([rect(0, 0, 10, 100)], 1);
    expect(s.pieces).toBe(1);
    expect(s.length).toBeGreaterThan(95);
    expect(s.length).toBeLessThan(105);
    expect(s.stroke).toBeGreaterThan(8);
    expect(s.stroke).toBeLessThan(12);
  });

  it("a ring (an O of outer radius 50, inner 40) is one closed run of π × its mean diameter", () => {
    const s = skeletonOf([circle(50), circle(40, true)], 1);
    expect(s.pieces).toBe(1);
    expect(s.paths.some((p) => p.closed)).toBe(true);
    expect(Math.abs(s.length - Math.PI * 90) / (Math.PI * 90)).toBeLessThan(0.03);
  });

  it("an i (a stem and a dot) is two runs", () => {
    const s = skeletonOf([rect(0, 0, 10, 70), rect(0, 85, 10, 97)], 1);
    expect(s.pieces).toBe(2);
  });

  it("a T is one run of three lines: the bar and the stem from its middle", () => {
    const s = skeletonOf([rect(0, 90, 80, 100), rect(35, 0, 45, 90)], 1);
    expect(s.pieces).toBe(1);
    expect(s.paths).toHaveLength(3);
    expect(s.length).toBeGreaterThan(165);
    expect(s.length).toBeLessThan(185);
  });

  it("nothing to fill gives no line", () => {
    expect(skeletonOf([], 1).length).toBe(0);
  });
});
