import { eq } from "drizzle-orm";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { MissingGlyph } from "~/features/sign-geometry/fonts.server";
import { measureDesign } from "~/features/sign-geometry/measure-design.server";
import type { MeasurableDesign } from "~/features/sign-geometry/measure-design.server";
import type { SignMeasurement } from "~/features/sign-geometry/sign-geometry";
import { CUSTOM_COLORS } from "~/features/sign-options/custom-colors";
import { BACKING_SHAPES, CUSTOM_FONTS, CUSTOM_SIZES } from "~/features/sign-options/custom-options";
import { db } from "~/platform/db/client.server";

/*
 * A custom order's sign as measured by the geometry engine (issue 44), for staff: the figures the workshop
 * makes it by. Measured when asked (the order dialog asks after it opens), not stored: the settings in force
 * apply, and the engine caches each glyph.
 */

export type SignFigures =
  | { found: false }
  | { found: true; measurement: SignMeasurement }
  | { found: true; measurement: null; problem: string };

const inList = <T extends readonly { id: string }[]>(list: T, v: string): v is T[number]["id"] =>
  list.some((x) => x.id === v);

/** The design a custom order row holds, or null when a stored value is not one the customiser offers. */
export function designOfRow(o: {
  customText: string;
  fontStyle: string;
  neonColor: string;
  size: string;
  backingShape: string;
}): MeasurableDesign | null {
  const { fontStyle: font, neonColor: color, size, backingShape } = o;
  if (!inList(CUSTOM_FONTS, font) || !inList(CUSTOM_COLORS, color) || !inList(CUSTOM_SIZES, size))
    return null;
  if (!inList(BACKING_SHAPES, backingShape)) return null;
  const text = o.customText.trim() === "" ? "YOUR TEXT" : o.customText;
  return { text, font, color, size, backingShape };
}

export async function customOrderFigures(id: string): Promise<SignFigures> {
  const [o] = await db().select().from(customNeonOrders).where(eq(customNeonOrders.id, id));
  if (!o) return { found: false };
  const design = designOfRow(o);
  if (!design)
    return {
      found: true,
      measurement: null,
      problem: "The order's design uses an option the customiser no longer offers.",
    };
  try {
    return { found: true, measurement: (await measureDesign(design)).measurement };
  } catch (err) {
    if (err instanceof MissingGlyph)
      return {
        found: true,
        measurement: null,
        problem: `The font has no letter ${JSON.stringify(err.character)}: the sign cannot be measured.`,
      };
    throw err;
  }
}
