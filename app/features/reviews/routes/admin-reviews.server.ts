import { data } from "react-router";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { z } from "~/shared/zod";
import { requireAdmin } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import { sameRuleFor } from "~/shared/staff-access";
import { moderationSchema, replySchema } from "~/features/reviews/review-forms";
import {
  isReviewStatus,
  moderateReview,
  moderationQueue,
  replyToReview,
} from "~/features/reviews/review-moderation.server";

/** The admin Reviews page's loader and action (admins only): the queue by status, decisions and replies. */

export async function adminReviewsLoader(request: Request) {
  await requireAdmin(request, "reviews");
  const asked = new URL(request.url).searchParams.get("status");
  const status = isReviewStatus(asked) ? asked : "pending";
  return { status, ...(await moderationQueue(status)) };
}

const adminReviewSchema = z.union([moderationSchema, replySchema.extend({ decision: z.literal("reply") })]);

const couldNotRead = () => data(failedAnswer("The form could not be read."), { status: 400 });

export const adminReviewsAction = formAction(
  {
    guard: "admin",
    permission: "reviews",
    intentField: "decision",
    intents: sameRuleFor(["publish", "reject", "reply"], { permission: "reviews" }),
    maxBytes: 16_384,
    schema: adminReviewSchema,
    answers: {
      tooLarge: couldNotRead,
      unreadable: couldNotRead,
      invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }),
    },
  },
  async (input, { admin, form }) => {
    const r =
      input.decision === "reply"
        ? await replyToReview(input.reviewId, input.reply)
        : input.decision === "publish"
          ? await moderateReview(admin.user, { ...input, incentivised: form.get("incentivised") === "on" })
          : await moderateReview(admin.user, input);
    if (!r.ok) return data(failedAnswer(r.message), { status: r.status });
    return data(okAnswer(r.message));
  },
);
