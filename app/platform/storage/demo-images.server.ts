import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { StoredImage } from "~/shared/images";
import { logger } from "~/platform/logger.server";
import { projectPath } from "~/platform/paths.server";
import {
  encodeImage,
  IMAGE_ENCODING,
  storeEncodedImage,
  type EncodedImage,
  type ImageOptions,
} from "./uploads.server";

/*
 * The demo catalogue's images (seed/images), stored as any upload is, but encoded once per machine: the WebP
 * variants are kept in node_modules/.cache/neon-shop/demo-images, keyed by the file's bytes, the options and
 * the encoder (IMAGE_ENCODING). Every new shop seeds 32 images, about 8 CPU-seconds through sharp: a test run
 * that starts twenty shops paid that twenty times. The stored objects are the same bytes under a new random
 * key, as before. A cache that cannot be read or written is skipped: the image is encoded as always.
 */

const CACHE_DIR = () => projectPath("node_modules", ".cache", "neon-shop", "demo-images");

async function readCached(dir: string): Promise<EncodedImage | null> {
  try {
    const meta = JSON.parse(await fs.readFile(path.join(dir, "image.json"), "utf8")) as {
      width: number;
      height: number;
      widths: number[];
    };
    const variants = await Promise.all(
      meta.widths.map(async (w): Promise<[number, Buffer]> => [
        w,
        await fs.readFile(path.join(dir, `${w}.webp`)),
      ]),
    );
    return { width: meta.width, height: meta.height, variants };
  } catch {
    return null;
  }
}

async function writeCached(dir: string, image: EncodedImage): Promise<void> {
  // Written whole into a folder of its own, then renamed into place: a reader never sees half of one.
  const tmp = `${dir}.tmp-${crypto.randomBytes(6).toString("hex")}`;
  try {
    await fs.mkdir(tmp, { recursive: true });
    await Promise.all(image.variants.map(([w, bytes]) => fs.writeFile(path.join(tmp, `${w}.webp`), bytes)));
    const meta = { width: image.width, height: image.height, widths: image.variants.map(([w]) => w) };
    await fs.writeFile(path.join(tmp, "image.json"), JSON.stringify(meta));
    await fs.rename(tmp, dir);
  } catch (e) {
    // Another process put the same image there first, or the folder is not writable: keep going.
    await fs.rm(tmp, { recursive: true, force: true }).catch(() => {});
    if ((e as NodeJS.ErrnoException).code !== "ENOTEMPTY" && (e as NodeJS.ErrnoException).code !== "EEXIST") {
      logger.debug({ err: String(e) }, "demo image cache not written");
    }
  }
}

/** Store one of seed/images (`file`) as an upload: its encoded variants from the cache when there. */
export async function storeDemoImage(file: string, options: ImageOptions = {}): Promise<StoredImage> {
  const input = await fs.readFile(projectPath("seed", "images", file));
  const key = crypto
    .createHash("sha256")
    .update(IMAGE_ENCODING)
    .update(JSON.stringify(options))
    .update(input)
    .digest("hex");
  const dir = path.join(CACHE_DIR(), key);
  let encoded = await readCached(dir);
  if (!encoded) {
    encoded = await encodeImage(input, options);
    // A damaged entry (a disk that filled up, a hand edit) is replaced.
    await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
    await writeCached(dir, encoded);
  }
  return storeEncodedImage(encoded);
}
