// Uploaded images through the object store, in each mode the environment can choose: DATA_DIR/uploads, an
// S3-compatible bucket served through the shop's /uploads, and a bucket served from its public address.
// storeImage, removeImage, the orphan sweep, order pictures and the /uploads route, against s3rver.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOrderDetails } from "~/features/orders/admin-order-details.server";
import { storePreviews } from "~/features/checkout/custom-previews.server";
import { db } from "~/platform/db/client.server";
import { orderItems, orders } from "~/features/order-lifecycle/tables.server";
import { productImages } from "~/features/catalog/tables.server";
import { readiness } from "~/platform/readiness.server";
import { parseEnv, setEnv, type Env } from "~/platform/env.server";
import { S3ObjectStore } from "~/platform/storage/s3-store.server";
import { objectStore, publicImageBase, replaceObjectStore } from "~/platform/storage/object-store.server";
import {
  listAll,
  ObjectStoreError,
  readAll,
  type ObjectStore,
} from "~/platform/storage/store-contract.server";
import { referencedImageKeys } from "~/wiring/upload-references.server";
import {
  ImageRejected,
  removeImage,
  storeImage,
  sweepOrphanUploads,
} from "~/platform/storage/uploads.server";
import { errorHandler, securityHeaders } from "../../server/security-headers";
import { serveUpload } from "../../server/uploads-route";
import { makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { freePort } from "../support/shop-process.mjs";
import { startS3Emulator, type S3Emulator } from "../support/s3-emulator.mjs";
import { postCheckout } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

const t = setupTestDatabase();
let emulator: S3Emulator;
let server: http.Server;
let shopUrl = "";
let categoryId = "";

beforeAll(async () => {
  emulator = await startS3Emulator();
  categoryId = await makeCategory();
  // The shop's /uploads route between the same security headers and error handler as in server/app.ts.
  const app = express();
  app.use(securityHeaders);
  app.use("/uploads", serveUpload);
  app.use(errorHandler);
  server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  replaceObjectStore(undefined);
  setEnv(t.env);
  await new Promise((resolve) => server?.close(resolve));
  await emulator?.stop();
});

function envWith(extra: Record<string, string>): Env {
  return parseEnv({ ...process.env, DATABASE_URL: t.url, DATA_DIR: t.dataDir, NODE_ENV: "test", ...extra });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 120 } } })
    .png()
    .toBuffer();

const keysOf = async (store: ObjectStore, prefix = "") => (await listAll(store, prefix)).map((o) => o.key);
const localFolder = (key: string) => path.join(t.dataDir, "uploads", key);

/** A raw GET (no URL normalisation by the client), as an attacker would send it. */
function rawGet(pathAndQuery: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const u = new URL(shopUrl);
      const req = http.request(
        { host: u.hostname, port: u.port, path: pathAndQuery, method: "GET", headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

/** A store that fails the n-th put after the store underneath has taken it (a timeout after the write). */
function failingOnPut(inner: ObjectStore, n: number): ObjectStore {
  let puts = 0;
  return {
    kind: inner.kind,
    description: inner.description,
    publicBase: inner.publicBase,
    async put(key, bytes, type) {
      await inner.put(key, bytes, type);
      if (++puts === n) throw new ObjectStoreError("the store went away");
    },
    get: (k) => inner.get(k),
    delete: (k) => inner.delete(k),
    list: (p) => inner.list(p),
    publicUrl: (k) => inner.publicUrl(k),
    ping: () => inner.ping(),
  };
}

const modes: [string, () => Env, () => string][] = [
  ["DATA_DIR/uploads", () => envWith({}), () => "/uploads"],
  ["an S3 bucket behind the shop's /uploads", () => envWith(emulator.env), () => "/uploads"],
  [
    "an S3 bucket with a public address and a prefix",
    () => envWith({ ...emulator.env, S3_PUBLIC_URL: emulator.publicUrl, S3_PREFIX: "shop/" }),
    () => `${emulator.publicUrl}/shop`,
  ],
];

describe.each(modes)("images in %s", (mode, envOf, expectedBase) => {
  const isLocal = mode === "DATA_DIR/uploads";
  beforeAll(() => setEnv(envOf()));
  afterAll(() => setEnv(t.env));

  it("uses the store and image base the environment chooses", () => {
    expect(objectStore().kind).toBe(isLocal ? "local" : "s3");
    expect(publicImageBase()).toBe(expectedBase());
  });

  it("storeImage writes each width as {key}/{width}.webp; removeImage deletes them all", async () => {
    const img = await storeImage(await png(1000, 500));
    expect(img).toMatchObject({ width: 1000, height: 500 });
    expect(img.imageKey).toMatch(/^[0-9a-f]{32}$/);
    const store = objectStore();
    const keys = await keysOf(store, `${img.imageKey}/`);
    expect(keys).toEqual([320, 640, 960, 1000].map((w) => `${img.imageKey}/${w}.webp`).sort());
    for (const w of [320, 1000]) {
      const object = await store.get(`${img.imageKey}/${w}.webp`);
      expect(object!.contentType).toBe("image/webp");
      const meta = await sharp(await readAll(object!)).metadata();
      expect(meta).toMatchObject({ format: "webp", width: w });
    }
    // In a bucket, nothing lands in the local folder.
    expect(fs.existsSync(localFolder(img.imageKey))).toBe(isLocal);

    await removeImage(img.imageKey);
    expect(await keysOf(store, `${img.imageKey}/`)).toEqual([]);
    expect(fs.existsSync(localFolder(img.imageKey))).toBe(false);
  });

  it("a refused image or a failed write leaves nothing behind; a preview is dropped, the order goes on", async () => {
    const store = objectStore();
    const before = await keysOf(store);
    await expect(storeImage(Buffer.from("<svg/>"))).rejects.toBeInstanceOf(ImageRejected);
    replaceObjectStore(failingOnPut(store, 2));
    try {
      await expect(storeImage(await png(700, 300))).rejects.toBeInstanceOf(ObjectStoreError);
    } finally {
      replaceObjectStore(undefined);
    }
    expect(await keysOf(store)).toEqual(before);

    const thumb = await sharp(await png(160, 80))
      .jpeg()
      .toBuffer();
    replaceObjectStore(failingOnPut(store, 1));
    try {
      const keys = await storePreviews([
        {
          kind: "custom",
          previewDataUrl: `data:image/jpeg;base64,${thumb.toString("base64")}`,
        } as Parameters<typeof storePreviews>[0][number],
      ]);
      expect(keys).toEqual([null]);
    } finally {
      replaceObjectStore(undefined);
    }
    expect(await keysOf(store)).toEqual(before);
  });

  it("sweeps images no row shows once they are an hour old; keeps shown ones, order pictures and other files", async () => {
    const store = objectStore();
    // A product showing its image.
    const shown = await storeImage(await png(400, 400));
    const p = await makeProduct(categoryId);
    await db()
      .insert(productImages)
      .values({ productId: p.id, imageKey: shown.imageKey, width: 400, height: 400, displayOrder: 1 });
    // A product bought, whose image row is then gone: the order line still shows the picture.
    const sold = await storeImage(await png(500, 250));
    const q = await makeProduct(categoryId, { stockQuantity: 5 });
    await db()
      .insert(productImages)
      .values({ productId: q.id, imageKey: sold.imageKey, width: 500, height: 250, displayOrder: 1 });
    const placed = await postCheckout([productLine(q.id)], {
      ip: `10.9.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`,
    });
    expect(placed.status).toBe(201);
    await db().delete(productImages).where(eq(productImages.productId, q.id));
    const [line] = await db()
      .select({ orderId: orderItems.orderId, image: orderItems.productImage })
      .from(orderItems)
      .where(eq(orderItems.productId, q.id));
    // Stored as the shop's own path, shown at today's image address.
    expect(line!.image).toBe(`/uploads/${sold.imageKey}/320.webp`);
    const details = await getOrderDetails(line!.orderId);
    const pictureUrl = details!.items[0]!.productImage!;
    expect(pictureUrl).toBe(`${expectedBase()}/${sold.imageKey}/320.webp`);
    const picture = pictureUrl.startsWith("/")
      ? await fetch(`${shopUrl}${pictureUrl}`)
      : await fetch(pictureUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");

    const orphan = await storeImage(await png(300, 300));
    await store.put("notes/readme.txt", Buffer.from("not an image"), "text/plain");

    // Everything is new: nothing goes.
    expect(await sweepOrphanUploads(referencedImageKeys)).toBe(0);
    expect(await keysOf(store, `${orphan.imageKey}/`)).toHaveLength(1);

    let staleTemporary = "";
    if (isLocal) {
      staleTemporary = path.join(t.dataDir, "uploads", `.tmp-${crypto.randomBytes(16).toString("hex")}`);
      fs.writeFileSync(staleTemporary, "half a file");
      const old = new Date(Date.now() - 2 * 3600_000);
      fs.utimesSync(staleTemporary, old, old);
    }
    // Two hours later: the orphan goes (and a stale temporary file), nothing else.
    const removed = await sweepOrphanUploads(referencedImageKeys, Date.now() + 2 * 3600_000);
    const left = await keysOf(store);
    expect(left.filter((k) => k.startsWith(orphan.imageKey))).toEqual([]);
    expect(left).toContain(`${shown.imageKey}/400.webp`);
    expect(left).toContain(`${sold.imageKey}/320.webp`);
    expect(left).toContain("notes/readme.txt");
    if (isLocal) expect(fs.existsSync(staleTemporary)).toBe(false);
    // Other tests' leftovers in this store may go too; at least the orphan (and the temporary) did.
    expect(removed).toBeGreaterThanOrEqual(isLocal ? 2 : 1);
    await db().delete(orders).where(eq(orders.id, line!.orderId));
  });

  it("serves /uploads/{key}/{width}.webp from the store with a year's cache and the sandbox policy", async () => {
    const img = await storeImage(await png(640, 320));
    const store = objectStore();
    const stored = await readAll((await store.get(`${img.imageKey}/640.webp`))!);
    const res = await fetch(`${shopUrl}/uploads/${img.imageKey}/640.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(stored)).toBe(true);
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    // A browser revalidating (fetch() itself would add no-cache to a conditional request: sent raw).
    const again = await rawGet(`/uploads/${img.imageKey}/640.webp`, { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await fetch(`${shopUrl}/uploads/${img.imageKey}/320.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");

    // Missing keys and anything that is not an image variant: 404, the store never asked for it.
    await store.put("notes/readme.txt", Buffer.from("private"), "text/plain");
    await store.put(`${img.imageKey}/secret.txt`, Buffer.from("private"), "text/plain");
    const missing = await fetch(`${shopUrl}/uploads/${crypto.randomBytes(16).toString("hex")}/640.webp`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    for (const bad of [
      `/uploads/${img.imageKey}/640.png`,
      `/uploads/${img.imageKey}/secret.txt`,
      `/uploads/${img.imageKey.slice(1)}/640.webp`,
      `/uploads/${img.imageKey.toUpperCase()}/640.webp`,
      `/uploads/notes/readme.txt`,
      `/uploads/${img.imageKey}%2F640.webp`,
      `/uploads/../package.json`,
      `/uploads/..%2F..%2Fpackage.json`,
      `/uploads/${img.imageKey}/../../package.json`,
      `/uploads/${img.imageKey}/640.webp/`,
      `/uploads/.tmp-x/640.webp`,
      `/uploads/`,
    ]) {
      const r = await rawGet(bad);
      expect(r.status, bad).toBe(404);
      expect(r.body.toString(), bad).toBe("Not found");
    }
    await store.delete("notes/readme.txt");
    await store.delete(`${img.imageKey}/secret.txt`);
    await removeImage(img.imageKey);
    expect((await fetch(`${shopUrl}/uploads/${img.imageKey}/640.webp`)).status).toBe(404);
  });
});

describe("when the image store is down", () => {
  it("the /uploads route answers 503, not cached; readiness reports the store failing", async () => {
    expect(await readiness()).toMatchObject({ ready: true, checks: { database: "ok", imageStore: "ok" } });
    const down = new S3ObjectStore({
      bucket: "neon-shop-test",
      endpoint: `http://127.0.0.1:${await freePort()}`,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
    });
    replaceObjectStore(down);
    try {
      const r = await fetch(`${shopUrl}/uploads/${crypto.randomBytes(16).toString("hex")}/320.webp`);
      expect(r.status).toBe(503);
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(await r.text()).toBe("Image store unavailable");
      expect(await readiness()).toMatchObject({
        ready: false,
        checks: { database: "ok", imageStore: "failing" },
      });
    } finally {
      replaceObjectStore(undefined);
      down.destroy();
    }
  });
});
