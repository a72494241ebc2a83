import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatIstDayMonth } from "~/shared/ist-dates";

/*
 * The dashboard's charts (decision 023): uPlot, imported only by the admin dashboard (its route chunk),
 * so the storefront never loads it. Days are IST days; the x values are the
 * seconds of each day's midnight in India, and the axis shows them in India's time zone.
 */

export type ChartKind = "revenue" | "orders";
export type ChartHandle = {
  update: (xs: number[], ys: number[]) => void;
  resize: (w: number) => void;
  destroy: () => void;
};

const grid = "rgba(128, 128, 128, 0.25)";
const text = "#a1a1aa";

const rupeesShort = new Intl.NumberFormat("en-IN", { notation: "compact", maximumFractionDigits: 1 });

export function drawChart(
  el: HTMLElement,
  kind: ChartKind,
  xs: number[],
  ys: number[],
  width: number,
): ChartHandle {
  const colour = kind === "revenue" ? "#db2777" : "#2563eb";
  const opts: uPlot.Options = {
    width,
    height: 200,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), "Asia/Kolkata"),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    scales: {
      x: { time: true },
      y: { range: (_u, _min, max) => [0, Math.max(kind === "revenue" ? 1000 : 4, max * 1.1)] },
    },
    axes: [
      {
        stroke: text,
        grid: { show: false },
        ticks: { stroke: grid },
        size: 30,
        values: (_u, splits) => splits.map((ts) => formatIstDayMonth(new Date(ts * 1e3))),
      },
      {
        stroke: text,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        size: 52,
        values: (_u, vals) =>
          vals.map((v) =>
            kind === "revenue" ? `₹${rupeesShort.format(v)}` : Number.isInteger(v) ? String(v) : "",
          ),
      },
    ],
    series: [
      {},
      kind === "revenue"
        ? {
            label: "Revenue",
            stroke: colour,
            fill: `${colour}cc`,
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
            points: { show: false },
          }
        : {
            label: "Orders",
            stroke: colour,
            width: 2,
            fill: `${colour}22`,
            points: { show: xs.length <= 31 },
          },
    ],
  };
  const chart = new uPlot(opts, [xs, ys], el);
  return {
    update: (x, y) => chart.setData([x, y]),
    resize: (w) => chart.setSize({ width: w, height: 200 }),
    destroy: () => chart.destroy(),
  };
}
