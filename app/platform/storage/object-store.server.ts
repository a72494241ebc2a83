import path from "node:path";
import { env, type Env } from "~/platform/env.server";
import { LocalObjectStore } from "./local-store.server";
import { S3ObjectStore } from "./s3-store.server";
import type { ObjectStore } from "./store-contract.server";

/** The local store of a DATA_DIR: its `uploads` folder, served by the shop at /uploads. */
export function localStoreOf(dataDir: string): LocalObjectStore {
  return new LocalObjectStore(path.join(dataDir, "uploads"));
}

/** The store the environment chooses: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createObjectStore(e: Env): ObjectStore {
  if (!e.S3_BUCKET) return localStoreOf(e.DATA_DIR);
  return new S3ObjectStore({
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true" || e.S3_FORCE_PATH_STYLE === "1",
    publicUrl: e.S3_PUBLIC_URL,
    prefix: e.S3_PREFIX,
  });
}

let current: { env: Env; store: ObjectStore } | undefined;
let replaced: ObjectStore | undefined;

/** Tests only: use this store instead of the environment's (undefined: back to the environment's). */
export function replaceObjectStore(store: ObjectStore | undefined): void {
  replaced = store;
}

/**
 * The shop's object store, made on first use from env(). When the environment is replaced (setEnv in
 * tests and commands), the next call makes the store of the new environment.
 */
export function objectStore(): ObjectStore {
  if (replaced) return replaced;
  const e = env();
  if (current?.env !== e) {
    if (current?.store instanceof S3ObjectStore) current.store.destroy();
    current = { env: e, store: createObjectStore(e) };
  }
  return current.store;
}

/** Let go of the store's connections (commands that end; the next objectStore() makes a new one). */
export function closeObjectStore(): void {
  if (current?.store instanceof S3ObjectStore) current.store.destroy();
  current = undefined;
}

/**
 * The URL prefix of uploaded images in pages, e-mails and feeds: the bucket's public address or CDN
 * (S3_PUBLIC_URL, plus S3_PREFIX) when set, else the shop's own `/uploads`. The only storage setting that
 * reaches the browser.
 */
export function publicImageBase(): string {
  return objectStore().publicBase;
}
