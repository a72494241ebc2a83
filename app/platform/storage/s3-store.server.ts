import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import {
  assertValidKey,
  assertValidPrefix,
  contentTypeFor,
  ObjectStoreError,
  type ObjectInfo,
  type ObjectStore,
  type StoredObject,
} from "./store-contract.server";

export type S3StoreConfig = {
  bucket: string;
  /** The S3 API address; unset for AWS itself. */
  endpoint?: string;
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
  /** Where browsers fetch the bucket's root (a CDN or the bucket's public address); unset: the shop's /uploads. */
  publicUrl?: string;
  /** A folder inside the bucket holding this shop's objects ("" or ending in "/"). */
  prefix?: string;
  /** How long a ping may take before the store counts as unreachable. */
  pingTimeoutMs?: number;
};

/** What uploaded images are served with by the bucket or CDN: their keys are never reused. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** A message about a failed request that names the bucket and the cause, never a credential. */
function describe(err: unknown): string {
  if (err instanceof S3ServiceException) {
    return `${err.name} (HTTP ${err.$metadata.httpStatusCode ?? "?"})${err.message && err.message !== err.name ? `: ${err.message}` : ""}`;
  }
  if (err instanceof Error) {
    const code = "code" in err && err.code ? ` ${String(err.code)}` : "";
    return `${err.name}${code}: ${err.message}`;
  }
  return String(err);
}

/**
 * Objects in an S3-compatible bucket through the AWS SDK v3: AWS S3, Cloudflare R2, Google Cloud Storage
 * (interoperability mode), MinIO. Only plain single-object calls are used (no multi-object delete, no
 * multipart), because every one of those services implements them the same way.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = "s3" as const;
  readonly description: string;
  readonly publicBase: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly pingTimeoutMs: number;

  constructor(config: S3StoreConfig) {
    this.bucket = config.bucket;
    this.prefix = config.prefix ? config.prefix.replace(/\/*$/, "/") : "";
    this.pingTimeoutMs = config.pingTimeoutMs ?? 5_000;
    this.client = new S3Client({
      region: config.region ?? "us-east-1",
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle ?? false,
      // Other S3 implementations (emulators, GCS, older MinIO) do not all know the newer CRC checksums
      // that the SDK adds by default; AWS itself keeps them.
      ...(config.endpoint
        ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" }
        : {}),
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
    const where = config.endpoint ? new URL(config.endpoint).host : "AWS S3";
    this.description = `bucket ${this.bucket}${this.prefix ? ` (${this.prefix})` : ""} at ${where}`;
    this.publicBase = config.publicUrl
      ? `${config.publicUrl.replace(/\/+$/, "")}${this.prefix ? `/${this.prefix.replace(/\/$/, "")}` : ""}`
      : "/uploads";
  }

  private fail(what: string, err: unknown): ObjectStoreError {
    return new ObjectStoreError(`${what} in ${this.description} failed: ${describe(err)}`);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.prefix + key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    } catch (err) {
      throw this.fail(`Writing ${key}`, err);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      if (!r.Body) return null;
      return {
        body: r.Body as Readable,
        contentType: r.ContentType || contentTypeFor(key),
        ...(r.ContentLength !== undefined ? { size: r.ContentLength } : {}),
        ...(r.LastModified ? { lastModified: r.LastModified } : {}),
        ...(r.ETag ? { etag: r.ETag } : {}),
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw this.fail(`Reading ${key}`, err);
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
    } catch (err) {
      if (isMissing(err)) return;
      throw this.fail(`Deleting ${key}`, err);
    }
  }

  async *list(prefix = ""): AsyncIterable<ObjectInfo> {
    assertValidPrefix(prefix);
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: this.prefix + prefix,
            ContinuationToken: token,
          }),
        );
      } catch (err) {
        throw this.fail("Listing", err);
      }
      for (const o of page.Contents ?? []) {
        if (!o.Key?.startsWith(this.prefix)) continue;
        yield {
          key: o.Key.slice(this.prefix.length),
          size: o.Size ?? 0,
          lastModified: o.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  async ping(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
        abortSignal: AbortSignal.timeout(this.pingTimeoutMs),
      });
    } catch (err) {
      throw this.fail("Reaching the bucket", err);
    }
  }

  /** Close the client's connections (tests and commands that end). */
  destroy(): void {
    this.client.destroy();
  }
}
