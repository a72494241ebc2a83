import { Link } from "react-router";
import { formatIstLongDate } from "~/shared/ist-dates";
import { imageAttrs } from "~/shared/images";
import { formatRating } from "~/shared/money";
import { Badge } from "~/ui/badge";
import { REVIEW_SORTS, type ReviewSort } from "~/features/reviews/reviews";
import type { ProductReviews as Data, PublicReview } from "~/features/reviews/review-reads.server";
import { ReviewStars } from "~/features/reviews/ui/review-stars";

const SORT_LABELS: Record<ReviewSort, string> = {
  photos: "With photos first",
  newest: "Newest",
  highest: "Highest rated",
  lowest: "Lowest rated",
};

/** A link to another view of the list (sort, stars, page), keeping the others; the page does not jump. */
function listHref(d: Data, change: { sort?: ReviewSort; stars?: number | null; page?: number }) {
  const p = new URLSearchParams();
  const sort = change.sort ?? d.sort;
  const stars = change.stars === undefined ? d.stars : change.stars;
  const page = change.page ?? 1;
  if (sort !== "photos") p.set("sort", sort);
  if (stars !== null) p.set("stars", String(stars));
  if (page > 1) p.set("page", String(page));
  const s = p.toString();
  return `?${s}#reviews`;
}

/**
 * The product page's customer reviews (issue 29): average, count and the distribution of stars from published
 * reviews only, then the reviews (photos first by default), sortable, filterable by stars and paged on the
 * server. Plain links: works without JavaScript.
 */
export function ProductReviews({ data: d }: { data: Data }) {
  const { summary } = d;
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="space-y-6">
      <h2 id="reviews-title" className="text-2xl font-bold">
        Customer reviews
      </h2>
      {summary.count === 0 ? (
        <p className="text-muted-foreground">
          No reviews yet. Only buyers can review, through the link we e-mail after delivery.
        </p>
      ) : (
        <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
          <div className="space-y-3">
            <div className="flex items-center gap-2">
              <span className="text-3xl font-bold">{formatRating(summary.average)}</span>
              <ReviewStars rating={Math.round(summary.average)} />
            </div>
            <p className="text-sm text-muted-foreground">{`${summary.count} ${summary.count === 1 ? "review" : "reviews"} from verified buyers`}</p>
            <ul className="space-y-1" aria-label="Reviews by stars">
              {summary.distribution.map((n, i) => {
                const stars = 5 - i;
                const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
                return (
                  <li key={stars}>
                    <Link
                      to={listHref(d, { stars: d.stars === stars ? null : stars })}
                      preventScrollReset
                      aria-current={d.stars === stars ? "true" : undefined}
                      className="flex items-center gap-2 text-sm hover:underline aria-[current]:font-semibold"
                    >
                      <span className="w-12">{`${stars} star`}</span>
                      <span className="h-2 flex-1 overflow-hidden rounded bg-muted" aria-hidden>
                        <span className="block h-full bg-yellow-400" style={{ width: `${share}%` }} />
                      </span>
                      <span className="w-10 text-right text-muted-foreground">{n}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
            <p className="text-xs text-muted-foreground">
              Every review is published or refused by our{" "}
              <Link to="/review-policy" className="underline underline-offset-4">
                review policy
              </Link>
              , whatever its rating.
            </p>
          </div>
          <div className="space-y-4">
            <nav aria-label="Sort reviews" className="flex flex-wrap gap-2 text-sm">
              {REVIEW_SORTS.map((s) => (
                <Link
                  key={s}
                  to={listHref(d, { sort: s })}
                  preventScrollReset
                  aria-current={d.sort === s ? "true" : undefined}
                  className="rounded-full border px-3 py-1 aria-[current]:border-primary aria-[current]:bg-primary/10"
                >
                  {SORT_LABELS[s]}
                </Link>
              ))}
              {d.stars !== null ? (
                <Link to={listHref(d, { stars: null })} preventScrollReset className="px-3 py-1 underline">
                  {`Showing ${d.stars}-star reviews: show all`}
                </Link>
              ) : null}
            </nav>
            <ul className="space-y-4" aria-label="Reviews">
              {d.reviews.map((r) => (
                <ReviewItem key={r.id} review={r} imageBase={d.imageBase} />
              ))}
            </ul>
            {d.pages > 1 ? (
              <nav aria-label="Review pages" className="flex items-center gap-3 text-sm">
                {d.page > 1 ? (
                  <Link to={listHref(d, { page: d.page - 1 })} preventScrollReset className="underline">
                    Previous
                  </Link>
                ) : null}
                <span>{`Page ${d.page} of ${d.pages}`}</span>
                {d.page < d.pages ? (
                  <Link to={listHref(d, { page: d.page + 1 })} preventScrollReset className="underline">
                    Next
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}

function ReviewItem({ review: r, imageBase }: { review: PublicReview; imageBase: string }) {
  return (
    <li className="space-y-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <ReviewStars rating={r.rating} />
        <span className="font-medium">{r.title}</span>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span>{r.authorName}</span>
        {r.verified ? <Badge variant="secondary">Verified purchase</Badge> : null}
        <span>{`Reviewed ${formatIstLongDate(r.createdAt)} · published ${formatIstLongDate(r.publishedAt)}`}</span>
        {r.isDemo ? <Badge variant="outline">Sample review (demo shop)</Badge> : null}
      </p>
      {/* Text only: a link typed into a review stays plain text. */}
      <p className="whitespace-pre-line text-sm">{r.body}</p>
      {r.incentivised ? (
        <p className="text-xs text-muted-foreground">
          The buyer received something from the shop for writing this review.
        </p>
      ) : null}
      {r.photos.length ? (
        <div className="flex flex-wrap gap-2">
          {r.photos.map((p, i) => (
            <a key={p.id} href={imageAttrs(p, 1280, imageBase).src} target="_blank" rel="noreferrer">
              <img
                {...imageAttrs(p, 320, imageBase)}
                sizes="96px"
                loading="lazy"
                decoding="async"
                alt={`Photo ${i + 1} by ${r.authorName}`}
                className="size-24 rounded object-cover"
              />
            </a>
          ))}
        </div>
      ) : null}
      {r.shopReply ? (
        <div className="rounded-md bg-muted p-3 text-sm">
          <p className="font-medium">Reply from the shop</p>
          <p className="whitespace-pre-line">{r.shopReply}</p>
        </div>
      ) : null}
    </li>
  );
}
