// `npm run db:restore -- FILE`: restore a backup into a fresh DATA_DIR (or an empty DATABASE_URL database), its
// images into the image store the environment chooses (DATA_DIR/uploads or the S3 bucket).
import path from "node:path";
import { restoreBackup } from "~/platform/backup.server";
import { closeObjectStore } from "~/platform/storage/object-store.server";
import { withShopDatabase } from "../server/cli-db";

const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!file) {
  console.error(
    "Usage: npm run db:restore -- path/to/backup.tar.gz   (into a fresh DATA_DIR, with the shop stopped)",
  );
  process.exit(1);
}
try {
  const manifest = await withShopDatabase(() => restoreBackup(file));
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Restored ${rows} rows and ${manifest.restoredObjects} stored images (${manifest.objects ?? "?"} in the backup; ones already there were kept) from ${path.resolve(file)} (made ${manifest.createdAt}).`,
  );
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
} finally {
  closeObjectStore();
}
