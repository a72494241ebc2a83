import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { variantWidths, type StoredImage } from "~/domain/images";
import { env } from "./env.server";

/** Largest pixel count we decode (guards against decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp"]);

export class ImageRejected extends Error {}

const TOO_MANY_PIXELS = "The image is too large in pixels.";

function uploadsDir() {
  return path.join(env().DATA_DIR, "uploads");
}

/**
 * Check an uploaded file by its content (PNG, JPEG or WebP only; SVG and everything else refused),
 * re-encode it to WebP at the standard widths with metadata stripped, and store it under a random
 * key. Files are written to a temporary folder and renamed into place, so a failure leaves nothing.
 */
export async function storeImage(
  input: Buffer,
  options: { maxBytes?: number; maxWidth?: number; maxPixels?: number } = {},
): Promise<StoredImage> {
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

  const key = crypto.randomBytes(16).toString("hex");
  const dir = uploadsDir();
  const tmp = path.join(dir, `.tmp-${key}`);
  await fs.mkdir(tmp, { recursive: true });
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
    await Promise.all(
      variantWidths(width).map((w) =>
        scaled
          .clone()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 78, effort: 4 })
          .toFile(path.join(tmp, `${w}.webp`)),
      ),
    );
    await fs.rename(tmp, path.join(dir, key));
  } catch (e) {
    await fs.rm(tmp, { recursive: true, force: true });
    if (e instanceof ImageRejected) throw e;
    throw new ImageRejected("The image could not be processed.");
  }
  return { imageKey: key, width, height };
}

/** Remove a stored image's files (after the row that used it is gone). */
export async function removeImage(key: string): Promise<void> {
  if (!/^[0-9a-f]{32}$/.test(key)) return;
  await fs.rm(path.join(uploadsDir(), key), { recursive: true, force: true });
}

const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Remove what a crash left behind in DATA_DIR/uploads: `.tmp-*` folders and image folders no row points to
 * (a custom design preview is stored before its order's transaction commits), once they are an hour old so
 * work in progress (on any instance sharing the folder) is never touched. `referenced` answers from the
 * database. Returns how many folders were removed.
 */
export async function sweepOrphanUploads(
  referenced: (keys: string[]) => Promise<Set<string>>,
  now = Date.now(),
): Promise<number> {
  const dir = uploadsDir();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  const old: string[] = [];
  for (const name of names) {
    if (!/^(\.tmp-)?[0-9a-f]{32}$/.test(name)) continue;
    const st = await fs.stat(path.join(dir, name)).catch(() => null);
    if (st?.isDirectory() && now - st.mtimeMs > ORPHAN_AGE_MS) old.push(name);
  }
  const keys = old.filter((n) => !n.startsWith(".tmp-"));
  const inUse = keys.length ? await referenced(keys) : new Set<string>();
  let removed = 0;
  for (const name of old) {
    if (!name.startsWith(".tmp-") && inUse.has(name)) continue;
    await fs.rm(path.join(dir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
