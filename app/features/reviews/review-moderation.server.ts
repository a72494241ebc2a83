import { desc, eq, sql } from "drizzle-orm";
import type { AdminUser } from "~/platform/auth/auth.server";
import { db } from "~/platform/db/client.server";
import { products } from "~/features/catalog/tables.server";
import { reviews } from "./tables.server";
import { logger } from "~/platform/logger.server";
import { publicImageBase } from "~/platform/storage/object-store.server";
import { refreshProductFigures } from "~/features/reviews/review-figures.server";
import {
  canModerate,
  type RejectReason,
  REVIEW_STATUSES,
  type ReviewStatus,
} from "~/features/reviews/reviews";
import type { ReviewPhoto } from "~/features/reviews/reviews.server";

/*
 * The review administrator's side (issue 29, IS 19000:2022): the queue by status, publish or reject with a reason
 * from the published criteria (the rating is never looked at), the incentive flag, and the shop's reply. Every
 * decision re-computes the product's figures in the same transaction.
 */

export type ModerationRow = {
  id: string;
  status: ReviewStatus;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  productName: string | null;
  rejectReason: RejectReason | null;
  incentivised: boolean;
  isDemo: boolean;
  shopReply: string | null;
  createdAt: Date;
  publishedAt: Date | null;
  photos: ReviewPhoto[];
};

const photosJson = sql<
  ReviewPhoto[]
>`coalesce((select json_agg(json_build_object('id', p.id, 'imageKey', p.image_key,
  'width', p.width, 'height', p.height) order by p.display_order) from review_photos p where p.review_id = "reviews"."id"), '[]'::json)`;

export function isReviewStatus(v: string | null): v is ReviewStatus {
  return (REVIEW_STATUSES as readonly string[]).includes(v ?? "");
}

/** The queue: reviews of one status, oldest pending first (others newest first), with counts per status. */
export async function moderationQueue(status: ReviewStatus) {
  const rows: ModerationRow[] = await db()
    .select({
      id: reviews.id,
      status: reviews.status,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      authorName: reviews.authorName,
      productName: sql<
        string | null
      >`coalesce(${products.name}, case when ${reviews.customOrderId} is not null then 'Custom neon sign' end)`,
      rejectReason: reviews.rejectReason,
      incentivised: reviews.incentivised,
      isDemo: reviews.isDemo,
      shopReply: reviews.shopReply,
      createdAt: reviews.createdAt,
      publishedAt: reviews.publishedAt,
      photos: photosJson,
    })
    .from(reviews)
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.status, status))
    .orderBy(status === "pending" ? reviews.createdAt : desc(reviews.createdAt))
    .limit(200);
  const counts = await db()
    .select({ status: reviews.status, n: sql<number>`count(*)::int` })
    .from(reviews)
    .groupBy(reviews.status);
  const countOf = Object.fromEntries(
    REVIEW_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0]),
  );
  return { rows, counts: countOf as Record<ReviewStatus, number>, imageBase: publicImageBase() };
}

export type ModerationOutcome =
  { ok: true; message: string } | { ok: false; status: number; message: string };

type Decision =
  | { decision: "publish"; reviewId: string; incentivised?: boolean }
  | { decision: "reject"; reviewId: string; reason: RejectReason };

/** Publish or reject one review (never a withdrawn one); the product's stars follow in the same transaction. */
export async function moderateReview(admin: AdminUser, d: Decision): Promise<ModerationOutcome> {
  return db().transaction(async (tx) => {
    const [r] = await tx
      .select({ status: reviews.status, productId: reviews.productId, publishedAt: reviews.publishedAt })
      .from(reviews)
      .where(eq(reviews.id, d.reviewId))
      .for("update");
    if (!r) return { ok: false, status: 404, message: "That review no longer exists." };
    if (!canModerate(r.status, d.decision))
      return {
        ok: false,
        status: 409,
        message:
          r.status === "withdrawn"
            ? "The author withdrew this review."
            : "The review is already in that state.",
      };
    const now = new Date();
    await tx
      .update(reviews)
      .set(
        d.decision === "publish"
          ? {
              status: "published",
              rejectReason: null,
              publishedAt: r.publishedAt ?? now,
              ...(d.incentivised === undefined ? {} : { incentivised: d.incentivised }),
              moderatedBy: admin.id,
              moderatedAt: now,
              updatedAt: now,
            }
          : {
              status: "rejected",
              rejectReason: d.reason,
              moderatedBy: admin.id,
              moderatedAt: now,
              updatedAt: now,
            },
      )
      .where(eq(reviews.id, d.reviewId));
    await refreshProductFigures(tx, r.productId);
    logger.info({ event: `review.${d.decision}`, by: admin.email }, "review moderated");
    return { ok: true, message: d.decision === "publish" ? "Review published." : "Review not published." };
  });
}

/** The shop's public answer under a review (an empty reply removes it). */
export async function replyToReview(reviewId: string, reply: string): Promise<ModerationOutcome> {
  const text = reply.trim();
  const done = await db()
    .update(reviews)
    .set({ shopReply: text || null, repliedAt: text ? new Date() : null, updatedAt: new Date() })
    .where(eq(reviews.id, reviewId))
    .returning({ id: reviews.id });
  if (!done.length) return { ok: false, status: 404, message: "That review no longer exists." };
  return { ok: true, message: text ? "Reply saved." : "Reply removed." };
}
