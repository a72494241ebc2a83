import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { BACKUP_TABLES, createBackup, restoreBackup } from "~/server/backup.server";
import { closeDb, connectDb, db } from "~/server/db/client.server";
import { runMigrations } from "~/server/db/migrate.server";
import * as schema from "~/server/db/schema";
import { setEnv } from "~/server/env.server";
import { seedDemoCatalogue } from "~/server/seed.server";
import { setupTestDatabase } from "../support/test-db";

const source = setupTestDatabase();

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
});
