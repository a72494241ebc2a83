import { z } from "~/shared/zod";

/*
 * How reviews are published (issue 29, decision 032): by default every review waits for the review administrator;
 * the owner may let reviews without photos and without links go live at once (app/features/reviews/reviews.ts
 * autoPublishes() decides per review). Stored in the shop settings' JSON under `reviews`.
 */

export const REVIEW_PUBLISHING = ["moderate", "auto-text"] as const;
export type ReviewPublishing = (typeof REVIEW_PUBLISHING)[number];

export const REVIEW_PUBLISHING_LABELS: Record<ReviewPublishing, string> = {
  moderate: "Every review waits for moderation",
  "auto-text": "Publish reviews without photos or links at once",
};

export const DEFAULT_REVIEW_SETTINGS = { autoPublish: "moderate" as ReviewPublishing };

export const reviewSettingsSchema = z.object({
  // Settings saved before this option existed moderate every review.
  autoPublish: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? "moderate" : v),
    z.enum(REVIEW_PUBLISHING, { error: "Choose how reviews are published" }),
  ),
});

/** Whether the owner chose to publish reviews without photos or links at once. */
export function autoPublishesTextReviews(settings: { autoPublish: ReviewPublishing }): boolean {
  return settings.autoPublish === "auto-text";
}
