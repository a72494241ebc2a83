import { useEffect, useRef, useState } from "react";
import type { ChartHandle, ChartKind } from "./uplot-chart";

/** Seconds of an IST day's midnight (the charts' x values). */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00+05:30`) / 1000;

/**
 * A bar (revenue) or line (orders) chart of a range's IST days. The chart library is fetched only here,
 * after the page has rendered; the numbers are also in the label and in a table for screen readers.
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
  const [failed, setFailed] = useState(false);
  const xs = days.map((d) => dayStart(d.day));
  const ys = days.map((d) => d.value);
  const latest = useRef({ xs, ys });
  latest.current = { xs, ys };

  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    import("./uplot-chart")
      .then(({ drawChart }) => {
        const el = box.current;
        if (gone || !el) return;
        chart.current = drawChart(el, kind, latest.current.xs, latest.current.ys, el.clientWidth);
        observer = new ResizeObserver(() => chart.current?.resize(el.clientWidth));
        observer.observe(el);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
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
      {failed ? <p className="text-sm text-muted-foreground">The chart could not be loaded.</p> : null}
    </div>
  );
}
