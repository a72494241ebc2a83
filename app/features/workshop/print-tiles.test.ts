import { describe, expect, it } from "vitest";
import { alignmentMarks, OVERLAP_MM, tilePlan } from "./print-tiles";

describe("tilePlan", () => {
  it("prints a small sign on one portrait page", () => {
    const p = tilePlan(150, 80);
    expect(p.landscape).toBe(false);
    expect(p.tiles).toEqual([{ row: 1, column: 1, x: 0, y: 0 }]);
    expect(p.trimX).toEqual([]);
  });

  it("turns the page when that saves sheets: 250 x 150 mm fits one landscape page", () => {
    const p = tilePlan(250, 150);
    expect(p.landscape).toBe(true);
    expect(p.windowWidth).toBe(277);
    expect(p.tiles).toHaveLength(1);
  });

  it("covers a 600 x 300 mm sign with overlapping windows, the overlap's middle as trim line", () => {
    const p = tilePlan(600, 300);
    // Landscape: windows of 277 x 176 mm, stepping 267 x 166: 3 columns x 2 rows (portrait would need 4 x 2).
    expect(p.landscape).toBe(true);
    expect([p.columns, p.rows]).toEqual([3, 2]);
    expect(p.tiles.map((t) => [t.x, t.y])).toEqual([
      [0, 0],
      [267, 0],
      [534, 0],
      [0, 166],
      [267, 166],
      [534, 166],
    ]);
    // Every point of the sign is on some page, and neighbours share OVERLAP_MM.
    const last = p.tiles.at(-1)!;
    expect(last.x + p.windowWidth).toBeGreaterThanOrEqual(600);
    expect(last.y + p.windowHeight).toBeGreaterThanOrEqual(300);
    expect(p.tiles[0]!.x + p.windowWidth - p.tiles[1]!.x).toBe(OVERLAP_MM);
    expect(p.trimX).toEqual([272, 539]);
    expect(p.trimY).toEqual([171]);
  });

  it("puts the alignment marks on the overlaps' middle lines, inside both neighbours' windows", () => {
    const p = tilePlan(600, 300);
    const marks = alignmentMarks(p, 600, 300);
    expect(marks.length).toBeGreaterThan(4);
    for (const [x, y] of marks) {
      expect(p.trimX.includes(x) || p.trimY.includes(y)).toBe(true);
      const pages = p.tiles.filter(
        (t) => x >= t.x && x <= t.x + p.windowWidth && y >= t.y && y <= t.y + p.windowHeight,
      );
      expect(pages.length).toBeGreaterThanOrEqual(2);
    }
  });
});
