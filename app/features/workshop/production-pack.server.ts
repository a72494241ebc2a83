import { eq } from "drizzle-orm";
import { displayText } from "~/features/customizer/customizer";
import { displayId } from "~/features/order-lifecycle/order-status";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { MissingGlyph } from "~/features/sign-geometry/fonts.server";
import { measureDesign } from "~/features/sign-geometry/measure-design.server";
import type { MeasuredDesign } from "~/features/sign-geometry/sign-geometry";
import {
  backingShapeName,
  customColorName,
  customFontName,
  customSizeLabel,
} from "~/features/sign-options/line-description";
import { addBusinessDays, formatDeliveryDay } from "~/shared/business-days";
import { formatIstLongDate, todayInIndia } from "~/shared/ist-dates";
import { db } from "~/platform/db/client.server";
import { PACK_FILES, packDownloadName, type PackFileName } from "./pack-files";
import { drawingToDxf } from "./production-dxf.server";
import { renderJobSheetPdf, type JobSheet } from "./production-job-sheet.server";
import { jobSheetPicture } from "./production-picture.server";
import { renderPrintPdf } from "./production-print-pdf.server";
import { drawingToSvg } from "./production-svg";
import { designOfRow } from "./sign-figures.server";

/*
 * A custom order's production pack (issue 44, decision 060): its design measured by the geometry engine
 * (sign-geometry's measureDesign), then written as the file asked for: the SVG or DXF cut files, the tiled 1:1
 * print, or the job sheet. Nothing is stored: each download measures and writes again (well under 2 s; npm run
 * bench:workshop-pack), so a pack always follows the current settings (margins, holes) and engine.
 */

type CustomOrderRow = typeof customNeonOrders.$inferSelect;

export type PackAnswer =
  | { ok: true; fileName: string; contentType: string; bytes: Buffer; orderNumber: string }
  | { ok: false; status: 404 | 422; message: string };

const NO_DESIGN =
  "This order holds no customiser design (a logo sign, or options the customiser no longer offers): it has no production pack.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The promised delivery day: the order's day in India plus the promise's last business day. */
export function dueDay(createdAt: Date, deliveryDaysMax: number | null): string | null {
  if (!deliveryDaysMax) return null;
  return addBusinessDays(todayInIndia(createdAt), deliveryDaysMax);
}

async function customOrder(id: string): Promise<CustomOrderRow | null> {
  if (!UUID.test(id)) return null;
  const [o] = await db().select().from(customNeonOrders).where(eq(customNeonOrders.id, id));
  return o ?? null;
}

/** The custom order's design measured, or why it cannot be. */
export async function measuredOrder(
  o: CustomOrderRow,
): Promise<{ ok: true; measured: MeasuredDesign } | { ok: false; status: 404 | 422; message: string }> {
  const design = designOfRow(o);
  if (!design) return { ok: false, status: 404, message: NO_DESIGN };
  try {
    return { ok: true, measured: await measureDesign(design) };
  } catch (err) {
    if (err instanceof MissingGlyph)
      return {
        ok: false,
        status: 422,
        message: `The font ${customFontName(design.font)} cannot draw "${err.character}": the design cannot be measured.`,
      };
    throw err;
  }
}

async function jobSheetOf(o: CustomOrderRow, m: MeasuredDesign): Promise<JobSheet> {
  const due = dueDay(o.createdAt, o.deliveryDaysMax);
  return {
    orderNumber: displayId("custom", o.id),
    due: due ? `${formatDeliveryDay(due)} ${due.slice(0, 4)} (delivery promised)` : null,
    placedOn: formatIstLongDate(o.createdAt),
    quantity: o.quantity,
    lines: displayText(o.customText).split("\n"),
    font: customFontName(o.fontStyle),
    color: customColorName(o.neonColor),
    size: customSizeLabel(o.size),
    dimmer: o.hasDimmer,
    backing: backingShapeName(o.backingShape),
    measurement: m.measurement,
    warnings: (o.makeWarnings ?? "").split("\n").filter((w) => w.trim() !== ""),
    picture: await jobSheetPicture(o.id, o.previewImageKey),
  };
}

/** One file of a custom order's pack, or 404 (no such custom order) or 422 (its design cannot be measured). */
export async function packFile(customOrderId: string, file: PackFileName): Promise<PackAnswer> {
  const o = await customOrder(customOrderId);
  if (!o) return { ok: false, status: 404, message: "No custom order with this id." };
  const measured = await measuredOrder(o);
  if (!measured.ok) return measured;
  const m = measured.measured;
  const orderNumber = displayId("custom", o.id);
  const contentType = PACK_FILES.find((f) => f.file === file)!.contentType;
  const bytes =
    file === "sign.svg"
      ? Buffer.from(drawingToSvg(m.drawing, `${orderNumber}: 1:1 in millimetres`), "utf8")
      : file === "sign.dxf"
        ? Buffer.from(drawingToDxf(m.drawing), "utf8")
        : file === "print.pdf"
          ? await renderPrintPdf(m.drawing, orderNumber)
          : await renderJobSheetPdf(await jobSheetOf(o, m));
  return { ok: true, fileName: packDownloadName(orderNumber, file), contentType, bytes, orderNumber };
}
