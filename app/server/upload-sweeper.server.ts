import { sql } from "drizzle-orm";
import { db } from "./db/client.server";
import { logger } from "./logger.server";
import { sweepOrphanUploads } from "./uploads.server";

/** The image keys among `keys` that some row still shows: products, banners, design previews, order lines. */
export async function referencedImageKeys(keys: string[]): Promise<Set<string>> {
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const r = await db().execute<{ key: string }>(sql`
    select k.key from unnest(array[${list}]::text[]) as k(key)
    where exists (select 1 from product_images where image_key = k.key)
       or exists (select 1 from banners where image_key = k.key)
       or exists (select 1 from custom_neon_orders where preview_image_key = k.key)
       or exists (select 1 from order_items where product_image like '/uploads/' || k.key || '/%')`);
  return new Set(r.rows.map((x) => x.key));
}

/** Sweep orphaned upload folders at start and every hour (safe with several instances on one DATA_DIR). */
export function startUploadSweeper(intervalMs = 60 * 60 * 1000): { stop: () => Promise<void> } {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = sweepOrphanUploads(referencedImageKeys)
      .then((n) => {
        if (n > 0) logger.info({ removed: n }, "orphaned upload folders removed");
      })
      .catch((err: unknown) => logger.error({ err }, "sweeping orphaned uploads failed"))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  setTimeout(tick, 10_000).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
