import type { RequestedCustomLine } from "./order-pricing";
import { logger } from "~/platform/logger.server";
import { ObjectStoreError } from "~/platform/storage/store-contract.server";
import { ImageRejected, storeImage } from "~/platform/storage/uploads.server";

/**
 * A design preview is the customiser's small thumbnail (160 px JPEG, a few kilobytes). Anything larger
 * than these bounds is dropped without being decoded: its header is read, nothing more.
 */
export const PREVIEW_MAX_BYTES = 64 * 1024;
export const PREVIEW_MAX_SIDE = 480;

/**
 * Store each custom line's preview as a checked, re-encoded image; a bad preview is dropped, never fatal, and
 * so is an image store that cannot be reached (the order matters more than its thumbnail).
 */
export function storePreviews(lines: RequestedCustomLine[]): Promise<(string | null)[]> {
  return storeDataUrlImages(
    lines.map((l) => l.previewDataUrl),
    /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=\s]+)$/,
    {
      maxBytes: PREVIEW_MAX_BYTES,
      maxWidth: PREVIEW_MAX_SIDE,
      maxPixels: PREVIEW_MAX_SIDE * PREVIEW_MAX_SIDE,
    },
    (err) => {
      if (err instanceof ObjectStoreError)
        logger.error(
          { err },
          "custom design preview not stored (image store unavailable); order kept without it",
        );
      else logger.warn({ reason: err.message }, "custom design preview refused; order kept without it");
    },
  );
}

/** An attached own-wall photo: a JPEG of at most 1,280 px, checked and re-encoded like every upload. */
export const WALL_PHOTO_MAX_BYTES = 450 * 1024;

/**
 * Store each custom line's attached wall photo (issue 18); a refused or unstorable photo is dropped with a
 * log line, never fatal (the order matters more than the picture).
 */
export function storeWallPhotos(lines: RequestedCustomLine[]): Promise<(string | null)[]> {
  return storeDataUrlImages(
    lines.map((l) => l.wallPhotoDataUrl),
    /^data:image\/jpeg;base64,([A-Za-z0-9+/=\s]+)$/,
    { maxBytes: WALL_PHOTO_MAX_BYTES, maxWidth: 1280, maxPixels: 1280 * 2400 },
    (err) => logger.warn({ reason: err.message }, "attached wall photo not stored; order kept without it"),
  );
}

/**
 * Store each data-URL image (null where there is none or it does not match `pattern`); an image refused by the
 * checks or an image store that cannot be reached drops that image (`dropped` logs it), anything else throws.
 */
async function storeDataUrlImages(
  dataUrls: (string | undefined)[],
  pattern: RegExp,
  limits: { maxBytes: number; maxWidth: number; maxPixels: number },
  dropped: (err: ImageRejected | ObjectStoreError) => void,
): Promise<(string | null)[]> {
  const keys: (string | null)[] = [];
  for (const dataUrl of dataUrls) {
    const m = dataUrl ? pattern.exec(dataUrl) : null;
    if (!m) {
      keys.push(null);
      continue;
    }
    try {
      const img = await storeImage(Buffer.from(m[1]!, "base64"), limits);
      keys.push(img.imageKey);
    } catch (err) {
      if (!(err instanceof ImageRejected) && !(err instanceof ObjectStoreError)) throw err;
      dropped(err);
      keys.push(null);
    }
  }
  return keys;
}
