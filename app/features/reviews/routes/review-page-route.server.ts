import { data } from "react-router";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { clientNetwork } from "~/platform/auth/auth.server";
import { fileBytes, formFiles } from "~/platform/http/form-body.server";
import { formAction } from "~/platform/http/form-action.server";
import { retryAfter, tryConsume } from "~/platform/limits/rate-limit.server";
import { REVIEW_FORM_MAX_BYTES, REVIEW_PHOTOS_MAX } from "~/features/reviews/reviews";
import { reviewPageSchema } from "~/features/reviews/review-forms";
import { loadReviewPage, submitReview, withdrawReview } from "~/features/reviews/reviews.server";
import { autoPublishesTextReviews } from "~/features/settings/review-settings";
import { loadShopSettings } from "~/features/settings/store-settings.server";

/**
 * The review page (/review/:token): its loader counts like an order page (bounds guessing links), its posts like
 * order-page actions, and the body (text and up to four photos) is capped while it streams.
 */

export async function reviewPageLoader(token: string | undefined, context: unknown) {
  const counted = await tryConsume("orderPagePerClient", clientNetwork(context));
  if (!counted.ok) throw data(null, { status: 429, headers: retryAfter(counted) });
  const page = token ? await loadReviewPage(token) : null;
  if (!page) throw data(null, { status: 404 });
  return page;
}

const reviewPost = formAction(
  {
    guard: "same-origin",
    limit: "orderActionPerClient",
    maxBytes: REVIEW_FORM_MAX_BYTES,
    answers: {
      tooLarge: () =>
        data(failedAnswer(undefined, { photos: `Photos: ${REVIEW_PHOTOS_MAX} at most, 8 MB each.` }), {
          status: 413,
        }),
    },
  },
  async (fields, { form, params }) => {
    const token = params.token ?? "";
    // Parsed here rather than by formAction's schema, so a refusal names the line it is about (the page shows
    // it beside that line's form, with or without JavaScript).
    const parsed = reviewPageSchema.safeParse(fields);
    if (!parsed.success)
      return data(
        { ...failedAnswer(undefined, fieldErrorsOf(parsed.error)), line: fields.line ?? "" },
        { status: 400 },
      );
    const input = parsed.data;
    if (input.intent === "withdraw") {
      const r = await withdrawReview(token, input.reviewId);
      if (!r.ok) return data({ ...failedAnswer(r.message), intent: "withdraw" }, { status: r.status });
      return data({
        ...okAnswer("Your review is withdrawn. It no longer shows on the shop."),
        intent: "withdraw",
      });
    }
    const uploads = await Promise.all(formFiles(form, "photos").map(fileBytes));
    // The owner's choice (settings, Reviews): text-only reviews without links may go live at once.
    const { settings } = await loadShopSettings();
    const r = await submitReview(token, input.line, input, uploads, {
      autoPublish: autoPublishesTextReviews(settings.reviews),
    });
    if (!r.ok) {
      const answer = r.field ? failedAnswer(undefined, { [r.field]: r.message }) : failedAnswer(r.message);
      return data({ ...answer, line: input.line }, { status: r.status });
    }
    return data({
      ...okAnswer(
        r.status === "published"
          ? "Thank you! Your review is published."
          : "Thank you! Your review will appear once it has been checked against our review policy.",
      ),
      line: input.line,
    });
  },
);

/** POST /review/:token: a review of one line, or the author's withdrawal. */
export function reviewPageAction(args: { request: Request; context: unknown; params: { token?: string } }) {
  return reviewPost(args);
}
