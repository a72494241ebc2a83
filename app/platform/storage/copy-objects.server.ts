import pLimit from "p-limit";
import type { ObjectStore } from "./store-contract.server";
import { contentTypeFor, readAll } from "./store-contract.server";

export type CopyReport = { copied: number; skipped: number; failed: { key: string; error: string }[] };

/**
 * Copy every object of `from` that `to` does not hold yet (by key: keys are never reused, so a key that is
 * there holds the same bytes). Safe to run again after an interruption: what was copied is skipped.
 * `dryRun` counts without writing.
 */
export async function copyMissingObjects(
  from: ObjectStore,
  to: ObjectStore,
  options: { dryRun?: boolean; concurrency?: number; onProgress?: (done: number) => void } = {},
): Promise<CopyReport> {
  const present = new Set<string>();
  for await (const o of to.list()) present.add(o.key);
  const limit = pLimit(options.concurrency ?? 8);
  const report: CopyReport = { copied: 0, skipped: 0, failed: [] };
  const jobs: Promise<void>[] = [];
  for await (const o of from.list()) {
    if (present.has(o.key)) {
      report.skipped++;
      continue;
    }
    if (options.dryRun) {
      report.copied++;
      continue;
    }
    jobs.push(
      limit(async () => {
        try {
          const object = await from.get(o.key);
          if (!object) return; // gone since it was listed
          await to.put(o.key, await readAll(object), object.contentType || contentTypeFor(o.key));
          report.copied++;
          options.onProgress?.(report.copied);
        } catch (err) {
          report.failed.push({ key: o.key, error: err instanceof Error ? err.message : String(err) });
        }
      }),
    );
  }
  await Promise.all(jobs);
  return report;
}
