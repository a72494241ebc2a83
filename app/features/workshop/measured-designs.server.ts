import type { WorkshopSettings } from "~/features/settings/workshop-settings";
import type { SignMeasurement } from "~/features/sign-geometry/sign-geometry";
import {
  geometrySettingsOf,
  measureDesign,
  type MeasurableDesign,
} from "~/features/sign-geometry/measure-design.server";

/*
 * Custom designs measured once per process (issue 44): the order dialog and the dashboard's margin measure the
 * same designs again and again (a few milliseconds each), so the answers are kept by the design and the
 * geometry settings they were measured with (a change of settings measures afresh). At most CACHE_SIZE designs,
 * the least recently used dropped first; a design that fails to measure is not kept.
 */

const CACHE_SIZE = 2_000;
const cache = new Map<string, Promise<SignMeasurement>>();

/** The design's measured figures at the workshop's settings (kept for the next call). */
export function measuredDesign(
  design: MeasurableDesign,
  workshop: WorkshopSettings,
): Promise<SignMeasurement> {
  const geometry = geometrySettingsOf(workshop);
  const key = JSON.stringify([
    design.text,
    design.font,
    design.color,
    design.size,
    design.backingShape,
    geometry,
  ]);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const measured = measureDesign(design, geometry).then((m) => m.measurement);
  measured.catch(() => cache.delete(key));
  cache.set(key, measured);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return measured;
}
