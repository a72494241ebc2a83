import { describe, expect, it } from "vitest";
import { drawingToDxf } from "./production-dxf.server";
import { drawingToSvg } from "./production-svg";
import { fixtureDrawing, SQUARE } from "./production-fixtures";

/** A DXF's group code / value pairs. */
function pairs(dxf: string): [number, string][] {
  const lines = dxf.split(/\r?\n/);
  const out: [number, string][] = [];
  for (let i = 0; i + 1 < lines.length; i += 2) out.push([Number(lines[i]!.trim()), lines[i + 1]!.trim()]);
  return out;
}

type Entity = { type: string; codes: [number, string][] };
/** The ENTITIES section's entities, each with its own pairs. */
function entities(dxf: string): Entity[] {
  const all = pairs(dxf);
  const start = all.findIndex(([c, v], i) => c === 2 && v === "ENTITIES" && all[i - 1]?.[1] === "SECTION");
  const out: Entity[] = [];
  for (let i = start + 1; i < all.length; i++) {
    const [c, v] = all[i]!;
    if (c === 0 && v === "ENDSEC") break;
    if (c === 0) out.push({ type: v, codes: [] });
    else out.at(-1)?.codes.push([c, v]);
  }
  return out;
}
const code = (e: Entity, c: number) => e.codes.find(([k]) => k === c)?.[1];
const allOf = (e: Entity, c: number) => e.codes.filter(([k]) => k === c).map(([, v]) => Number(v));

describe("drawingToDxf", () => {
  const dxf = drawingToDxf(fixtureDrawing());
  const ents = entities(dxf);

  it("is in millimetres: $INSUNITS 4", () => {
    const all = pairs(dxf);
    const at = all.findIndex(([c, v]) => c === 9 && v === "$INSUNITS");
    expect(at).toBeGreaterThan(0);
    expect(all[at + 1]).toEqual([70, "4"]);
  });

  it("writes the square letter as one closed LWPOLYLINE of 4 vertices on LETTERS, y flipped", () => {
    const letters = ents.filter((e) => e.type === "LWPOLYLINE" && code(e, 8) === "LETTERS");
    expect(letters).toHaveLength(3);
    const square = letters[0]!;
    expect(Number(code(square, 90))).toBe(4);
    expect(Number(code(square, 70)) & 1).toBe(1);
    // (20, 20) at the top-left in y-down millimetres is (20, 80) in the DXF's y-up 100 mm box.
    expect(allOf(square, 10)).toEqual(SQUARE.map(([x]) => x));
    expect(allOf(square, 20)).toEqual(SQUARE.map(([, y]) => 100 - y));
  });

  it("writes the LED runs on LED (the straight one open, the ring closed), the backing on BACKING", () => {
    const led = ents.filter((e) => e.type === "LWPOLYLINE" && code(e, 8) === "LED");
    expect(led.map((e) => Number(code(e, 70)) & 1)).toEqual([0, 1]);
    expect(allOf(led[0]!, 20)).toEqual([75, 35]);
    const backing = ents.filter((e) => code(e, 8) === "BACKING");
    expect(backing).toHaveLength(1);
    expect(Number(code(backing[0]!, 90))).toBe(4);
  });

  it("writes each hole as a CIRCLE of the holes' radius on HOLES, and the cable arrow on CABLE", () => {
    const holes = ents.filter((e) => e.type === "CIRCLE");
    expect(
      holes.map((e) => [code(e, 8), Number(code(e, 10)), Number(code(e, 20)), Number(code(e, 40))]),
    ).toEqual([
      ["HOLES", 12, 88, 2.5],
      ["HOLES", 188, 88, 2.5],
    ]);
    const cable = ents.filter((e) => e.type === "LINE");
    expect(cable.every((e) => code(e, 8) === "CABLE")).toBe(true);
    expect(cable).toHaveLength(3);
    // Every stroke ends at the exit, (100, 100) y-down: (100, 0) y-up.
    expect(cable.every((e) => Number(code(e, 11)) === 100 && Number(code(e, 21)) === 0)).toBe(true);
  });

  it("declares the five layers", () => {
    // Each layer record: "0 LAYER", then its codes, its name under code 2.
    const names: string[] = [];
    let inLayer = false;
    for (const [c, v] of pairs(dxf)) {
      if (c === 0) inLayer = v === "LAYER";
      else if (inLayer && c === 2) {
        names.push(v);
        inLayer = false;
      }
    }
    expect(names).toEqual(expect.arrayContaining(["LETTERS", "LED", "BACKING", "HOLES", "CABLE"]));
  });

  it("refuses a drawing with no size or a point that is not a number", () => {
    expect(() => drawingToDxf({ ...fixtureDrawing(), widthMm: 0 })).toThrow("no size");
    expect(() => drawingToDxf({ ...fixtureDrawing(), holes: [[Number.NaN, 1]] })).toThrow("not a number");
  });
});

describe("drawingToSvg", () => {
  const svg = drawingToSvg(fixtureDrawing(), 'Sign "A&B" <x>\u0001');

  it("is 1:1: its width and height in mm and a viewBox in mm", () => {
    expect(svg).toContain('width="200mm" height="100mm" viewBox="0 0 200 100"');
  });

  it("has the five named Inkscape layers, in the cutting order", () => {
    const ids = [...svg.matchAll(/<g id="([A-Z]+)" inkscape:groupmode="layer" inkscape:label="\1"/g)].map(
      (m) => m[1],
    );
    expect(ids).toEqual(["BACKING", "LETTERS", "LED", "HOLES", "CABLE"]);
  });

  it("writes the square as a closed path in mm, the holes as circles, the LED runs open or closed", () => {
    expect(svg).toContain('d="M20 20L70 20L70 70L20 70ZM');
    expect(svg).toContain('<circle cx="12" cy="12" r="2.5"/>');
    expect(svg).toContain('<path d="M45 25L45 65"/>');
    const led = svg.slice(svg.indexOf('id="LED"'), svg.indexOf('id="HOLES"'));
    expect(led.match(/Z"/g)).toHaveLength(1);
  });

  it("escapes the title", () => {
    expect(svg).toContain("<title>Sign &quot;A&amp;B&quot; &lt;x&gt;</title>");
  });

  it("refuses a drawing with no size", () => {
    expect(() => drawingToSvg({ ...fixtureDrawing(), heightMm: Number.NaN })).toThrow("no size");
  });
});
