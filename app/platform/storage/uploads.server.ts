import crypto from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { isImageKey, variantWidths, type StoredImage } from "~/shared/images";
import { objectStore } from "./object-store.server";
import { ObjectStoreError, type ObjectStore } from "./store-contract.server";

/** Largest pixel count we decode (guards against decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp"]);

export class ImageRejected extends Error {}

const WEBP = { quality: 78, effort: 4 };
/** What the bytes encodeImage makes depend on besides its input (a cache of its results keys on it). */
export const IMAGE_ENCODING = JSON.stringify({
  webp: WEBP,
  vips: sharp.versions.vips,
  maxPixels: MAX_INPUT_PIXELS,
});

const TOO_MANY_PIXELS = "The image is too large in pixels.";

/** The object key of one width of a stored image. */
export function variantKey(imageKey: string, width: number): string {
  return `${imageKey}/${width}.webp`;
}

/**
 * Check an uploaded file by its content (PNG, JPEG or WebP only; SVG and everything else refused),
 * re-encode it to WebP at the standard widths with metadata stripped, and store the variants in the object
 * store under a new random key (`{key}/{width}.webp`). Every variant is encoded before the first is
 * written, and a failed write deletes every variant again, so a failure leaves nothing behind (a crash in
 * between leaves objects no row references, which sweepOrphanUploads removes). A refused or unreadable
 * image throws ImageRejected; an unusable store throws ObjectStoreError.
 */
export async function storeImage(input: Buffer, options: ImageOptions = {}): Promise<StoredImage> {
  return storeEncodedImage(await encodeImage(input, options));
}

export type ImageOptions = { maxBytes?: number; maxWidth?: number; maxPixels?: number };

/** An image checked and re-encoded, not stored yet: its size and its WebP bytes at each width. */
export type EncodedImage = { width: number; height: number; variants: [number, Buffer][] };

/**
 * The checks and the encoding of storeImage (below), without storing: throws ImageRejected for a refused or
 * unreadable image.
 */
export async function encodeImage(input: Buffer, options: ImageOptions = {}): Promise<EncodedImage> {
  const maxPixels = Math.min(options.maxPixels ?? MAX_INPUT_PIXELS, MAX_INPUT_PIXELS);
  if (input.length === 0) throw new ImageRejected("The file is empty.");
  if (options.maxBytes && input.length > options.maxBytes) {
    throw new ImageRejected(`The file is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`);
  }
  let meta: Metadata;
  try {
    // The header only: nothing is decoded before the size checks below.
    meta = await sharp(input, { limitInputPixels: maxPixels }).metadata();
  } catch (e) {
    // sharp refuses to even read the header of an image above the pixel limit (a decompression bomb).
    if (e instanceof Error && /pixel limit/i.test(e.message)) throw new ImageRejected(TOO_MANY_PIXELS);
    throw new ImageRejected("The file is not a PNG, JPEG or WebP image.");
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new ImageRejected("Only PNG, JPEG or WebP images are accepted.");
  }
  if (!meta.width || !meta.height || meta.width * meta.height > maxPixels) {
    throw new ImageRejected(TOO_MANY_PIXELS);
  }
  const base = sharp(input, { limitInputPixels: maxPixels }).rotate(); // honour EXIF orientation, then drop metadata
  const maxWidth = options.maxWidth ?? 1280;
  const orientedWidth = meta.autoOrient?.width ?? meta.width;
  const orientedHeight = meta.autoOrient?.height ?? meta.height;
  const width = Math.min(orientedWidth, maxWidth);
  const height = Math.round((orientedHeight * width) / orientedWidth);

  let variants: [number, Buffer][];
  try {
    // Decode the upload once, scaled to the largest variant (JPEG shrink-on-load makes this cheap), then make
    // every variant from that small pixel buffer: a 12-megapixel photo is decoded once, not once per width.
    const { data: pixels, info } = await base
      .resize({ width, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scaled = sharp(pixels, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    });
    variants = await Promise.all(
      variantWidths(width).map(async (w): Promise<[number, Buffer]> => [
        w,
        await scaled.clone().resize({ width: w, withoutEnlargement: true }).webp(WEBP).toBuffer(),
      ]),
    );
  } catch (e) {
    if (e instanceof ImageRejected) throw e;
    throw new ImageRejected("The image could not be processed.");
  }
  return { width, height, variants };
}

/** Store an encoded image's variants under a new random key (storeImage's second half). */
export async function storeEncodedImage({ width, height, variants }: EncodedImage): Promise<StoredImage> {
  const key = crypto.randomBytes(16).toString("hex");
  const store = objectStore();
  // Every write is waited for, failed or not, before any cleanup: deleting while a sibling write is still
  // in flight would leave that variant behind once it lands.
  const writes = await Promise.allSettled(
    variants.map(([w, bytes]) => store.put(variantKey(key, w), bytes, "image/webp")),
  );
  const failed = writes.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    // A write that failed may still have landed (a timeout after the store took it): delete every variant.
    await Promise.allSettled(variants.map(([w]) => store.delete(variantKey(key, w))));
    const e: unknown = failed.reason;
    throw e instanceof ObjectStoreError ? e : new ObjectStoreError(`Storing the image failed: ${String(e)}`);
  }
  return { imageKey: key, width, height };
}

/** Remove a stored image's objects (after the row that used it is gone). */
export async function removeImage(key: string): Promise<void> {
  if (!isImageKey(key)) return;
  const store = objectStore();
  const keys: string[] = [];
  for await (const o of store.list(`${key}/`)) keys.push(o.key);
  await Promise.all(keys.map((k) => store.delete(k)));
}

const ORPHAN_AGE_MS = 60 * 60 * 1000;
/** How many image keys one `referenced` call asks about. */
const REFERENCED_BATCH = 500;

/** The image keys in a store with the newest change among each key's objects, and the objects' keys. */
async function imagesIn(store: ObjectStore): Promise<Map<string, { newest: number; objects: string[] }>> {
  const images = new Map<string, { newest: number; objects: string[] }>();
  for await (const o of store.list()) {
    const slash = o.key.indexOf("/");
    const imageKey = slash > 0 ? o.key.slice(0, slash) : "";
    if (!isImageKey(imageKey)) continue; // not an uploaded image: never the sweep's business
    const entry = images.get(imageKey) ?? { newest: 0, objects: [] };
    entry.newest = Math.max(entry.newest, o.lastModified.getTime());
    entry.objects.push(o.key);
    images.set(imageKey, entry);
  }
  return images;
}

/**
 * Remove what a crash left behind in the object store: images no row points to (a custom design preview
 * is stored before its order's transaction commits; a process can die between storing an upload and
 * saving its row) and, in DATA_DIR/uploads, `.tmp-*` leftovers of interrupted writes. Only what is an hour
 * old or older goes, so work in progress on any instance is never touched. `referenced` answers from the
 * database. Returns how many images and temporary entries were removed.
 */
export async function sweepOrphanUploads(
  referenced: (keys: string[]) => Promise<Set<string>>,
  now = Date.now(),
): Promise<number> {
  const store = objectStore();
  const cutoff = now - ORPHAN_AGE_MS;
  let removed = (await store.removeStaleTemporaries?.(new Date(cutoff))) ?? 0;
  const images = await imagesIn(store);
  const old = [...images].filter(([, v]) => v.newest < cutoff).map(([k]) => k);
  for (let i = 0; i < old.length; i += REFERENCED_BATCH) {
    const batch = old.slice(i, i + REFERENCED_BATCH);
    const inUse = await referenced(batch);
    for (const key of batch) {
      if (inUse.has(key)) continue;
      await Promise.all(images.get(key)!.objects.map((k) => store.delete(k)));
      removed++;
    }
  }
  return removed;
}
