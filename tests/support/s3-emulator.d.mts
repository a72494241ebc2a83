export type S3Emulator = {
  /** The S3 API address, e.g. http://127.0.0.1:41234 (path-style requests). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's public address (path style): objects are at `${publicUrl}/${key}`. */
  publicUrl: string;
  /** The emulator's data folder. */
  directory: string;
  /** S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE for the shop. */
  env: Record<string, string>;
  /** Stop the server and remove its folder (safe to call twice). */
  stop: () => Promise<void>;
};

/** Start an S3-compatible server (s3rver) on 127.0.0.1 with one empty bucket (default "neon-shop-test"). */
export function startS3Emulator(options?: { bucket?: string }): Promise<S3Emulator>;
