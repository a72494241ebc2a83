// An S3-compatible server for tests (s3rver, on 127.0.0.1 and a free port, objects in a temporary folder),
// with one bucket made for the test. Plain ESM with s3-emulator.d.mts, so Vitest, Playwright and .mjs
// scripts share it. s3rver checks request signatures against its built-in account (S3RVER / S3RVER) and
// answers unsigned GETs of objects, like a bucket whose objects are public.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

/** Start the emulator with an empty bucket (default "neon-shop-test"); stop() ends it and removes its folder. */
export async function startS3Emulator(options = {}) {
  const bucket = options.bucket ?? "neon-shop-test";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3-emulator-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped = false;
  return {
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    /** The bucket's public address (path style): objects are at `${publicUrl}/${key}`. */
    publicUrl: `${endpoint}/${bucket}`,
    directory,
    /** The shop's environment variables for this bucket (S3_PUBLIC_URL not set: add it to serve from the bucket). */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
