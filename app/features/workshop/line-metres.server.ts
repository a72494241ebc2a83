import { geometrySettingsOf, measureWith } from "~/features/sign-geometry/measure-design.server";
import type { WorkshopSettings } from "~/features/settings/workshop-settings";
import { logger } from "~/platform/logger.server";
import { designOfRow } from "./sign-figures.server";

/*
 * A production board line's LED metres, all its units (issue 44, decision 062): a custom sign's measured from
 * its design by the geometry engine (its LED centre lines); a logo sign, a design the engine cannot measure, or
 * a made-to-order product, the size's metres from the workshop settings (readyMadeLedMetres). Two decimals.
 */

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The size's metres (an unknown size counts Medium's). */
export function sizeMetres(
  size: string | undefined,
  w: Pick<WorkshopSettings, "readyMadeLedMetres">,
): number {
  return w.readyMadeLedMetres[size ?? "M"] ?? w.readyMadeLedMetres.M ?? 4;
}

export type CustomLine = {
  customText: string;
  fontStyle: string;
  neonColor: string;
  size: string;
  backingShape: string;
  quantity: number;
};

/** A custom line's metres: measured for a design the customiser draws, else the size's. */
export function customLineMetres(c: CustomLine, w: WorkshopSettings): number {
  const design = designOfRow(c);
  if (design) {
    try {
      return round2(measureWith(design, geometrySettingsOf(w)).measurement.ledMetresTotal * c.quantity);
    } catch (err) {
      logger.warn(
        { err },
        "production board: a custom design could not be measured; its size's metres count",
      );
    }
  }
  return round2(sizeMetres(c.size, w) * c.quantity);
}

/** A made-to-order product line's metres: the size's, for each unit made to order. */
export function productLineMetres(size: string | undefined, units: number, w: WorkshopSettings): number {
  return round2(sizeMetres(size, w) * units);
}
