import { CUSTOM_COLORS } from "~/features/sign-options/custom-colors";
import { BACKING_SHAPES, CUSTOM_FONTS, CUSTOM_SIZES } from "~/features/sign-options/custom-options";

/*
 * The production pack's files (issue 44, decision 060): what each is called, its type, and the address staff
 * download it from. A custom order holds one design, so its pack is addressed by the order's id alone:
 * /admin/orders/<custom order id>/pack/<file>. The order dialog and the production board link here.
 */

export const PACK_FILES = [
  { file: "sign.svg", label: "SVG (1:1, mm)", contentType: "image/svg+xml; charset=utf-8" },
  { file: "sign.dxf", label: "DXF (1:1, mm)", contentType: "application/dxf" },
  { file: "print.pdf", label: "1:1 print (A4 tiles)", contentType: "application/pdf" },
  { file: "job-sheet.pdf", label: "Job sheet", contentType: "application/pdf" },
] as const;
export type PackFileName = (typeof PACK_FILES)[number]["file"];

export function isPackFileName(v: unknown): v is PackFileName {
  return PACK_FILES.some((f) => f.file === v);
}

/** Where staff download one file of a custom order's pack. */
export function packFileUrl(customOrderId: string, file: PackFileName): string {
  return `/admin/orders/${encodeURIComponent(customOrderId)}/pack/${file}`;
}

/** The name a file is saved under: "1A2B3C4D-sign.dxf" (the custom order's display id). */
export function packDownloadName(orderNumber: string, file: PackFileName): string {
  return `${orderNumber.replace(/[^A-Za-z0-9-]/g, "-")}-${file}`;
}

type StoredDesign = { fontStyle: string; neonColor: string; size: string; backingShape: string };

/**
 * A custom order has a pack when it holds a customiser design: a font, colour, size and backing the customiser
 * offers. A logo sign (font "Logo artwork") or a design with options since removed has none.
 */
export function hasPackDesign(o: StoredDesign): boolean {
  const has = (list: readonly { id: string }[], id: string) => list.some((x) => x.id === id);
  return (
    has(CUSTOM_FONTS, o.fontStyle) &&
    has(CUSTOM_COLORS, o.neonColor) &&
    has(CUSTOM_SIZES, o.size) &&
    has(BACKING_SHAPES, o.backingShape)
  );
}
