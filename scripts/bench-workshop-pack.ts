// `npm run bench:workshop-pack`: how long a custom order's whole production pack takes (issue 44: under 2 s):
// the design measured by the geometry engine, then the SVG, the DXF, the tiled 1:1 print and the job sheet (with
// a 960 px picture), as the downloads make them (the geometry alone: npm run bench:workshop). Three designs, each after one warm-up (fonts and glyph
// skeletons are read once per process), RUNS times; prints the median and 95th percentile of each part.
import sharp from "sharp";
import { measureDesign, type MeasurableDesign } from "~/features/sign-geometry/measure-design.server";
import { DEFAULT_GEOMETRY_SETTINGS } from "~/features/sign-geometry/sign-geometry";
import { customColorName } from "~/features/sign-options/line-description";
import { drawingToDxf } from "~/features/workshop/production-dxf.server";
import { renderJobSheetPdf } from "~/features/workshop/production-job-sheet.server";
import { renderPrintPdf } from "~/features/workshop/production-print-pdf.server";
import { drawingToSvg } from "~/features/workshop/production-svg";

const RUNS = 10;
const DESIGNS: [string, MeasurableDesign][] = [
  [
    "Hello, Orbitron, M",
    { text: "Hello", font: "orbitron", color: "pink", size: "M", backingShape: "cut-to-shape" },
  ],
  [
    "3 lines, 45 characters, Passion One, XL",
    {
      text: "Good Vibes Only\nCafe Open Daily\nChai and Snacks",
      font: "passion-one",
      color: "blue",
      size: "XL",
      backingShape: "cut-to-shape",
    },
  ],
  [
    "Hindi, Baloo 2, L",
    { text: "नमस्ते\nदुनिया", font: "baloo-2", color: "blue", size: "L", backingShape: "rectangle" },
  ],
];

const picture = await sharp({ create: { width: 960, height: 600, channels: 3, background: "#101010" } })
  .png()
  .toBuffer();

type Part = "measure" | "svg" | "dxf" | "print" | "jobSheet" | "total";
async function pack(d: MeasurableDesign): Promise<Record<Part, number>> {
  const t: Partial<Record<Part, number>> = {};
  const t0 = performance.now();
  let at = t0;
  const lap = (part: Part) => {
    const now = performance.now();
    t[part] = now - at;
    at = now;
  };
  const { measurement, drawing } = await measureDesign(d, DEFAULT_GEOMETRY_SETTINGS);
  lap("measure");
  drawingToSvg(drawing);
  lap("svg");
  drawingToDxf(drawing);
  lap("dxf");
  await renderPrintPdf(drawing, "NL-BENCH");
  lap("print");
  await renderJobSheetPdf({
    orderNumber: "NL-BENCH",
    due: "Thu 4 Dec 2026",
    placedOn: "28 Nov 2026",
    quantity: 1,
    lines: d.text.split("\n"),
    font: d.font,
    color: customColorName(d.color),
    size: d.size,
    dimmer: true,
    backing: d.backingShape,
    measurement,
    warnings: [],
    picture: { bytes: picture, caption: "bench picture" },
  });
  lap("jobSheet");
  t.total = performance.now() - t0;
  return t as Record<Part, number>;
}

const quantile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)]!.toFixed(1);
for (const [name, design] of DESIGNS) {
  await pack(design); // warm-up
  const runs: Record<Part, number>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await pack(design));
  const parts = (Object.keys(runs[0]!) as Part[]).map(
    (p) =>
      `${p} ${quantile(
        runs.map((r) => r[p]),
        0.5,
      )}/${quantile(
        runs.map((r) => r[p]),
        0.95,
      )}`,
  );
  console.log(`production pack, ${name}: ${parts.join(", ")} ms (median/p95, ${RUNS} runs)`);
}
