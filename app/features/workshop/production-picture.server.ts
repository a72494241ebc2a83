import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { designProofs } from "~/features/design-proofs/tables.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { objectStore } from "~/platform/storage/object-store.server";

/*
 * The picture on the job sheet (issue 44): the latest approved design proof, else the preview the shopper's
 * browser stored at checkout; read from the image store (WebP variants) and turned into PNG for pdfkit.
 */

/** The largest variant read (px wide): sharp enough for a 180 mm wide picture on paper. */
const MAX_WIDTH = 1280;
/** More than any stored variant can be: a larger object is not read. */
const MAX_BYTES = 8 * 1024 * 1024;

async function variantKey(imageKey: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]+$/.test(imageKey)) return null;
  const widths: number[] = [];
  for await (const o of objectStore().list(`${imageKey}/`)) {
    const w = /^[^/]+\/(\d+)\.webp$/.exec(o.key)?.[1];
    if (w) widths.push(Number(w));
  }
  widths.sort((a, b) => a - b);
  const w = widths.filter((x) => x <= MAX_WIDTH).pop() ?? widths[0];
  return w ? `${imageKey}/${w}.webp` : null;
}

async function pngOf(imageKey: string): Promise<Buffer | null> {
  const key = await variantKey(imageKey);
  const object = key ? await objectStore().get(key) : null;
  if (!object) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of object.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BYTES) {
      object.body.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return sharp(Buffer.concat(chunks)).png().toBuffer();
}

/** The job sheet's picture and its caption, or null when the order has neither (or it cannot be read). */
export async function jobSheetPicture(
  customOrderId: string,
  previewImageKey: string | null,
): Promise<{ bytes: Buffer; caption: string } | null> {
  try {
    const [proof] = await db()
      .select({ imageKey: designProofs.imageKey, version: designProofs.version })
      .from(designProofs)
      .where(and(eq(designProofs.customOrderId, customOrderId), eq(designProofs.state, "approved")))
      .orderBy(desc(designProofs.version))
      .limit(1);
    if (proof) {
      const bytes = await pngOf(proof.imageKey);
      if (bytes) return { bytes, caption: `Design proof v${proof.version}, approved by the shopper` };
    }
    if (previewImageKey) {
      const bytes = await pngOf(previewImageKey);
      if (bytes) return { bytes, caption: "The preview the shopper saw at checkout (no approved proof)" };
    }
  } catch (err) {
    logger.warn({ err, customOrderId }, "job sheet: the design's picture could not be read");
  }
  return null;
}
