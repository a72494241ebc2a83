import type { Readable } from "node:stream";

/** An object read from a store: its bytes as a stream, and what is known about it. */
export type StoredObject = {
  body: Readable;
  contentType: string;
  size?: number;
  lastModified?: Date;
  /** A strong validator for conditional requests, quoted as HTTP wants it. */
  etag?: string;
};

/** One entry of a listing. */
export type ObjectInfo = { key: string; size: number; lastModified: Date };

/**
 * Where uploaded files live: DATA_DIR/uploads (LocalObjectStore) or an S3-compatible bucket (S3ObjectStore).
 * Keys are relative paths such as `{imageKey}/{width}.webp` (see isValidObjectKey); a key is written once and
 * never reused, so nothing here needs locking between instances.
 */
export interface ObjectStore {
  /** "local" or "s3", for logs and commands. */
  readonly kind: "local" | "s3";
  /** Where the objects are, for logs and messages (never a credential). */
  readonly description: string;
  /** The URL prefix under which a key is fetched by browsers: `/uploads` or the public bucket/CDN address. */
  readonly publicBase: string;
  /** Store `bytes` under `key` (replacing nothing in practice: keys are random and never reused). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** Remove the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (all when empty), in no particular order. */
  list(prefix?: string): AsyncIterable<ObjectInfo>;
  /** The address browsers fetch `key` from. */
  publicUrl(key: string): string;
  /** Resolves when the store can be used now; throws (ObjectStoreError) when it cannot be reached. */
  ping(): Promise<void>;
  /**
   * Remove what interrupted writes left behind (local `.tmp-*` files and folders) older than `before`; returns
   * how many entries went. A bucket has none: an S3 PUT either stores the whole object or nothing.
   */
  removeStaleTemporaries?(before: Date): Promise<number>;
}

/** The store could not do what was asked (unreachable, refused, misconfigured). The message names no secret. */
export class ObjectStoreError extends Error {}

const SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9._-]*";
const OBJECT_KEY = new RegExp(`^${SEGMENT}(/${SEGMENT})*$`);

/**
 * A key every store accepts: slash-separated segments of letters, digits, `.`, `_` and `-`, none starting
 * with a dot (so no `..`, no hidden or temporary names), at most 512 characters.
 */
export function isValidObjectKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && OBJECT_KEY.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidObjectKey(key)) throw new ObjectStoreError(`Invalid object key: ${JSON.stringify(key)}`);
}

/** A prefix for list(): empty, or key segments with an optional trailing slash. */
export function assertValidPrefix(prefix: string): void {
  if (prefix !== "" && !isValidObjectKey(prefix.replace(/\/$/, ""))) {
    throw new ObjectStoreError(`Invalid object prefix: ${JSON.stringify(prefix)}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  avif: "image/avif",
  gif: "image/gif",
  pdf: "application/pdf",
  json: "application/json",
};

/** The content type a key's extension stands for (application/octet-stream when unknown). */
export function contentTypeFor(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (ext && CONTENT_TYPES[ext]) || "application/octet-stream";
}

/** Read a stored object's whole body. */
export async function readAll(object: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Every entry of a listing, in key order. */
export async function listAll(store: ObjectStore, prefix = ""): Promise<ObjectInfo[]> {
  const all: ObjectInfo[] = [];
  for await (const o of store.list(prefix)) all.push(o);
  return all.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
