import { asc, eq, max } from "drizzle-orm";
import { setRowActive } from "~/features/admin-shell/admin-rows.server";
import {
  bannerFileError,
  MAX_BANNER_IMAGE_BYTES,
  MESSAGES,
  type BannerInput,
} from "~/features/catalog/admin-catalog";
import { type MoveDirection, invalid, notFound, type Result } from "~/shared/admin-forms";
import { discountLabel } from "~/features/discount-codes/discounts";
import type { StoredImage } from "~/shared/images";
import { db } from "~/platform/db/client.server";
import { pgErrorOf } from "~/platform/db/errors.server";
import { banners } from "./tables.server";
import { discountCodes } from "~/features/discount-codes/tables.server";
import { offers } from "~/features/offers/tables.server";
import { logger } from "~/platform/logger.server";
import { ImageRejected, storeImage } from "~/platform/storage/uploads.server";
import {
  discardStored,
  lockList,
  moveInList,
  removeImageFiles,
  type UploadedFile,
} from "./admin-catalog-writes.server";

/** The admin catalogue's banners. */

const GONE_PROMOTION = "That discount code or offer no longer exists. Please reload the page.";

export type AdminBanner = {
  id: string;
  title: string;
  linkUrl: string | null;
  /** What the banner promises (at most one of the two). */
  discountCodeId: string | null;
  offerId: string | null;
  isActive: boolean;
  displayOrder: number;
  createdAt: Date;
} & StoredImage;

export async function listBannersAdmin(): Promise<AdminBanner[]> {
  return db()
    .select({
      id: banners.id,
      title: banners.title,
      linkUrl: banners.linkUrl,
      discountCodeId: banners.discountCodeId,
      offerId: banners.offerId,
      isActive: banners.isActive,
      displayOrder: banners.displayOrder,
      createdAt: banners.createdAt,
      imageKey: banners.imageKey,
      width: banners.width,
      height: banners.height,
    })
    .from(banners)
    .orderBy(asc(banners.displayOrder));
}

/** Checks and stores the banner image, then adds the banner at the end of the list. */
export async function createBanner(
  input: Omit<BannerInput, "promotion"> & Partial<Pick<BannerInput, "promotion">>,
  file: UploadedFile | null,
): Promise<Result<{ id: string }>> {
  const fileError = bannerFileError(file ? { size: file.bytes.length, type: file.type } : null);
  if (fileError || !file) return invalid({ image: fileError ?? MESSAGES.bannerImage });
  let stored: StoredImage;
  try {
    stored = await storeImage(file.bytes, { maxBytes: MAX_BANNER_IMAGE_BYTES });
  } catch (e) {
    if (e instanceof ImageRejected) return invalid({ image: e.message });
    throw e;
  }
  try {
    const id = await db().transaction(async (tx) => {
      await lockList(tx, "banners");
      const [{ top }] = (await tx.select({ top: max(banners.displayOrder) }).from(banners)) as [
        { top: number | null },
      ];
      const [row] = await tx
        .insert(banners)
        .values({
          title: input.title,
          linkUrl: input.linkUrl,
          ...(input.promotion ?? {}),
          ...stored,
          isActive: true,
          displayOrder: (top ?? 0) + 1,
        })
        .returning({ id: banners.id });
      return row!.id;
    });
    logger.info({ bannerId: id }, "banner uploaded");
    return { ok: true, id };
  } catch (e) {
    await discardStored([stored]);
    if (pgErrorOf(e)?.code === "23503") return invalid({ promotion: GONE_PROMOTION });
    throw e;
  }
}

export function setBannerActive(id: string, isActive: boolean) {
  return setRowActive(banners, id, isActive, "Banner");
}

export function moveBanner(id: string, direction: MoveDirection) {
  return moveInList(banners, "banners", id, direction, "Banner");
}

/** Deletes the banner row, then its image files. */
export async function deleteBanner(id: string): Promise<Result> {
  const rows = await db().delete(banners).where(eq(banners.id, id)).returning({ imageKey: banners.imageKey });
  if (rows.length === 0) return notFound("Banner");
  await removeImageFiles(rows.map((r) => r.imageKey));
  logger.info({ bannerId: id }, "banner deleted");
  return { ok: true };
}

/** What a banner promises: a code, an offer or nothing. */
export async function setBannerPromotion(
  id: string,
  promotion: { discountCodeId: string | null; offerId: string | null },
): Promise<Result> {
  try {
    const rows = await db()
      .update(banners)
      .set(promotion)
      .where(eq(banners.id, id))
      .returning({ id: banners.id });
    if (rows.length === 0) return notFound("Banner");
  } catch (e) {
    if (pgErrorOf(e)?.code === "23503") return invalid({ promotion: GONE_PROMOTION });
    throw e;
  }
  return { ok: true };
}

/** The codes and offers a banner may promise, for the admin's lists. */
export async function promotionOptions(): Promise<{ value: string; label: string }[]> {
  const codes = await db()
    .select({
      id: discountCodes.id,
      code: discountCodes.code,
      kind: discountCodes.kind,
      value: discountCodes.value,
    })
    .from(discountCodes)
    .orderBy(asc(discountCodes.code));
  const list = await db().select({ id: offers.id, name: offers.name }).from(offers).orderBy(asc(offers.name));
  return [
    ...codes.map((c) => ({ value: `code:${c.id}`, label: `Code ${c.code} (${discountLabel(c)})` })),
    ...list.map((o) => ({ value: `offer:${o.id}`, label: `Offer: ${o.name}` })),
  ];
}
