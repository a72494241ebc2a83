import { asc, eq, sql } from "drizzle-orm";
import type { MoveDirection } from "~/shared/admin-forms";
import type { ImageWithAlt, StoredImage } from "~/shared/images";
import { db, type Tx } from "~/platform/db/client.server";
import { type banners, type bestsellingProducts } from "./tables.server";
import { orderItems } from "~/features/order-lifecycle/tables.server";
import { logger } from "~/platform/logger.server";
import { removeImage } from "~/platform/storage/uploads.server";
import { notFound, type Result } from "~/shared/admin-forms";

/*
 * What every admin catalogue write shares: its result type, the image-file clean-up and the list order.
 * Every multi-row write runs in one transaction. Image files are written before the transaction and
 * removed again when it fails (so a failed save leaves no orphan files); files of rows that are gone are
 * removed only after the transaction committed (so a failed delete never loses a picture).
 */

/** An uploaded file as the action received it. */
export type UploadedFile = { name: string; type: string; bytes: Buffer };

export type ImageOf = ImageWithAlt;

/** Remove image files, except ones an order still shows (order history keeps its pictures). */
export async function removeImageFiles(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  let keep = new Set<string>();
  try {
    const rows = await db()
      .select({ image: orderItems.productImage })
      .from(orderItems)
      .where(
        sql`${orderItems.productImage} is not null and (${sql.join(
          keys.map((k) => sql`${orderItems.productImage} like ${`%${k}%`}`),
          sql` or `,
        )})`,
      );
    keep = new Set(keys.filter((k) => rows.some((r) => r.image?.includes(k))));
  } catch (err) {
    // When in doubt, keep the files: an orphan file costs disk space, a lost one breaks an order page.
    logger.error({ err }, "could not check whether images are used by orders; files kept");
    return;
  }
  for (const key of keys) {
    if (keep.has(key)) continue;
    await removeImage(key).catch((err: unknown) =>
      logger.error({ err, key }, "could not remove image files"),
    );
  }
}

export async function discardStored(images: StoredImage[]): Promise<void> {
  for (const img of images) {
    await removeImage(img.imageKey).catch((err: unknown) =>
      logger.error({ err, key: img.imageKey }, "could not remove image files"),
    );
  }
}

/** One writer at a time for a list's display orders (next order = max + 1 must not race). */
export async function lockList(tx: Tx, list: "bestselling_products" | "banners"): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`neon:order:${list}`}))`);
}

type OrderedTable = typeof bestsellingProducts | typeof banners;

/**
 * Swap an item's display order with its neighbour's (the one before for "up", after for "down"), in one
 * transaction. At the ends nothing changes (`moved` false).
 */
export async function moveInList(
  table: OrderedTable,
  list: "bestselling_products" | "banners",
  id: string,
  direction: MoveDirection,
  what: string,
): Promise<Result<{ moved: boolean }>> {
  return db().transaction(async (tx) => {
    await lockList(tx, list);
    const rows: { id: string; displayOrder: number }[] = await tx
      .select({ id: table.id, displayOrder: table.displayOrder })
      .from(table)
      .orderBy(asc(table.displayOrder));
    const index = rows.findIndex((r) => r.id === id);
    if (index < 0) return notFound(what);
    const other = rows[direction === "up" ? index - 1 : index + 1];
    if (!other) return { ok: true as const, moved: false };
    const self = rows[index]!;
    await tx.update(table).set({ displayOrder: other.displayOrder }).where(eq(table.id, self.id));
    await tx.update(table).set({ displayOrder: self.displayOrder }).where(eq(table.id, other.id));
    return { ok: true as const, moved: true };
  });
}
