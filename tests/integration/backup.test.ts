import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_TABLES, createBackup, restoreBackup } from "~/platform/backup.server";
import { closeDb, connectDb, db } from "~/platform/db/client.server";
import { runMigrations } from "~/wiring/database.server";
import * as schema from "~/wiring/all-tables.server";
import { parseEnv, setEnv, type Env } from "~/platform/env.server";
import { seedDemoCatalogue } from "~/wiring/demo-data.server";
import { objectStore } from "~/platform/storage/object-store.server";
import { listAll, readAll } from "~/platform/storage/store-contract.server";
import { startS3Emulator, type S3Emulator } from "../support/s3-emulator.mjs";
import { setupTestDatabase } from "../support/test-db";

const source = setupTestDatabase();
let emulator: S3Emulator;

beforeAll(async () => {
  emulator = await startS3Emulator();
});
afterAll(async () => {
  await emulator?.stop();
});

/**
 * Run `work` connected to a new empty, migrated database with its own DATA_DIR and the environment `extra`
 * adds (an S3 bucket), then go back to the source database; both are removed afterwards.
 */
async function inFreshShop(
  suffix: string,
  extra: Record<string, string>,
  work: (e: Env) => Promise<void>,
): Promise<void> {
  const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), "neon-restore-test-"));
  const url = new URL(source.url);
  const freshName = `${url.pathname.slice(1)}_${suffix}`;
  await db().execute(sql.raw(`create database ${freshName}`));
  await closeDb();
  url.pathname = `/${freshName}`;
  try {
    const e = parseEnv({
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: url.toString(),
      DATA_DIR: freshDir,
      ...extra,
    });
    setEnv(e);
    connectDb(url.toString());
    await runMigrations(db());
    await work(e);
  } finally {
    await closeDb();
    setEnv(source.env);
    connectDb(source.url);
    await db().execute(sql.raw(`drop database if exists ${freshName} with (force)`));
    fs.rmSync(freshDir, { recursive: true, force: true });
  }
}

/** Every object of the current store with its bytes' digest. */
async function objectDigests(): Promise<Record<string, string>> {
  const store = objectStore();
  const out: Record<string, string> = {};
  for (const o of await listAll(store)) {
    const bytes = await readAll((await store.get(o.key))!);
    out[o.key] = crypto.createHash("sha256").update(bytes).digest("hex");
  }
  return out;
}

async function snapshot() {
  const r = await db().execute<{ t: string; n: number }>(
    sql.raw(
      BACKUP_TABLES.map((t) => `select '${t}' as t, count(*)::int as n from "${t}"`).join(" union all "),
    ),
  );
  return Object.fromEntries(r.rows.map((x) => [x.t, x.n]));
}

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

describe("backup and restore", () => {
  it("lists every table of the schema", () => {
    const tables = Object.values(schema)
      .filter((v) => is(v, PgTable))
      .map((t) => getTableName(t as PgTable));
    expect([...BACKUP_TABLES].sort()).toEqual(tables.sort());
  });

  it("restores a backup into a fresh DATA_DIR with the same rows and files", async () => {
    await seedDemoCatalogue(db());
    const before = await snapshot();
    const uploadsBefore = files(path.join(source.dataDir, "uploads"));
    expect(uploadsBefore.length).toBeGreaterThan(20);
    const archive = path.join(os.tmpdir(), `neon-backup-test-${Date.now()}.tar.gz`);
    await createBackup(archive);

    // A second, empty database and data folder.
    const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), "neon-restore-test-"));
    const url = new URL(source.url);
    const freshName = `${url.pathname.slice(1)}_r`;
    await db().execute(sql.raw(`create database ${freshName}`));
    await closeDb();
    url.pathname = `/${freshName}`;
    try {
      setEnv({ ...source.env, DATA_DIR: freshDir });
      connectDb(url.toString());
      await runMigrations(db());
      await restoreBackup(archive);
      expect(await snapshot()).toEqual(before);
      expect(files(path.join(freshDir, "uploads"))).toEqual(uploadsBefore);
      // A second restore into the now full database is refused and changes nothing.
      await expect(restoreBackup(archive)).rejects.toThrow(/not empty/);
      expect(await snapshot()).toEqual(before);
    } finally {
      await closeDb();
      setEnv(source.env);
      connectDb(source.url);
      await db().execute(sql.raw(`drop database if exists ${freshName} with (force)`));
      fs.rmSync(freshDir, { recursive: true, force: true });
      fs.rmSync(archive, { force: true });
    }
  });

  it("restores a folder's backup into an S3 bucket, and the bucket's backup back into a folder", async () => {
    const before = await snapshot();
    expect(before.product_images).toBeGreaterThan(0);
    const digests = await objectDigests();
    const keys = Object.keys(digests);
    expect(keys.length).toBeGreaterThan(20);
    const fromFolder = path.join(os.tmpdir(), `neon-backup-folder-${Date.now()}.tar.gz`);
    const fromBucket = path.join(os.tmpdir(), `neon-backup-bucket-${Date.now()}.tar.gz`);
    try {
      expect((await createBackup(fromFolder)).objects).toBe(keys.length);

      await inFreshShop("s3", { ...emulator.env, S3_PREFIX: "restored/" }, async (e) => {
        expect(objectStore().kind).toBe("s3");
        const restored = await restoreBackup(fromFolder);
        expect(restored.restoredObjects).toBe(keys.length);
        expect(await snapshot()).toEqual(before);
        expect(await objectDigests()).toEqual(digests);
        // Nothing was written to the fresh DATA_DIR: the images are in the bucket only.
        expect(files(path.join(e.DATA_DIR, "uploads"))).toEqual([]);
        // The bucket's backup, read through the store.
        expect((await createBackup(fromBucket)).objects).toBe(keys.length);
      });

      await inFreshShop("local", {}, async (e) => {
        expect(objectStore().kind).toBe("local");
        await restoreBackup(fromBucket);
        expect(await snapshot()).toEqual(before);
        expect(files(path.join(e.DATA_DIR, "uploads"))).toEqual([...keys].sort());
        expect(await objectDigests()).toEqual(digests);
      });
    } finally {
      fs.rmSync(fromFolder, { force: true });
      fs.rmSync(fromBucket, { force: true });
    }
  });
});
