// `npm run db:backup [-- --out FILE]`: the database and every stored image (local folder or bucket) in one .tar.gz
// (works while the shop runs).
import path from "node:path";
import { createBackup } from "~/platform/backup.server";
import { closeObjectStore } from "~/platform/storage/object-store.server";
import { withShopDatabase } from "../server/cli-db";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const out =
  outIndex >= 0 && args[outIndex + 1]
    ? args[outIndex + 1]!
    : path.join("backups", `neon-shop-${stamp}.tar.gz`);

try {
  const manifest = await withShopDatabase(() => createBackup(out));
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Backup written to ${path.resolve(out)} (${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.objects} stored image files).`,
  );
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
} finally {
  closeObjectStore();
}
