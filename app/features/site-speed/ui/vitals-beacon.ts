import { onCLS, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import { deviceClass, METRIC_MAX, pagePattern, type MetricName } from "~/features/site-speed/web-vitals";

/**
 * The web-vitals beacon (loaded lazily for a sampled page load): LCP, INP, CLS and TTFB of this document,
 * sent in one small JSON POST with navigator.sendBeacon when the page is hidden. Only the route pattern of
 * the page the shopper landed on and the device class go with it: no address, id, query or identifier.
 */
export function measureVitals(): void {
  const page = pagePattern(location.pathname);
  const device = deviceClass(window.innerWidth);
  const pending = new Map<MetricName, number>();
  const take = (m: Metric) => {
    const name = m.name as MetricName;
    if (m.value >= 0 && m.value <= METRIC_MAX[name]) pending.set(name, m.value);
  };
  onTTFB(take);
  onLCP(take);
  onINP(take);
  onCLS(take);
  const flush = () => {
    if (pending.size === 0) return;
    const metrics = [...pending].map(([name, value]) => ({ name, value: Math.round(value * 1000) / 1000 }));
    pending.clear();
    const body = new Blob([JSON.stringify({ page, device, metrics })], { type: "application/json" });
    if (!navigator.sendBeacon?.("/api/vitals", body))
      void fetch("/api/vitals", { method: "POST", body, keepalive: true }).catch(() => undefined);
  };
  // Registered after web-vitals' own listeners, so their final values are in `pending` by then.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  window.addEventListener("pagehide", flush);
}
