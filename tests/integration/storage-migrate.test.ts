// `npm run storage:migrate`: DATA_DIR/uploads copied into an S3 bucket (s3rver), run as the command itself.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3ObjectStore } from "~/platform/storage/s3-store.server";
import { listAll, readAll } from "~/platform/storage/store-contract.server";
import { freePort, root } from "../support/shop-process.mjs";
import { startS3Emulator, type S3Emulator } from "../support/s3-emulator.mjs";

const run = promisify(execFile);
let emulator: S3Emulator;
let bucket: S3ObjectStore;
let dataDir = "";

beforeAll(async () => {
  emulator = await startS3Emulator();
  bucket = new S3ObjectStore({
    bucket: emulator.bucket,
    endpoint: emulator.endpoint,
    credentials: { accessKeyId: emulator.accessKeyId, secretAccessKey: emulator.secretAccessKey },
    forcePathStyle: true,
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neon-migrate-test-"));
});

afterAll(async () => {
  bucket?.destroy();
  await emulator?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Run the command with this environment (nothing inherited about storage); never throws. */
async function migrate(env: Record<string, string>, args: string[] = []) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("S3_")));
  try {
    const r = await run(
      process.execPath,
      [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/storage-migrate.ts", ...args],
      { cwd: root, env: { ...clean, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env }, timeout: 60_000 },
    );
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    return { code: x.code ?? -1, out: x.stdout ?? "", err: x.stderr ?? "" };
  }
}

function writeImage(key: string, width: number, bytes: Buffer) {
  const dir = path.join(dataDir, "uploads", key);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${width}.webp`), bytes);
}

const hex = () => crypto.randomBytes(16).toString("hex");

describe("npm run storage:migrate", () => {
  it("says what is missing when no bucket is configured, or the configuration is incomplete", async () => {
    const none = await migrate({});
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/no bucket is configured: set S3_BUCKET/);
    const half = await migrate({ ...emulator.env, S3_SECRET_ACCESS_KEY: "" });
    expect(half.code).toBe(1);
    expect(half.err).toMatch(/S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID/);
    const noBucket = await migrate({ S3_ENDPOINT: emulator.endpoint });
    expect(noBucket.code).toBe(1);
    expect(noBucket.err).toMatch(/S3_BUCKET: must be set when S3_ENDPOINT is set/);
  });

  it("copies every image into the bucket, skips what is there on the next run, leaves the folder", async () => {
    const a = hex();
    const b = hex();
    const bytes = new Map<string, Buffer>();
    for (const [key, w] of [
      [a, 320],
      [a, 640],
      [b, 320],
    ] as const) {
      const data = crypto.randomBytes(500 + w);
      bytes.set(`${key}/${w}.webp`, data);
      writeImage(key, w, data);
    }
    fs.writeFileSync(path.join(dataDir, "uploads", `.tmp-${hex()}`), "half a file"); // never copied

    const dry = await migrate(emulator.env, ["--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/Dry run: would copy 3 file\(s\)/);
    expect(await listAll(bucket)).toEqual([]);

    const first = await migrate(emulator.env);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(
      /Copied 3 file\(s\) .* bucket neon-shop-test .*; 0 already there \(skipped\), 0 failed/,
    );
    expect((await listAll(bucket)).map((o) => o.key)).toEqual([...bytes.keys()].sort());
    for (const [key, data] of bytes) {
      const o = await bucket.get(key);
      expect(o!.contentType).toBe("image/webp");
      expect((await readAll(o!)).equals(data)).toBe(true);
    }
    expect(fs.existsSync(path.join(dataDir, "uploads", a, "320.webp"))).toBe(true);

    const c = hex();
    writeImage(c, 960, Buffer.from("new"));
    const second = await migrate(emulator.env);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/Copied 1 file\(s\) .*; 3 already there \(skipped\), 0 failed/);
    expect(await listAll(bucket, `${c}/`)).toHaveLength(1);
  });

  it("fails clearly when the bucket cannot be reached, printing no secret", async () => {
    const r = await migrate({
      ...emulator.env,
      S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
      S3_SECRET_ACCESS_KEY: "a-secret-that-must-not-print",
    });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /storage:migrate failed: Reaching the bucket in bucket neon-shop-test at 127\.0\.0\.1/,
    );
    expect(r.out + r.err).not.toContain("a-secret-that-must-not-print");
  });
});
