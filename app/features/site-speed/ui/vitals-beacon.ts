import { onCLS, onLCP, onTTFB, type Metric } from "web-vitals";
import { PageInteractions, type InteractionEntry } from "~/features/site-speed/page-interactions";
import {
  deviceClass,
  METRIC_MAX,
  pagePattern,
  type MetricName,
  type PagePattern,
} from "~/features/site-speed/vitals-pages";

/**
 * The web-vitals beacon (loaded lazily for a sampled page load): LCP, CLS and TTFB of the page the shopper
 * landed on, and INP of every page they used (page-interactions.ts: the customiser and checkout are mostly
 * reached by in-app navigation), sent as small JSON POSTs with navigator.sendBeacon when the page is
 * hidden, one per page pattern. Only route patterns and the device class go with them: no address, id,
 * query or identifier.
 */
export function measureVitals(): void {
  const landing = pagePattern(location.pathname);
  const device = deviceClass(window.innerWidth);
  const pending = new Map<MetricName, number>();
  const fits = (name: MetricName, value: number) => value >= 0 && value <= METRIC_MAX[name];
  const take = (m: Metric) => {
    const name = m.name as MetricName;
    if (fits(name, m.value)) pending.set(name, m.value);
  };
  onTTFB(take);
  onLCP(take);
  onCLS(take);
  const interactions = watchInteractions(landing);
  const sentInp = new Map<PagePattern, number>();

  const send = (page: PagePattern, metrics: [MetricName, number][]) => {
    const body = new Blob(
      [
        JSON.stringify({
          page,
          device,
          metrics: metrics.map(([name, value]) => ({ name, value: Math.round(value * 1000) / 1000 })),
        }),
      ],
      { type: "application/json" },
    );
    if (!navigator.sendBeacon?.("/api/vitals", body))
      void fetch("/api/vitals", { method: "POST", body, keepalive: true }).catch(() => undefined);
  };
  const flush = () => {
    const inp = new Map(
      [...(interactions?.inp() ?? [])].filter(([page, v]) => fits("INP", v) && sentInp.get(page) !== v),
    );
    for (const [page, v] of inp) sentInp.set(page, v);
    const landingInp = inp.get(landing);
    inp.delete(landing);
    const first: [MetricName, number][] = [...pending];
    if (landingInp !== undefined) first.push(["INP", landingInp]);
    pending.clear();
    if (first.length) send(landing, first);
    for (const [page, v] of inp) send(page, [["INP", v]]);
  };
  // Registered after web-vitals' own listeners, so their final values are in `pending` by then.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  window.addEventListener("pagehide", flush);
}

/**
 * Event Timing entries (interactions of 16 ms or more, the floor the API allows, and the first input),
 * each given to the page shown when it started; in-app navigations are seen through the history API.
 * Null where the browser has no Event Timing (no INP there, as with web-vitals).
 */
function watchInteractions(landing: PagePattern): PageInteractions | null {
  const types = PerformanceObserver.supportedEntryTypes ?? [];
  if (!types.includes("event")) return null;
  const pages = new PageInteractions(landing);
  const note = () => pages.navigated(pagePattern(location.pathname), performance.now());
  for (const method of ["pushState", "replaceState"] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History["pushState"]>) {
      original.apply(this, args);
      note();
    };
  }
  window.addEventListener("popstate", note);
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pages.record(e as unknown as InteractionEntry);
  });
  observer.observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  if (types.includes("first-input")) observer.observe({ type: "first-input", buffered: true });
  return pages;
}
