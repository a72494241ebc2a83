import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { REVIEW_STATUS_LABELS } from "~/features/reviews/reviews";
import type { OrderPageReviews } from "~/features/reviews/reviews.server";
import { ReviewStars } from "~/features/reviews/ui/review-stars";

/**
 * The order page's "Reviews" card (issue 29): each delivered item's review state, and the link to write one.
 * A plain link: the review page works without JavaScript.
 */
export function OrderReviews({ reviews }: { reviews: OrderPageReviews }) {
  const open = reviews.lines.some((l) => l.canReview);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Reviews</h2>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <ul className="divide-y" aria-label="Your reviews">
          {reviews.lines.map((l, i) => (
            <li key={i} className="flex flex-wrap items-center justify-between gap-2 py-2 first:pt-0">
              <span className="min-w-0 font-medium break-words">{l.name}</span>
              {l.status ? (
                <span className="flex items-center gap-2 text-muted-foreground">
                  {l.rating ? <ReviewStars rating={l.rating} /> : null}
                  {REVIEW_STATUS_LABELS[l.status]}
                </span>
              ) : l.canReview ? (
                <span className="text-muted-foreground">Not reviewed yet</span>
              ) : null}
            </li>
          ))}
        </ul>
        <p>
          <Link to={reviews.link} className="font-medium text-primary underline underline-offset-4">
            {open ? "Write a review" : "See or withdraw your review"}
          </Link>
          <span className="text-muted-foreground">
            {" "}
            · Checked against our{" "}
            <Link to="/review-policy" className="underline underline-offset-4">
              review policy
            </Link>
            ; low ratings are published just like high ones.
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
