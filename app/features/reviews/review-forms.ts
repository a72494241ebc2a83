import { freeText, singleLine } from "~/shared/text";
import { z } from "~/shared/zod";
import {
  MESSAGES,
  REJECT_REASONS,
  REPLY_MAX,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_TITLE_MAX,
} from "~/features/reviews/reviews";

/** The reviews' form schemas (issue 29), apart from the zod-free rules so storefront pages load no zod. */

export const reviewFormSchema = z.object({
  rating: z
    .string({ error: MESSAGES.rating })
    .trim()
    .regex(/^[1-5]$/, MESSAGES.rating)
    .transform(Number),
  title: z
    .string({ error: MESSAGES.title })
    .trim()
    .min(1, MESSAGES.title)
    .max(REVIEW_TITLE_MAX, `Title: at most ${REVIEW_TITLE_MAX} characters`)
    .superRefine(singleLine("Title")),
  body: z
    .string({ error: MESSAGES.bodyShort })
    .trim()
    .min(REVIEW_BODY_MIN, MESSAGES.bodyShort)
    .max(REVIEW_BODY_MAX, `Review: at most ${REVIEW_BODY_MAX} characters`)
    .superRefine(freeText("Review")),
  /** The author lets the shop show their photos in "Customer photos" strips (home page, customiser). */
  showcase: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});
export type ReviewInput = z.output<typeof reviewFormSchema>;

export const moderationSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("publish"), reviewId: z.uuid() }),
  z.object({
    decision: z.literal("reject"),
    reviewId: z.uuid(),
    reason: z.enum(REJECT_REASONS, { error: MESSAGES.rejectReason }),
  }),
]);

export const replySchema = z.object({
  reviewId: z.uuid(),
  reply: z
    .string()
    .trim()
    .max(REPLY_MAX, `Reply: at most ${REPLY_MAX} characters`)
    .superRefine(freeText("Reply")),
});

/** The review page's two posts: a review of one line, or the author's withdrawal of theirs. */
export const reviewPageSchema = z.discriminatedUnion("intent", [
  reviewFormSchema.extend({ intent: z.literal("review"), line: z.string().max(60) }),
  z.object({ intent: z.literal("withdraw"), reviewId: z.uuid() }),
]);
