import { CUSTOM_SIZES } from "~/features/sign-options/custom-options";
import type { CustomSizeId } from "./customizer";

/**
 * "On your own wall, to scale" (issue 18): the shopper marks the two ends of something of known length
 * on their photo; from it, the real width the whole photo shows, so the sign can be drawn at its size.
 */
export const REFERENCES = {
  door: { label: "Door height (about 200 cm)", cm: 200 },
  a4: { label: "A4 sheet, long side (29.7 cm)", cm: 29.7 },
  custom: { label: "Another length", cm: Number.NaN },
} as const;
export type ReferenceId = keyof typeof REFERENCES;

/** A point on the photo as fractions of its width and height (0..1). */
export type Point = { x: number; y: number };

/** Marks closer than this (photo pixels) are too short to measure from. */
export const MIN_MARK_PX = 10;
/** A typed length must be within these bounds (cm). */
export const MIN_LENGTH_CM = 1;
export const MAX_LENGTH_CM = 2000;

/**
 * The real width (cm) the whole photo shows, or null while it cannot be known (fewer than two marks,
 * marks too close together, or a length that is not a sensible number of cm).
 */
export function wallWidthCm(
  photo: { w: number; h: number },
  marks: Point[],
  lengthCm: number,
): number | null {
  if (marks.length !== 2) return null;
  if (!(lengthCm >= MIN_LENGTH_CM && lengthCm <= MAX_LENGTH_CM)) return null;
  const [a, b] = marks as [Point, Point];
  const px = Math.hypot((b.x - a.x) * photo.w, (b.y - a.y) * photo.h);
  if (px < MIN_MARK_PX) return null;
  return (photo.w * lengthCm) / px;
}

/** The size option whose width is nearest `widthCm` (a pinch on the photo snaps to a size we make). */
export function nearestSize(widthCm: number): CustomSizeId {
  let best: (typeof CUSTOM_SIZES)[number] = CUSTOM_SIZES[0];
  for (const s of CUSTOM_SIZES)
    if (Math.abs(s.widthCm - widthCm) < Math.abs(best.widthCm - widthCm)) best = s;
  return best.id;
}
