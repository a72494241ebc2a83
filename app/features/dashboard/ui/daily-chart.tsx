import { useEffect, useRef } from "react";
import { drawChart, type ChartHandle, type ChartKind } from "./uplot-chart";

/** Seconds of an IST day's midnight (the charts' x values). */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00+05:30`) / 1000;

/**
 * A bar (revenue) or line (orders) chart of a range's IST days, drawn in the browser after the page has
 * rendered (the server sends an empty box of the chart's height). uPlot is part of the admin dashboard's
 * route chunk only (a dynamic import would split Vite's preload helper out of the storefront's chunks).
 * The numbers are also in the label and in a table for screen readers.
 */
export function DailyChart({
  kind,
  days,
  label,
}: {
  kind: ChartKind;
  days: { day: string; value: number }[];
  /** What the chart shows in words (read by screen readers instead of the picture). */
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartHandle | null>(null);
  const xs = days.map((d) => dayStart(d.day));
  const ys = days.map((d) => d.value);
  const latest = useRef({ xs, ys });
  latest.current = { xs, ys };

  useEffect(() => {
    let observer: ResizeObserver | undefined;
    const el = box.current;
    if (el) {
      chart.current = drawChart(el, kind, latest.current.xs, latest.current.ys, el.clientWidth);
      observer = new ResizeObserver(() => chart.current?.resize(el.clientWidth));
      observer.observe(el);
    }
    return () => {
      observer?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [kind]);

  // New numbers (a live update or another range): redraw the same chart.
  const key = `${xs.join(",")}|${ys.join(",")}`;
  useEffect(() => {
    chart.current?.update(latest.current.xs, latest.current.ys);
  }, [key]);

  return (
    <div>
      <div
        ref={box}
        role="img"
        aria-label={label}
        data-values={ys.join(",")}
        className="min-h-[200px] w-full"
      />
    </div>
  );
}
