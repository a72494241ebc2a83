import { pageMeta } from "~/ui/seo";
import {
  NOT_A_REASON,
  REJECT_REASONS,
  REVIEW_BODY_MAX,
  REVIEW_CRITERIA,
  REVIEW_PHOTOS_MAX,
  REVIEW_REQUEST_DELAY_DAYS,
} from "~/features/reviews/reviews";
import { autoPublishesTextReviews } from "~/features/settings/review-settings";
import { loadShopSettings } from "~/features/settings/store-settings.server";
import { lastUpdatedDate } from "~/shared/ist-dates";
import type { Route } from "./+types/review-policy";

/**
 * The day the words below last changed: change it with them. The page says the later of it and the settings'
 * last save (whether text-only reviews appear at once comes from there).
 */
const WORDS_CHANGED = "2026-11-25";

/** Whether the owner publishes text-only reviews at once (settings, Reviews): the policy says which. */
export async function loader() {
  const { settings, version } = await loadShopSettings();
  return {
    autoText: autoPublishesTextReviews(settings.reviews),
    updated: lastUpdatedDate(WORDS_CHANGED, version),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Review policy",
    description: "Who can review, how reviews are checked and published, and how to withdraw yours.",
    path: "/review-policy",
  });

/** The public review policy (IS 19000:2022): who reviews, the moderation criteria, publication and withdrawal. */
export default function ReviewPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <article className="prose prose-neutral mx-auto max-w-3xl space-y-4 px-4 py-10 dark:prose-invert">
      <h1 className="text-3xl font-bold">Review policy</h1>
      <p className="text-sm text-muted-foreground">Last updated: {loaderData.updated}</p>
      <p>
        Our reviews follow IS 19000:2022, the Indian standard for online consumer reviews. Every star and
        review count on this shop comes from published reviews by buyers; the shop never writes or edits
        reviews.
      </p>
      <h2 className="text-xl font-semibold">Who can review</h2>
      <p>
        {`Only buyers. About ${REVIEW_REQUEST_DELAY_DAYS} days after an order is delivered we e-mail a private link (and send it on WhatsApp if you asked for WhatsApp updates); the same reviews can be written from your private order page. Through it each item (a ready-made sign or a custom design) can be rated from 1 to 5 stars with a title, a text of up to ${REVIEW_BODY_MAX} characters and up to ${REVIEW_PHOTOS_MAX} photos. One review per item. Orders that were cancelled, returned to us or refunded are not asked for a review.`}
      </p>
      <h2 className="text-xl font-semibold">How reviews are checked</h2>
      <p>
        {loaderData.autoText
          ? "A review with photos or with a link is read by a review administrator before it appears; a review of text only appears at once and is read afterwards by the same rules. A review is not published, or is taken down, only when it is:"
          : "A review administrator reads each review before it appears. A review is not published only when it is:"}
      </p>
      <ul className="list-disc space-y-1 pl-6">
        {REJECT_REASONS.map((r) => (
          <li key={r}>
            <strong>{REVIEW_CRITERIA[r].label}</strong>: {REVIEW_CRITERIA[r].rule}
          </li>
        ))}
      </ul>
      <p>{NOT_A_REASON} The same rules apply to every review, whatever its rating.</p>
      <h2 className="text-xl font-semibold">What is shown</h2>
      <p>
        Each published review shows its rating, its title and text, the buyer&apos;s first name and last
        initial, the &quot;Verified purchase&quot; mark and the dates it was written and published. When the
        shop gave the buyer anything for a review, that is said next to it. The shop may reply publicly under
        a review.
      </p>
      <h2 className="text-xl font-semibold">Your data and photos</h2>
      <p>
        We never show your full name, contact details or order. Photos are re-encoded before they are stored,
        which removes location and camera details. Your photos appear in our &quot;Customer photos&quot; only
        if you allow it.
      </p>
      <h2 className="text-xl font-semibold">Withdrawing your review</h2>
      <p>
        Open the link from your e-mail or your order page and choose &quot;Withdraw my review&quot;. It
        disappears from the shop and from the product&apos;s rating at once.
      </p>
    </article>
  );
}
