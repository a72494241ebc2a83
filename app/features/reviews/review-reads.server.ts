import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { reviews } from "./tables.server";
import { publicImageBase } from "~/platform/storage/object-store.server";
import { publishedSummary } from "~/features/reviews/review-figures.server";
import { cachedReviewRead } from "~/features/reviews/review-cache.server";
import { isLocalUrl } from "~/features/reviews/demo-reviews.server";
import { env } from "~/platform/env.server";
import {
  type RatingSummary,
  REVIEWS_PAGE_SIZE,
  reviewListQuery,
  type ReviewSort,
} from "~/features/reviews/reviews";
import type { ReviewPhoto } from "~/features/reviews/reviews.server";

/** What the shop shows of a published review: never the buyer's full name, contact or order. */
export type PublicReview = {
  id: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  createdAt: Date;
  publishedAt: Date;
  incentivised: boolean;
  isDemo: boolean;
  /**
   * Written for a real order (issue 42): neither a demo sample nor a test-gateway order. Only these carry
   * "Verified purchase".
   */
  verified: boolean;
  shopReply: string | null;
  repliedAt: Date | null;
  photos: ReviewPhoto[];
};

export type ProductReviews = {
  summary: RatingSummary;
  reviews: PublicReview[];
  sort: ReviewSort;
  stars: number | null;
  page: number;
  pages: number;
  imageBase: string;
};

/**
 * Whether a review (the table or its alias) was written for a real order: neither a demo sample nor a
 * test-gateway order (issue 42). Only these carry "Verified purchase".
 */
const verifiedPurchase = (r: SQL) => sql<boolean>`(not ${r}.is_demo and not coalesce(
  (select o.is_test from order_items i join orders o on o.id = i.order_id where i.id = ${r}.order_item_id),
  (select c.is_test from custom_neon_orders c where c.id = ${r}.custom_order_id),
  true))`;

const photosJson = sql<
  ReviewPhoto[]
>`coalesce((select json_agg(json_build_object('id', p.id, 'imageKey', p.image_key,
  'width', p.width, 'height', p.height) order by p.display_order) from review_photos p where p.review_id = "reviews"."id"), '[]'::json)`;
const hasPhotos = sql`exists (select 1 from review_photos p where p.review_id = "reviews"."id")`;

const ORDER: Record<ReviewSort, SQL[]> = {
  photos: [sql`${hasPhotos} desc`, desc(reviews.publishedAt)],
  newest: [desc(reviews.publishedAt)],
  highest: [desc(reviews.rating), desc(reviews.publishedAt)],
  lowest: [asc(reviews.rating), desc(reviews.publishedAt)],
};

/**
 * The product page's reviews: the distribution of its published reviews' stars, and one page of them (photos
 * first unless sorted otherwise, filtered by stars), read from the URL (?sort=&stars=&page=).
 */
export function productReviews(productId: string, params: URLSearchParams): Promise<ProductReviews> {
  const q = reviewListQuery(params);
  // Only the normalised query makes the key: junk parameters cannot grow the cache.
  return cachedReviewRead(`product:${productId}:${q.sort}:${q.stars ?? ""}:${q.page}`, () =>
    readProductReviews(productId, q),
  );
}

async function readProductReviews(
  productId: string,
  q: ReturnType<typeof reviewListQuery>,
): Promise<ProductReviews> {
  const summary = await publishedSummary(db(), productId);
  const matching = q.stars === null ? summary.count : summary.distribution[5 - q.stars]!;
  const pages = Math.max(1, Math.ceil(matching / REVIEWS_PAGE_SIZE));
  const page = Math.min(q.page, pages);
  const rows = matching
    ? await db()
        .select({
          id: reviews.id,
          rating: reviews.rating,
          title: reviews.title,
          body: reviews.body,
          authorName: reviews.authorName,
          createdAt: reviews.createdAt,
          publishedAt: sql<Date>`${reviews.publishedAt}`.mapWith(reviews.publishedAt),
          incentivised: reviews.incentivised,
          isDemo: reviews.isDemo,
          verified: verifiedPurchase(sql`"reviews"`),
          shopReply: reviews.shopReply,
          repliedAt: reviews.repliedAt,
          photos: photosJson,
        })
        .from(reviews)
        .where(
          and(
            eq(reviews.productId, productId),
            eq(reviews.status, "published"),
            q.stars === null ? undefined : eq(reviews.rating, q.stars),
          ),
        )
        .orderBy(...ORDER[q.sort], desc(reviews.id))
        .limit(REVIEWS_PAGE_SIZE)
        .offset((page - 1) * REVIEWS_PAGE_SIZE)
    : [];
  return { summary, reviews: rows, sort: q.sort, stars: q.stars, page, pages, imageBase: publicImageBase() };
}

export type CustomerPhoto = ReviewPhoto & {
  reviewId: string;
  productId: string | null;
  productName: string | null;
  rating: number;
  authorName: string;
};

/**
 * "Customer photos": the first photo of the newest published reviews whose authors allowed it (showcase), ready-made
 * and custom designs alike; `customOnly` for the customiser's "signs our buyers made".
 */
export function customerPhotos(limit = 8, customOnly = false): Promise<CustomerPhoto[]> {
  return cachedReviewRead(`photos:${limit}:${customOnly}`, () => readCustomerPhotos(limit, customOnly));
}

async function readCustomerPhotos(limit: number, customOnly: boolean): Promise<CustomerPhoto[]> {
  const r = await db().execute<CustomerPhoto>(sql`
    select p.id, p.image_key as "imageKey", p.width, p.height, r.id as "reviewId", r.product_id as "productId",
      pr.name as "productName", r.rating, r.author_name as "authorName"
    from reviews r
    join lateral (select * from review_photos p where p.review_id = r.id order by p.display_order limit 1) p on true
    left join products pr on pr.id = r.product_id
    where r.status = 'published' and r.showcase ${customOnly ? sql`and r.custom_order_id is not null` : sql``}
    order by r.published_at desc, r.id desc
    limit ${limit}`);
  return r.rows;
}

export type Testimonial = {
  id: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  productId: string | null;
  productName: string | null;
  publishedAt: Date;
  isDemo: boolean;
  /** A real order's review (see verifiedPurchase). */
  verified: boolean;
};

/** The home page's "What Our Customers Say" holds this many (the spec's five). */
export const HOME_TESTIMONIALS = 5;

/**
 * The home page's testimonials (decision 032): the newest published reviews, whatever their rating (no choosing
 * the flattering ones). `sample`: the demo shop (a local PUBLIC_URL) with fewer than five shows the spec's sample
 * testimonials instead, marked as samples; a real shop never does; it shows what it has, or nothing.
 */
export function homeTestimonials(): Promise<{ reviews: Testimonial[]; sample: boolean }> {
  const local = isLocalUrl(env().PUBLIC_URL);
  return cachedReviewRead(`testimonials:${local}`, async () => {
    const rows = await db().execute<Testimonial>(sql`
      select r.id, r.rating, r.title, r.body, r.author_name as "authorName", r.product_id as "productId",
        p.name as "productName", r.published_at as "publishedAt", r.is_demo as "isDemo",
        ${verifiedPurchase(sql`r`)} as verified
      from reviews r left join products p on p.id = r.product_id
      where r.status = 'published'
      order by r.published_at desc, r.id desc
      limit ${HOME_TESTIMONIALS}`);
    const reviews = rows.rows.map((r) => ({ ...r, publishedAt: new Date(r.publishedAt) }));
    const sample = local && reviews.length < HOME_TESTIMONIALS;
    return { reviews: sample ? [] : reviews, sample };
  });
}
