// The ObjectStore contract, run against both implementations: DATA_DIR/uploads (LocalObjectStore) and an
// S3-compatible server (S3ObjectStore against s3rver, with and without a key prefix).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalObjectStore } from "~/platform/storage/local-store.server";
import { S3ObjectStore } from "~/platform/storage/s3-store.server";
import {
  listAll,
  ObjectStoreError,
  readAll,
  type ObjectStore,
} from "~/platform/storage/store-contract.server";
import { freePort } from "../support/shop-process.mjs";
import { startS3Emulator, type S3Emulator } from "../support/s3-emulator.mjs";

let emulator: S3Emulator;
const folders: string[] = [];
const s3Stores: S3ObjectStore[] = [];

function tempFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "object-store-test-"));
  folders.push(dir);
  return dir;
}

function s3Store(options: { prefix?: string; publicUrl?: string; endpoint?: string; bucket?: string } = {}) {
  const store = new S3ObjectStore({
    bucket: options.bucket ?? emulator.bucket,
    endpoint: options.endpoint ?? emulator.endpoint,
    region: emulator.region,
    credentials: { accessKeyId: emulator.accessKeyId, secretAccessKey: emulator.secretAccessKey },
    forcePathStyle: true,
    prefix: options.prefix,
    publicUrl: options.publicUrl,
    pingTimeoutMs: 3_000,
  });
  s3Stores.push(store);
  return store;
}

beforeAll(async () => {
  emulator = await startS3Emulator();
});

afterAll(async () => {
  for (const s of s3Stores) s.destroy();
  await emulator?.stop();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const hex = () => crypto.randomBytes(16).toString("hex");

const implementations: [string, () => ObjectStore][] = [
  ["local folder", () => new LocalObjectStore(path.join(tempFolder(), "uploads"))],
  ["S3 bucket", () => s3Store()],
  ["S3 bucket with a prefix", () => s3Store({ prefix: `shop-${hex().slice(0, 6)}/` })],
];

describe.each(implementations)("ObjectStore: %s", (_name, make) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = make();
  });

  it("answers ping when reachable", async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it("puts and gets bytes with their content type; a missing key is null", async () => {
    const key = `${hex()}/320.webp`;
    const bytes = crypto.randomBytes(3000);
    await store.put(key, bytes, "image/webp");
    const got = await store.get(key);
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe("image/webp");
    expect(got!.size).toBe(bytes.length);
    expect(got!.etag).toMatch(/^".+"$/);
    expect(Math.abs(got!.lastModified!.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await readAll(got!)).equals(bytes)).toBe(true);
    expect(await store.get(`${hex()}/320.webp`)).toBeNull();
    expect(await store.get(key.replace("320", "640"))).toBeNull();
  });

  it("deletes; deleting what is not there is fine", async () => {
    const key = `${hex()}/640.webp`;
    await store.put(key, Buffer.from("x"), "image/webp");
    expect(await store.get(key)).not.toBeNull();
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
    expect(await listAll(store, key.split("/")[0] + "/")).toEqual([]);
  });

  it("lists every object or those under a prefix, with size and last change", async () => {
    const a = hex();
    const b = hex();
    for (const k of [`${a}/320.webp`, `${a}/640.webp`, `${b}/320.webp`]) {
      await store.put(k, Buffer.from(k), "image/webp");
    }
    const underA = await listAll(store, `${a}/`);
    expect(underA.map((o) => o.key)).toEqual([`${a}/320.webp`, `${a}/640.webp`]);
    expect(underA[0]!.size).toBe(`${a}/320.webp`.length);
    for (const o of underA) expect(Math.abs(o.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    const all = (await listAll(store)).map((o) => o.key);
    expect(all).toEqual(expect.arrayContaining([`${a}/320.webp`, `${a}/640.webp`, `${b}/320.webp`]));
    expect(await listAll(store, `${hex()}/`)).toEqual([]);
  });

  it("refuses keys that could leave the store or name temporaries", async () => {
    for (const bad of [
      "../x.webp",
      "a/../../x",
      "/abs/x.webp",
      ".tmp-abc",
      "a//b",
      "a/.hidden",
      "",
      "a\\b",
    ]) {
      await expect(store.put(bad, Buffer.from("x"), "image/webp"), bad).rejects.toBeInstanceOf(
        ObjectStoreError,
      );
      await expect(store.get(bad), bad).rejects.toBeInstanceOf(ObjectStoreError);
      await expect(store.delete(bad), bad).rejects.toBeInstanceOf(ObjectStoreError);
    }
  });
});

describe("ObjectStore: local folder specifics", () => {
  it("keeps objects as files under the folder, cleans empty folders and stale temporaries", async () => {
    const root = path.join(tempFolder(), "uploads");
    const store = new LocalObjectStore(root);
    const key = hex();
    await store.put(`${key}/320.webp`, Buffer.from("abc"), "image/webp");
    expect(fs.readFileSync(path.join(root, key, "320.webp"), "utf8")).toBe("abc");
    expect(fs.readdirSync(root)).toEqual([key]); // the temporary file was renamed into place
    await store.delete(`${key}/320.webp`);
    expect(fs.existsSync(path.join(root, key))).toBe(false);

    const stale = path.join(root, `.tmp-${hex()}`);
    const fresh = path.join(root, `.tmp-${hex()}`);
    fs.mkdirSync(stale);
    fs.writeFileSync(fresh, "half");
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(await listAll(store)).toEqual([]); // temporaries are not objects
    expect(await store.removeStaleTemporaries(new Date(Date.now() - 3600_000))).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(store.publicUrl(`${key}/320.webp`)).toBe(`/uploads/${key}/320.webp`);
  });

  it("fails ping when the folder cannot be used", async () => {
    const file = path.join(tempFolder(), "not-a-folder");
    fs.writeFileSync(file, "x");
    await expect(new LocalObjectStore(path.join(file, "uploads")).ping()).rejects.toBeInstanceOf(
      ObjectStoreError,
    );
  });
});

describe("ObjectStore: S3 specifics", () => {
  it("public URLs: the shop's /uploads without a public address, else the address plus the prefix", () => {
    expect(s3Store().publicUrl("k/320.webp")).toBe("/uploads/k/320.webp");
    expect(s3Store({ publicUrl: "https://img.example.com/" }).publicUrl("k/320.webp")).toBe(
      "https://img.example.com/k/320.webp",
    );
    const withPrefix = s3Store({ publicUrl: "https://img.example.com", prefix: "shop/" });
    expect(withPrefix.publicBase).toBe("https://img.example.com/shop");
    expect(withPrefix.publicUrl("k/320.webp")).toBe("https://img.example.com/shop/k/320.webp");
  });

  it("keeps a prefixed store's objects under its prefix, served publicly with a year's cache", async () => {
    const prefix = `p-${hex().slice(0, 8)}/`;
    const prefixed = s3Store({ prefix, publicUrl: emulator.publicUrl });
    const whole = s3Store();
    const key = `${hex()}/320.webp`;
    await prefixed.put(key, Buffer.from("prefixed"), "image/webp");
    expect((await listAll(whole, prefix)).map((o) => o.key)).toEqual([`${prefix}${key}`]);
    expect(await whole.get(key)).toBeNull();
    expect((await listAll(prefixed)).map((o) => o.key)).toEqual([key]); // only its own, prefix removed
    // What a browser gets from the bucket's public address (no credentials).
    const res = await fetch(prefixed.publicUrl(key));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe("prefixed");
  });

  it("fails ping for an unreachable endpoint and for a missing bucket", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = s3Store({ endpoint: closed });
    const started = Date.now();
    const err = await unreachable.ping().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ObjectStoreError);
    expect(String((err as Error).message)).toContain(emulator.bucket);
    expect(Date.now() - started).toBeLessThan(15_000);
    await expect(unreachable.get("a/1.webp")).rejects.toBeInstanceOf(ObjectStoreError);
    await expect(s3Store({ bucket: "no-such-bucket" }).ping()).rejects.toBeInstanceOf(ObjectStoreError);
  });

  it("reports refused credentials without the secret", async () => {
    // s3rver knows one access key id (it does not verify SigV4 signatures): an unknown id is refused.
    const wrong = new S3ObjectStore({
      bucket: emulator.bucket,
      endpoint: emulator.endpoint,
      credentials: { accessKeyId: "UNKNOWNKEY", secretAccessKey: "not-the-secret" },
      forcePathStyle: true,
    });
    s3Stores.push(wrong);
    const err = await wrong.put(`${hex()}/1.webp`, Buffer.from("x"), "image/webp").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ObjectStoreError);
    expect((err as Error).message).toMatch(/InvalidAccessKeyId/);
    expect((err as Error).message).not.toContain("not-the-secret");
  });
});
