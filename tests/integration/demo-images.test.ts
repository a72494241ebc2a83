// The demo catalogue's images are encoded once per machine (app/platform/storage/demo-images.server.ts): a
// shop seeded from the cache stores the same bytes as one that encoded them, under keys of its own.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectPath } from "~/platform/paths.server";
import { storeDemoImage } from "~/platform/storage/demo-images.server";
import { objectStore } from "~/platform/storage/object-store.server";
import { readAll } from "~/platform/storage/store-contract.server";
import { encodeImage, variantKey } from "~/platform/storage/uploads.server";
import { setupTestDatabase } from "../support/test-db";

setupTestDatabase();

const cacheDir = projectPath("node_modules", ".cache", "neon-shop", "demo-images");
const entries = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);

async function storedBytes(imageKey: string, width: number): Promise<Buffer> {
  const object = await objectStore().get(variantKey(imageKey, width));
  return readAll(object!);
}

describe("demo images", () => {
  it("are encoded once, then stored from the cache with the same bytes and a new key", async () => {
    const file = "banner-custom.jpg";
    const options = { maxWidth: 1200 };
    const fresh = await encodeImage(fs.readFileSync(projectPath("seed", "images", file)), options);
    // This image's entry is made again (other files' entries are left to other test files).
    const before = new Set(entries());
    const first = await storeDemoImage(file, options);
    const made = entries().filter((e) => !before.has(e));
    for (const e of made) expect(fs.existsSync(path.join(cacheDir, e, "image.json"))).toBe(true);
    const second = await storeDemoImage(file, options);
    expect(second.imageKey).not.toBe(first.imageKey);
    for (const image of [first, second]) {
      expect({ width: image.width, height: image.height }).toEqual({
        width: fresh.width,
        height: fresh.height,
      });
      for (const [w, bytes] of fresh.variants)
        expect((await storedBytes(image.imageKey, w)).equals(bytes)).toBe(true);
    }
    // Other options are another entry (a product image is not the banner's 1200 px).
    const wide = await storeDemoImage(file);
    expect(wide.width).toBeGreaterThanOrEqual(first.width);
  });

  it("encodes again when the cached entry is damaged", async () => {
    const file = "banner-custom.jpg";
    const fresh = await encodeImage(fs.readFileSync(projectPath("seed", "images", file)), {});
    await storeDemoImage(file);
    for (const e of entries()) {
      const meta = path.join(cacheDir, e, "image.json");
      const text = fs.existsSync(meta) ? fs.readFileSync(meta, "utf8") : "";
      const [w, bytes] = fresh.variants[0]!;
      const variant = path.join(cacheDir, e, `${w}.webp`);
      // This image's entry only (its bytes), so no other file's entry is spoilt.
      if (text.startsWith("{") && fs.existsSync(variant) && fs.readFileSync(variant).equals(bytes)) {
        fs.writeFileSync(meta, "{not json");
      }
    }
    const image = await storeDemoImage(file);
    const [w, bytes] = fresh.variants[0]!;
    expect((await storedBytes(image.imageKey, w)).equals(bytes)).toBe(true);
  });
});
