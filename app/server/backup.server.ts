import { execFile } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { dbPool } from "./db/client.server";
import { env } from "./env.server";

const run = promisify(execFile);

/** Every table, parents before children (restore order). A unit test checks none is missing. */
export const BACKUP_TABLES = [
  "categories",
  "products",
  "product_images",
  "bestselling_products",
  "discount_codes",
  "offers",
  "banners",
  "admin_users",
  "shop_settings",
  "sessions",
  "login_attempts",
  "checkouts",
  "discount_redemptions",
  "orders",
  "order_items",
  "custom_neon_orders",
  "order_status_history",
  "payment_events",
  "rate_limits",
] as const;

type Manifest = { format: 1; createdAt: string; tables: Record<string, number> };

/**
 * Write one .tar.gz holding every table (COPY, all read in one snapshot) and the uploaded images.
 * Works while the shop is running.
 */
export async function createBackup(outFile: string): Promise<Manifest> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), "neon-backup-"));
  try {
    await fsp.mkdir(path.join(work, "db"));
    const client = await dbPool().connect();
    const tables: Record<string, number> = {};
    try {
      await client.query("begin isolation level repeatable read read only");
      for (const t of BACKUP_TABLES) {
        const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from "${t}"`);
        tables[t] = rows[0]!.n;
        await pipeline(
          client.query(copyTo(`copy "${t}" to stdout`)),
          fs.createWriteStream(path.join(work, "db", `${t}.copy`)),
        );
      }
      await client.query("commit");
    } catch (e) {
      await client.query("rollback").catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
    const uploads = path.join(env().DATA_DIR, "uploads");
    await fsp.mkdir(path.join(work, "uploads"));
    if (fs.existsSync(uploads)) {
      await fsp.cp(uploads, path.join(work, "uploads"), {
        recursive: true,
        filter: (src) => !path.basename(src).startsWith(".tmp-"),
      });
    }
    const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), tables };
    await fsp.writeFile(path.join(work, "manifest.json"), JSON.stringify(manifest, null, 2));
    await fsp.mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    await run("tar", ["-czf", path.resolve(outFile), "-C", work, "."]);
    return manifest;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/**
 * Restore a backup into this (migrated, empty) database and DATA_DIR, in one transaction.
 * Refuses a database that already holds orders or products, so nothing is overwritten by mistake.
 */
export async function restoreBackup(file: string): Promise<Manifest> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), "neon-restore-"));
  try {
    await run("tar", ["-xzf", path.resolve(file), "-C", work]);
    const manifest = JSON.parse(await fsp.readFile(path.join(work, "manifest.json"), "utf8")) as Manifest;
    if (manifest.format !== 1) throw new Error("This backup was made by a different version of the shop.");
    const client = await dbPool().connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select (select count(*) from products) + (select count(*) from orders) + (select count(*) from custom_neon_orders) as n",
      );
      if (Number(rows[0]!.n) > 0) {
        throw new Error(
          "The database is not empty: restore into a fresh DATA_DIR (or an empty DATABASE_URL).",
        );
      }
      await client.query("begin");
      // A fresh start may have seeded the demo catalogue's categories, admins, banners: clear first.
      await client.query(`truncate ${BACKUP_TABLES.map((t) => `"${t}"`).join(", ")} cascade`);
      for (const t of BACKUP_TABLES) {
        const src = path.join(work, "db", `${t}.copy`);
        if (!fs.existsSync(src)) continue;
        await pipeline(fs.createReadStream(src), client.query(copyFrom(`copy "${t}" from stdin`)));
      }
      await client.query("commit");
    } catch (e) {
      await client.query("rollback").catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
    const uploads = path.join(env().DATA_DIR, "uploads");
    await fsp.mkdir(uploads, { recursive: true });
    await fsp.cp(path.join(work, "uploads"), uploads, { recursive: true, force: false, errorOnExist: false });
    return manifest;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
