import { execFile } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import pLimit from "p-limit";
import type pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { dbPool } from "./db/client.server";
import { LocalObjectStore } from "./storage/local-store.server";
import { objectStore } from "./storage/object-store.server";
import { copyMissingObjects } from "./storage/copy-objects.server";

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
  "service_keys",
  "go_live_ticks",
  "sessions",
  "admin_devices",
  "login_attempts",
  "checkouts",
  "discount_redemptions",
  "orders",
  "order_items",
  "custom_neon_orders",
  "order_status_history",
  "production_cards",
  "pay_links",
  "cod_confirmations",
  "abandoned_checkouts",
  "recovery_suppressions",
  "checkout_recovery_days",
  "design_proofs",
  "logo_quotes",
  "payment_events",
  "refunds",
  "return_requests",
  "review_requests",
  "reviews",
  "review_photos",
  "shipments",
  "rate_limits",
  "message_deliveries",
  "shop_notice_backlog",
  "invoice_counters",
  "invoices",
  "invoice_pdfs",
  "gateway_settlements",
  "gateway_settlement_lines",
  "settlement_fetches",
  "cod_remittances",
  "web_vitals",
  "csp_reports",
  "monitoring_drops",
  "grievance_counters",
  "grievances",
  "grievance_messages",
  "grievance_links",
  "data_requests",
  "data_request_events",
  "admin_backup_codes",
  "admin_passkeys",
  "staff_invitations",
  "staff_policy",
  "audit_log",
] as const;

/** `objects`: how many stored objects (images) the archive holds under uploads/ (absent in older backups). */
type Manifest = { format: 1; createdAt: string; tables: Record<string, number>; objects?: number };

/** Objects read from or written to the store at once (a bucket answers many requests in parallel). */
const OBJECT_CONCURRENCY = 8;

/**
 * Copy every object of the shop's store (DATA_DIR/uploads or the bucket) into `dir`, one file per key
 * (`{dir}/{imageKey}/{width}.webp`: the layout of DATA_DIR/uploads). Returns how many.
 */
async function saveObjects(dir: string): Promise<number> {
  const store = objectStore();
  const limit = pLimit(OBJECT_CONCURRENCY);
  const copies: Promise<boolean>[] = [];
  for await (const o of store.list()) {
    copies.push(
      limit(async () => {
        const object = await store.get(o.key);
        if (!object) return false; // deleted since it was listed: its row is gone too
        const file = path.join(dir, ...o.key.split("/"));
        await fsp.mkdir(path.dirname(file), { recursive: true });
        await pipeline(object.body, fs.createWriteStream(file));
        return true;
      }),
    );
  }
  return (await Promise.all(copies)).filter(Boolean).length;
}

/**
 * Put the archive's objects (`dir`, laid out as DATA_DIR/uploads) into the shop's store, through the store:
 * a backup of a folder goes into a bucket and back. Objects already there are left alone (keys are never
 * reused, so the same key holds the same bytes). Returns how many were written.
 */
async function restoreObjects(dir: string): Promise<number> {
  const report = await copyMissingObjects(new LocalObjectStore(dir), objectStore(), {
    concurrency: OBJECT_CONCURRENCY,
  });
  if (report.failed.length) {
    throw new Error(
      `${report.failed.length} stored image file(s) could not be restored, e.g. ${report.failed[0]!.key}: ${report.failed[0]!.error}`,
    );
  }
  return report.copied;
}

/**
 * Write one .tar.gz holding every table (COPY, all read in one snapshot) and every object of the image
 * store (read through the store: the local folder or the bucket). Works while the shop is running.
 */
export async function createBackup(outFile: string): Promise<Manifest> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), "neon-backup-"));
  try {
    await fsp.mkdir(path.join(work, "db"));
    const tables: Record<string, number> = {};
    await withConnection(async (client) => {
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
    });
    await fsp.mkdir(path.join(work, "uploads"));
    const objects = await saveObjects(path.join(work, "uploads"));
    const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), tables, objects };
    await fsp.writeFile(path.join(work, "manifest.json"), JSON.stringify(manifest, null, 2));
    await fsp.mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    await run("tar", ["-czf", path.resolve(outFile), "-C", work, "."]);
    return manifest;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** Runs `work` on one connection of the pool: a failure rolls back what it began; the connection is released. */
async function withConnection(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await dbPool().connect();
  try {
    await work(client);
  } catch (e) {
    await client.query("rollback").catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/**
 * Restore a backup into this (migrated, empty) database, in one transaction, and its objects into this
 * shop's image store (DATA_DIR/uploads or the bucket, whichever the environment chooses).
 * Refuses a database that already holds orders or products, so nothing is overwritten by mistake.
 */
export async function restoreBackup(file: string): Promise<Manifest & { restoredObjects: number }> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), "neon-restore-"));
  try {
    await run("tar", ["-xzf", path.resolve(file), "-C", work]);
    const manifest = JSON.parse(await fsp.readFile(path.join(work, "manifest.json"), "utf8")) as Manifest;
    if (manifest.format !== 1) throw new Error("This backup was made by a different version of the shop.");
    await withConnection(async (client) => {
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
    });
    const restoredObjects = await restoreObjects(path.join(work, "uploads"));
    return { ...manifest, restoredObjects };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
