// `npm run storage:migrate [-- --from DIR] [--dry-run]`: copy the images of DATA_DIR/uploads (or DIR) into the
// S3 bucket the environment names (S3_BUCKET, ...). Objects already in the bucket are skipped, so it can run
// again after an interruption, and while the shop runs. The local folder is left as it is.
import fs from "node:fs";
import path from "node:path";
import { copyMissingObjects } from "~/platform/storage/copy-objects.server";
import { LocalObjectStore } from "~/platform/storage/local-store.server";
import { closeObjectStore, objectStore } from "~/platform/storage/object-store.server";
import { cliEnv } from "../server/cli-db";

const args = process.argv.slice(2);
const fromIndex = args.indexOf("--from");
const dryRun = args.includes("--dry-run");

const e = cliEnv();
if (!e.S3_BUCKET) {
  console.error(
    "storage:migrate copies DATA_DIR/uploads into an S3-compatible bucket, but no bucket is configured: set S3_BUCKET " +
      "(and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as your provider needs; see docs/deployment.md).",
  );
  process.exit(1);
}
const folder =
  fromIndex >= 0 && args[fromIndex + 1]
    ? path.resolve(args[fromIndex + 1]!)
    : path.join(e.DATA_DIR, "uploads");
if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
  console.error(`storage:migrate: there is no folder ${folder} to copy (set DATA_DIR, or pass --from DIR).`);
  process.exit(1);
}

const target = objectStore();
try {
  await target.ping();
  const report = await copyMissingObjects(new LocalObjectStore(folder), target, {
    dryRun,
    onProgress: (n) => {
      if (n % 500 === 0) console.log(`  ${n} copied so far...`);
    },
  });
  for (const f of report.failed.slice(0, 10)) console.error(`  failed: ${f.key}: ${f.error}`);
  console.log(
    `${dryRun ? "Dry run: would copy" : "Copied"} ${report.copied} file(s) from ${folder} to the ${target.description}; ` +
      `${report.skipped} already there (skipped), ${report.failed.length} failed.`,
  );
  if (report.failed.length) process.exitCode = 1;
} catch (err) {
  console.error(`storage:migrate failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  closeObjectStore();
}
