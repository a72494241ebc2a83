/**
 * Reviews from real buyers (issue 29, IS 19000:2022). Only the buyer of a delivered order line writes one, through
 * the private link mailed after delivery; one review per line; the shop's review administrator publishes or rejects
 * it by the published criteria below, the same for a 1-star as for a 5-star review; the author may withdraw it.
 * A product's stars and review count are computed from its published reviews only. Pure rules: the server applies
 * them in one transaction.
 */

export const REVIEW_STATUSES = ["pending", "published", "rejected", "withdrawn"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Waiting for moderation",
  published: "Published",
  rejected: "Not published",
  withdrawn: "Withdrawn by the author",
};

/** The published moderation criteria: the only reasons a review is not published. */
export const REJECT_REASONS = ["abuse", "personal_data", "off_topic", "spam"] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const REVIEW_CRITERIA: Record<RejectReason, { label: string; rule: string }> = {
  abuse: {
    label: "Abusive or offensive",
    rule: "Insults, threats, hate speech, obscene language or content aimed at a person rather than the product.",
  },
  personal_data: {
    label: "Personal data",
    rule: "Phone numbers, addresses, e-mail addresses, order numbers or other details that identify a person.",
  },
  off_topic: {
    label: "Off-topic",
    rule: "Text or photos that are not about the product bought, its delivery or the service around it.",
  },
  spam: {
    label: "Spam or advertising",
    rule: "Advertising, links to other shops, repeated text or content not written by the buyer.",
  },
};

/** What is never a reason: the rating, the tone of honest criticism, or a comparison with other shops. */
export const NOT_A_REASON =
  "A review is never held back because its rating is low or it criticises the product, the delivery or the shop.";

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 4;
export const REVIEW_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** The whole review form (text and up to four photos) as it streams in. */
export const REVIEW_FORM_MAX_BYTES = REVIEW_PHOTOS_MAX * REVIEW_PHOTO_MAX_BYTES + 64 * 1024;
export const REPLY_MAX = 1000;

/** Days after delivery the review request is mailed. */
export const REVIEW_REQUEST_DELAY_DAYS = 3;
/** Days after the request a single reminder goes, when no item of the order has been reviewed. */
export const REVIEW_REMINDER_DAYS = 7;

export const MESSAGES = {
  rating: "Choose a rating from 1 to 5 stars",
  title: "Please give your review a title",
  bodyShort: `Please write at least ${REVIEW_BODY_MIN} characters`,
  tooManyPhotos: `Up to ${REVIEW_PHOTOS_MAX} photos per review`,
  notDelivered: "You can review an item once it has been delivered.",
  notReviewable: "This order can no longer be reviewed.",
  alreadyReviewed: "You have already reviewed this item.",
  rejectReason: "Choose the criterion the review does not meet",
} as const;

/** The facts that decide whether a line may be reviewed. */
export type ReviewableLine = {
  /** The order's status. */
  status: string;
  paymentStatus: string;
  /** A return of the order was accepted (approved, received or refunded). */
  returned: boolean;
  alreadyReviewed: boolean;
};

/** Why a line cannot be reviewed now, or null: only a delivered, kept, unrefunded line that has no review yet. */
export function reviewRefusal(line: ReviewableLine): string | null {
  if (line.alreadyReviewed) return MESSAGES.alreadyReviewed;
  if (line.status === "cancelled" || line.status === "rto") return MESSAGES.notReviewable;
  if (line.paymentStatus === "refunded" || line.returned) return MESSAGES.notReviewable;
  if (line.status !== "delivered") return MESSAGES.notDelivered;
  return null;
}

/** Whether an order still gets (or keeps) its review request: delivered, not refunded, not returned. */
export function wantsReviewRequest(order: {
  status: string;
  paymentStatus: string;
  returned: boolean;
  /** A test-gateway order is nobody's purchase: never asked for a review (issue 42). */
  isTest?: boolean;
}): boolean {
  return (
    order.status === "delivered" && order.paymentStatus !== "refunded" && !order.returned && !order.isTest
  );
}

export type RatingSummary = {
  /** Mean of the ratings rounded to one decimal; 0 when there are none. */
  average: number;
  count: number;
  /** How many reviews gave 5, 4, 3, 2 and 1 stars (index 0 is 5 stars). */
  distribution: [number, number, number, number, number];
};

/** The figures every star on the shop shows, from the published reviews' ratings. */
export function ratingSummary(ratings: readonly number[]): RatingSummary {
  const distribution: RatingSummary["distribution"] = [0, 0, 0, 0, 0];
  let sum = 0;
  for (const r of ratings) {
    if (!Number.isInteger(r) || r < 1 || r > 5) throw new RangeError(`Not a rating: ${r}`);
    distribution[5 - r]!++;
    sum += r;
  }
  const count = ratings.length;
  return { average: count ? Math.round((sum / count) * 10) / 10 : 0, count, distribution };
}

// A scheme, "www.", or a name followed by a dot and two or more letters (any top-level domain: cheap.online,
// shop.co.in, a@b.ru). Over-matching ("sign.Great", a missing space) only sends a review to moderation.
const LINK =
  /(?:https?:\/\/|www\.)|[\p{L}\p{N}-](?:[.。．]|\s[.。．]\s?)\p{L}{2,24}(?![\p{L}\p{N}])(?!\.\d)/iu;

/**
 * Whether the text has something that looks like a web address or an e-mail address (never auto-published;
 * always shown as plain text).
 */
export function hasLink(text: string): boolean {
  return LINK.test(text);
}

/** A review goes live without a moderator only when the owner chose so and it has no photos and no links. */
export function autoPublishes(
  autoPublish: boolean,
  review: { title: string; body: string; photoCount: number },
): boolean {
  return autoPublish && review.photoCount === 0 && !hasLink(review.title) && !hasLink(review.body);
}

/** The author's name as shown: first name and the initial of the last ("Priya S."). */
export function reviewerName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "Verified buyer";
  const first = parts[0]!;
  const last = parts.length > 1 ? parts[parts.length - 1]! : "";
  return last ? `${first} ${Array.from(last)[0]!.toUpperCase()}.` : first;
}

/** Which moves a review may make, and who makes them. */
export function canModerate(status: ReviewStatus, decision: "publish" | "reject"): boolean {
  if (status === "withdrawn") return false;
  return decision === "publish" ? status !== "published" : status !== "rejected";
}

export function canWithdraw(status: ReviewStatus): boolean {
  return status !== "withdrawn";
}

export const REVIEW_SORTS = ["photos", "newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEWS_PAGE_SIZE = 10;

/** The product page's review list query from its URL (?reviews=photos&stars=5&page=2), bad values dropped. */
export function reviewListQuery(params: URLSearchParams): {
  sort: ReviewSort;
  stars: number | null;
  page: number;
} {
  const sort = REVIEW_SORTS.find((s) => s === params.get("sort")) ?? "photos";
  const starsText = params.get("stars") ?? "";
  const stars = /^[1-5]$/.test(starsText) ? Number(starsText) : null;
  const pageText = params.get("page") ?? "";
  const page = /^[1-9]\d{0,3}$/.test(pageText) ? Number(pageText) : 1;
  return { sort, stars, page };
}
