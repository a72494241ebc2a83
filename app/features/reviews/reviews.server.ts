import crypto from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "~/platform/db/client.server";
import { customNeonOrders, orders, orderItems } from "~/features/order-lifecycle/tables.server";
import { reviewPhotos, reviewRequests, reviews } from "./tables.server";
import { logger } from "~/platform/logger.server";
import { publicImageBase } from "~/platform/storage/object-store.server";
import { ImageRejected, removeImage, storeImage } from "~/platform/storage/uploads.server";
import type { StoredImage } from "~/shared/images";
import { isOrderAccessToken } from "~/shared/order-links";
import { refreshProductFigures } from "~/features/reviews/review-figures.server";
import {
  autoPublishes,
  canWithdraw,
  MESSAGES,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTOS_MAX,
  reviewerName,
  reviewRefusal,
  type ReviewStatus,
} from "~/features/reviews/reviews";
import { type ReviewInput } from "~/features/reviews/review-forms";

/*
 * The shopper's side of reviews (issue 29): the review page behind the private link of a review request, a
 * review of one line of that order (checked again under the order's row lock), and its withdrawal.
 */

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function hashReviewToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A new link token (256 random bits, base64url) and the hash kept of it. */
export function newReviewToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashReviewToken(token) };
}

export function reviewPagePath(token: string): string {
  return `/review/${token}`;
}

type RequestRow = { orderId: string | null; customOrderId: string | null };

/**
 * The order behind a review link, or null. Two keys open the same review page: the review request's own token
 * (the e-mail, never a cancelled request; only its hash is stored) and the order page's access token (the order
 * page's "Write a review" link and the WhatsApp message, issue 29): whoever may see the order may review it.
 * Whether a line can be reviewed is decided per line (delivered, not refunded, ...), not by the key.
 */
async function requestOf(token: string): Promise<RequestRow | null> {
  if (isOrderAccessToken(token)) {
    const [o] = await db().select({ id: orders.id }).from(orders).where(eq(orders.accessToken, token));
    if (o) return { orderId: o.id, customOrderId: null };
    const [c] = await db()
      .select({ id: customNeonOrders.id })
      .from(customNeonOrders)
      .where(eq(customNeonOrders.accessToken, token));
    return c ? { orderId: null, customOrderId: c.id } : null;
  }
  if (!TOKEN.test(token)) return null;
  const [r] = await db()
    .select({ orderId: reviewRequests.orderId, customOrderId: reviewRequests.customOrderId })
    .from(reviewRequests)
    .where(
      and(eq(reviewRequests.tokenHash, hashReviewToken(token)), sql`${reviewRequests.cancelledAt} is null`),
    );
  return r ?? null;
}

export type ReviewPhoto = StoredImage & { id: string };
export type OwnReview = {
  id: string;
  status: ReviewStatus;
  rating: number;
  title: string;
  body: string;
  rejectReason: string | null;
  createdAt: Date;
  publishedAt: Date | null;
  photos: ReviewPhoto[];
};
export type ReviewLine = {
  /** "item:<order line id>" or "custom:<custom order id>". */
  ref: string;
  name: string;
  image: string | null;
  refusal: string | null;
  review: OwnReview | null;
};
export type ReviewPage = { firstName: string; orderedAt: Date; lines: ReviewLine[]; imageBase: string };

type OrderFacts = {
  name: string;
  status: string;
  paymentStatus: string;
  returned: boolean;
  createdAt: Date;
};

const returnedSql = (col: "order_id" | "custom_order_id", id: string) =>
  sql<boolean>`exists (select 1 from return_requests rr where rr.${sql.raw(col)} = ${id}
    and rr.status in ('approved', 'received', 'refunded'))`;

async function orderFacts(
  tx: Tx | ReturnType<typeof db>,
  req: RequestRow,
  lock: boolean,
): Promise<OrderFacts> {
  const table = req.orderId ? orders : customNeonOrders;
  const id = (req.orderId ?? req.customOrderId)!;
  const q = tx
    .select({
      name: table.customerName,
      status: table.status,
      paymentStatus: table.paymentStatus,
      createdAt: table.createdAt,
      returned: returnedSql(req.orderId ? "order_id" : "custom_order_id", id),
    })
    .from(table)
    .where(eq(table.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row!;
}

const photosJson = sql<
  ReviewPhoto[]
>`coalesce((select json_agg(json_build_object('id', p.id, 'imageKey', p.image_key,
  'width', p.width, 'height', p.height) order by p.display_order) from review_photos p where p.review_id = "reviews"."id"), '[]'::json)`;

const ownReviewFields = {
  id: reviews.id,
  status: reviews.status,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  rejectReason: reviews.rejectReason,
  createdAt: reviews.createdAt,
  publishedAt: reviews.publishedAt,
  photos: photosJson,
};

/** The review page of a link: the order's lines, each with its review or why it cannot be reviewed. Null: no such link. */
export async function loadReviewPage(token: string): Promise<ReviewPage | null> {
  const req = await requestOf(token);
  if (!req) return null;
  const facts = await orderFacts(db(), req, false);
  const refusal = (reviewed: boolean) => reviewRefusal({ ...facts, alreadyReviewed: reviewed });
  let lines: ReviewLine[];
  if (req.orderId) {
    const rows = await db()
      .select({ id: orderItems.id, name: orderItems.productName, image: orderItems.productImage })
      .from(orderItems)
      .where(eq(orderItems.orderId, req.orderId))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
    const own = rows.length
      ? await db()
          .select({ ...ownReviewFields, line: reviews.orderItemId })
          .from(reviews)
          .where(
            inArray(
              reviews.orderItemId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    lines = rows.map((r) => {
      const review = own.find((o) => o.line === r.id) ?? null;
      return { ref: `item:${r.id}`, name: r.name, image: r.image, refusal: refusal(!!review), review };
    });
  } else {
    const [o] = await db()
      .select({ text: customNeonOrders.customText })
      .from(customNeonOrders)
      .where(eq(customNeonOrders.id, req.customOrderId!));
    const [review] = await db()
      .select(ownReviewFields)
      .from(reviews)
      .where(eq(reviews.customOrderId, req.customOrderId!));
    lines = [
      {
        ref: `custom:${req.customOrderId}`,
        name: `Custom neon sign “${o!.text}”`,
        image: null,
        refusal: refusal(!!review),
        review: review ?? null,
      },
    ];
  }
  return {
    firstName: facts.name.trim().split(/\s+/)[0] ?? "",
    orderedAt: facts.createdAt,
    lines,
    imageBase: publicImageBase(),
  };
}

export type OrderPageReviews = {
  link: string;
  lines: { name: string; canReview: boolean; status: ReviewStatus | null; rating: number | null }[];
};

/** The order page's "Reviews" card: each line's review state, or null when nothing there can or could be reviewed. */
export async function orderPageReviews(accessToken: string): Promise<OrderPageReviews | null> {
  const page = await loadReviewPage(accessToken);
  if (!page) return null;
  const lines = page.lines.map((l) => ({
    name: l.name,
    canReview: l.refusal === null,
    status: l.review?.status ?? null,
    rating: l.review?.rating ?? null,
  }));
  if (!lines.some((l) => l.canReview || l.status)) return null;
  return { link: reviewPagePath(accessToken), lines };
}

export type Upload = { name: string; type: string; bytes: Buffer };
export type ReviewOutcome =
  { ok: true; status: ReviewStatus } | { ok: false; status: number; message: string; field?: "photos" };

const NO_LINK = "This review link is not valid. Please use the link from your e-mail.";

function parseLineRef(ref: string): { kind: "item" | "custom"; id: string } | null {
  const m = /^(item|custom):([0-9a-f-]{36})$/.exec(ref);
  return m ? { kind: m[1] as "item" | "custom", id: m[2]! } : null;
}

/** Why this line cannot be reviewed now (or null), from the order's facts (read, or read under its lock). */
async function lineRefusal(
  tx: Tx | ReturnType<typeof db>,
  req: RequestRow,
  line: { kind: "item" | "custom"; id: string },
  lock: boolean,
  known?: OrderFacts,
): Promise<string | null> {
  const facts = known ?? (await orderFacts(tx, req, lock));
  const [existing] = await tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(line.kind === "item" ? eq(reviews.orderItemId, line.id) : eq(reviews.customOrderId, line.id));
  return reviewRefusal({ ...facts, alreadyReviewed: !!existing });
}

/**
 * A buyer's review of one line of the order behind the link: the photos are checked by content and stored first
 * (re-encoded, metadata stripped), then one transaction re-checks the line under the order's row lock and writes
 * the review and its photos; any refusal removes the stored photos again, so nothing is half-saved.
 */
export async function submitReview(
  token: string,
  lineRef: string,
  input: ReviewInput,
  uploads: Upload[],
  options: { autoPublish: boolean } = { autoPublish: false },
): Promise<ReviewOutcome> {
  const req = await requestOf(token);
  if (!req) return { ok: false, status: 404, message: NO_LINK };
  const line = parseLineRef(lineRef);
  // A line of another order is refused exactly like a line that does not exist.
  const notThisOrder = { ok: false as const, status: 404, message: "This item is not part of your order." };
  if (!line || (line.kind === "custom") !== !!req.customOrderId) return notThisOrder;
  if (line.kind === "custom" && line.id !== req.customOrderId) return notThisOrder;
  let productId: string | null = null;
  if (line.kind === "item") {
    const [item] = await db()
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .where(and(eq(orderItems.id, line.id), eq(orderItems.orderId, req.orderId!)));
    if (!item) return notThisOrder;
    productId = item.productId;
  }
  if (uploads.length > REVIEW_PHOTOS_MAX)
    return { ok: false, status: 400, message: MESSAGES.tooManyPhotos, field: "photos" };
  // Refused before any photo is decoded (a replay of a reviewed line, an order refunded since): the same check
  // runs again under the order's lock below; this one only spares the work of storing photos for nothing.
  const early = await lineRefusal(db(), req, line, false);
  if (early) return { ok: false, status: 409, message: early };

  const stored: StoredImage[] = [];
  try {
    for (const u of uploads)
      stored.push(await storeImage(u.bytes, { maxBytes: REVIEW_PHOTO_MAX_BYTES, maxWidth: 1280 }));
  } catch (e) {
    await Promise.all(stored.map((s) => removeImage(s.imageKey)));
    if (e instanceof ImageRejected)
      return {
        ok: false,
        status: 400,
        message: `${e.message} Please choose a photo (PNG, JPEG or WebP).`,
        field: "photos",
      };
    throw e;
  }
  try {
    const outcome = await db().transaction(async (tx): Promise<ReviewOutcome> => {
      const facts = await orderFacts(tx, req, true);
      const refusal = await lineRefusal(tx, req, line, true, facts);
      if (refusal) return { ok: false, status: 409, message: refusal };
      const status: ReviewStatus = autoPublishes(options.autoPublish, { ...input, photoCount: stored.length })
        ? "published"
        : "pending";
      const now = new Date();
      const [row] = await tx
        .insert(reviews)
        .values({
          orderItemId: line.kind === "item" ? line.id : null,
          customOrderId: line.kind === "custom" ? line.id : null,
          productId,
          rating: input.rating,
          title: input.title,
          body: input.body,
          showcase: input.showcase,
          authorName: reviewerName(facts.name),
          status,
          publishedAt: status === "published" ? now : null,
        })
        .returning({ id: reviews.id });
      if (stored.length)
        await tx
          .insert(reviewPhotos)
          .values(stored.map((s, i) => ({ reviewId: row!.id, ...s, displayOrder: i + 1 })));
      if (status === "published") await refreshProductFigures(tx, productId);
      return { ok: true, status };
    });
    if (!outcome.ok) await Promise.all(stored.map((s) => removeImage(s.imageKey)));
    else
      logger.info(
        { event: "review.submitted", status: outcome.status, photos: stored.length },
        "review submitted",
      );
    return outcome;
  } catch (e) {
    await Promise.all(stored.map((s) => removeImage(s.imageKey)));
    // Two submits of the same line at once: the second meets the unique index.
    if (
      e instanceof Error &&
      /reviews_(order_item|custom_order)_uq/.test(String((e as { cause?: unknown }).cause ?? e.message))
    )
      return { ok: false, status: 409, message: MESSAGES.alreadyReviewed };
    throw e;
  }
}

/** The author takes their review back (from the link's page): it leaves the shop and its stars at once. */
export async function withdrawReview(token: string, reviewId: string): Promise<ReviewOutcome> {
  const req = await requestOf(token);
  if (!req) return { ok: false, status: 404, message: NO_LINK };
  return db().transaction(async (tx) => {
    const [r] = await tx
      .select({ id: reviews.id, status: reviews.status, productId: reviews.productId })
      .from(reviews)
      .leftJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
      .where(
        and(
          eq(reviews.id, reviewId),
          req.orderId ? eq(orderItems.orderId, req.orderId) : eq(reviews.customOrderId, req.customOrderId!),
        ),
      )
      .for("update", { of: reviews });
    if (!r) return { ok: false, status: 404, message: "This review is not part of your order." };
    if (!canWithdraw(r.status))
      return { ok: false, status: 409, message: "This review is already withdrawn." };
    await tx
      .update(reviews)
      .set({ status: "withdrawn", withdrawnAt: new Date(), updatedAt: new Date() })
      .where(eq(reviews.id, r.id));
    if (r.status === "published") await refreshProductFigures(tx, r.productId);
    logger.info({ event: "review.withdrawn" }, "review withdrawn by its author");
    return { ok: true, status: "withdrawn" as const };
  });
}
