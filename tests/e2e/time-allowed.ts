/**
 * A test's own time limit, doubled on CI as playwright.config.ts doubles the default: CI runs the journeys
 * beside two other lanes on 2 cores, where a step takes two to three times its time alone (decision 029,
 * amendment 2026-11-28). Use it wherever a test sets its own limit: `test.setTimeout(allow(180_000))`.
 */
export function allow(ms: number): number {
  return process.env.CI ? ms * 2 : ms;
}
