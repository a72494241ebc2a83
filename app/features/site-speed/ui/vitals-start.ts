/**
 * Whether this page load sends Core Web Vitals: storefront pages only, a `rate` share of loads, never when
 * the shopper asked not to be tracked (Do Not Track or Global Privacy Control).
 */
export function shouldMeasure(
  rate: number,
  nav: { doNotTrack?: string | null; globalPrivacyControl?: boolean },
  pathname: string,
  random: () => number = Math.random,
): boolean {
  if (nav.doNotTrack === "1" || nav.globalPrivacyControl === true) return false;
  if (/^\/admin(?:\/|$)/.test(pathname)) return false;
  return rate > 0 && random() < rate;
}

let started = false;

/**
 * Once per document, after the load event and when the browser is idle, fetch the small beacon module
 * (with the web-vitals library) for a sampled load. Nothing is fetched for the other loads.
 */
export function startVitalsAfterLoad(rate: number): void {
  if (started || typeof window === "undefined") return;
  started = true;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (!shouldMeasure(rate, nav, location.pathname)) return;
  const go = () => {
    const idle = (window as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
    const run = () => void import("./vitals-beacon").then((m) => m.measureVitals());
    if (idle) idle(run);
    else setTimeout(run, 1);
  };
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}
