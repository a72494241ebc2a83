// `npm run bench:workshop`: how long the geometry engine takes to measure a custom sign (issue 44; the goal:
// a 3-line, 40-character design under 100 ms once the fonts' glyphs are known). Prints the first measurement
// of each design (fonts parsed and glyph skeletons computed: a new process's cost) and the median and 95th
// percentile of 20 more (the glyphs cached, as in a running shop), for designs across the fonts.
import { measureWith, type MeasurableDesign } from "~/features/sign-geometry/measure-design.server";
import { DEFAULT_GEOMETRY_SETTINGS } from "~/features/sign-geometry/sign-geometry";
import { measuredChecks } from "~/features/customizer/measured-checks.server";

const RUNS = 20;
const designs: MeasurableDesign[] = [
  {
    text: "Good Vibes Only\nCafe Open Daily\nChai and Snacks",
    font: "passion-one",
    color: "pink",
    size: "L",
    backingShape: "cut-to-shape",
  },
  {
    text: "Good Vibes Only\nCafe Open Daily\nChai and Snacks",
    font: "sans",
    color: "blue",
    size: "XL",
    backingShape: "rectangle",
  },
  {
    text: "Happy Birthday\nAnanya",
    font: "dancing-script",
    color: "pink",
    size: "L",
    backingShape: "cut-to-shape",
  },
  {
    text: "शुभ विवाह\nराहुल और प्रिया",
    font: "baloo-2",
    color: "yellow",
    size: "L",
    backingShape: "cut-to-shape",
  },
  { text: "GAME ON", font: "monoton", color: "red", size: "XL", backingShape: "rectangle" },
];
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log("design | characters | first (cold) | median | p95 | LED m | runs | backing m²");
for (const d of designs) {
  let t = performance.now();
  const first = measureWith(d, DEFAULT_GEOMETRY_SETTINGS);
  const cold = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    measureWith(d, DEFAULT_GEOMETRY_SETTINGS);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const m = first.measurement;
  console.log(
    [
      `${d.font} ${d.size} ${d.backingShape} "${d.text.replace(/\n/g, " / ")}"`,
      [...d.text.replace(/\n/g, "")].length,
      ms(cold),
      ms(times[Math.floor(RUNS / 2)]!),
      ms(times[Math.floor(RUNS * 0.95)]!),
      m.ledMetresTotal,
      m.runs,
      m.backingAreaM2,
    ].join(" | "),
  );
}

// The "can we make it" answer the quote, the order and GET /api/design-check give (measured-checks.server.ts): the
// letters laid out, no skeleton. A fresh design each time (the answers are cached by design), bad input included.
const checks: { name: string; design: Parameters<typeof measuredChecks>[0] }[] = [
  {
    name: "3 lines, 45 characters, Passion One",
    design: { text: designs[0]!.text, font: "passion-one", size: "L" },
  },
  { name: "Hindi, Baloo 2", design: { text: designs[3]!.text, font: "baloo-2", size: "L" } },
  { name: "an emoji (refused)", design: { text: "Chai 🙂 Adda", font: "orbitron", size: "L" } },
  {
    name: "300 characters in Monoton (refused)",
    design: { text: "NEON ".repeat(60), font: "monoton", size: "XL" },
  },
];
console.log("\ncan we make it (measured) | first (cold) | median | p95 | answer");
for (const c of checks) {
  let t = performance.now();
  const first = measuredChecks(c.design);
  const cold = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    measuredChecks({ ...c.design, text: `${c.design.text}${" ".repeat(i + 1)}` });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const answer =
    first.checks.find((k) => k.level === "blocking")?.id ?? `fine (${first.letterCm} cm letters)`;
  console.log(
    [c.name, ms(cold), ms(times[Math.floor(RUNS / 2)]!), ms(times[Math.floor(RUNS * 0.95)]!), answer].join(
      " | ",
    ),
  );
}
