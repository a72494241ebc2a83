import { Link } from "react-router";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { NativeSelect } from "~/features/admin-shell/ui/native-select";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { useFetcherForm } from "~/ui/use-form";
import { formatIstDateTime } from "~/shared/ist-dates";
import { imageAttrs } from "~/shared/images";
import {
  NOT_A_REASON,
  REJECT_REASONS,
  REPLY_MAX,
  REVIEW_CRITERIA,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
} from "~/features/reviews/reviews";
import type { ModerationRow } from "~/features/reviews/review-moderation.server";
import { ReviewStars } from "~/features/reviews/ui/review-stars";
import { adminReviewsAction, adminReviewsLoader } from "./admin-reviews.server";
import type { Route } from "./+types/admin-reviews";

export const meta: Route.MetaFunction = () => adminMeta("Reviews");

export function loader({ request }: Route.LoaderArgs) {
  return adminReviewsLoader(request);
}

export const action = adminReviewsAction;

const LIVE_TABLES = ["reviews"] as const;

function Decisions({ review }: { review: ModerationRow }) {
  const publish = useFetcherForm({ toast: { ok: "Review published", failed: "Not published" } });
  const reject = useFetcherForm({ toast: { ok: "Review rejected", failed: "Not rejected" } });
  if (review.status === "withdrawn")
    return <p className="text-sm text-muted-foreground">Withdrawn by the author.</p>;
  return (
    <div className="grid gap-3">
      {review.status !== "published" ? (
        <publish.fetcher.Form
          method="post"
          className="grid gap-2"
          aria-label={`Publish review ${review.title}`}
        >
          <input type="hidden" name="decision" value="publish" />
          <input type="hidden" name="reviewId" value={review.id} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="incentivised" defaultChecked={review.incentivised} />
            The buyer was given something for it (shown with the review)
          </label>
          <Button type="submit" disabled={publish.pending}>
            Publish
          </Button>
        </publish.fetcher.Form>
      ) : null}
      {review.status !== "rejected" ? (
        <reject.fetcher.Form
          method="post"
          className="grid gap-2"
          aria-label={`Reject review ${review.title}`}
        >
          <input type="hidden" name="decision" value="reject" />
          <input type="hidden" name="reviewId" value={review.id} />
          <label className="grid gap-1 text-sm">
            Criterion not met
            <NativeSelect name="reason" required defaultValue="">
              <option value="" disabled>
                Choose a criterion
              </option>
              {REJECT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REVIEW_CRITERIA[r].label}
                </option>
              ))}
            </NativeSelect>
          </label>
          {reject.errors.reason ? <p className="text-sm text-destructive">{reject.errors.reason}</p> : null}
          <Button type="submit" variant="outline" disabled={reject.pending}>
            Reject
          </Button>
        </reject.fetcher.Form>
      ) : null}
    </div>
  );
}

function ReplyForm({ review }: { review: ModerationRow }) {
  const { fetcher, errors, pending } = useFetcherForm({
    toast: { ok: "Reply saved", failed: "Reply not saved" },
  });
  return (
    <fetcher.Form method="post" className="grid gap-2" aria-label={`Reply to review ${review.title}`}>
      <input type="hidden" name="decision" value="reply" />
      <input type="hidden" name="reviewId" value={review.id} />
      <Field id={`${review.id}-reply`} name="reply" label="The shop's public reply" error={errors.reply}>
        {(control) => (
          <Textarea {...control} rows={2} maxLength={REPLY_MAX} defaultValue={review.shopReply ?? ""} />
        )}
      </Field>
      <Button type="submit" variant="secondary" size="sm" disabled={pending} className="justify-self-start">
        Save reply
      </Button>
    </fetcher.Form>
  );
}

/** Reviews: the moderation queue by status, with the published criteria beside it. */
export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { status, rows, counts, imageBase } = loaderData;
  return (
    <AdminPage
      title="Reviews"
      description="Buyers' reviews wait here until a review administrator publishes or rejects them by the published criteria."
      liveTables={LIVE_TABLES}
    >
      <details className="rounded-md border p-4 text-sm">
        <summary className="cursor-pointer font-medium">
          Moderation criteria (also on the public review policy)
        </summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {REJECT_REASONS.map((r) => (
            <li key={r}>
              <strong>{REVIEW_CRITERIA[r].label}:</strong> {REVIEW_CRITERIA[r].rule}
            </li>
          ))}
        </ul>
        <p className="mt-2">{NOT_A_REASON}</p>
      </details>
      <nav aria-label="Review status" className="flex flex-wrap gap-2">
        {REVIEW_STATUSES.map((s) => (
          <Button key={s} asChild size="sm" variant={s === status ? "default" : "outline"}>
            <Link to={`?status=${s}`}>{`${REVIEW_STATUS_LABELS[s]} (${counts[s]})`}</Link>
          </Button>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No reviews here.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Reviews">
          {rows.map((r) => (
            <li key={r.id}>
              <Card>
                <CardContent className="grid gap-4 pt-6 md:grid-cols-[1fr_18rem]">
                  <div className="grid gap-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <ReviewStars rating={r.rating} />
                      <Badge variant="secondary">{REVIEW_STATUS_LABELS[r.status]}</Badge>
                      {r.incentivised ? <Badge variant="outline">Incentivised</Badge> : null}
                      {r.isDemo ? <Badge variant="outline">Demo data</Badge> : null}
                      {r.rejectReason ? (
                        <Badge variant="destructive">{REVIEW_CRITERIA[r.rejectReason].label}</Badge>
                      ) : null}
                    </div>
                    <p className="text-sm text-muted-foreground">
                      {`${r.productName ?? "Deleted product"} · ${r.authorName} · written ${formatIstDateTime(r.createdAt)}`}
                    </p>
                    <p className="font-medium">{r.title}</p>
                    <p className="whitespace-pre-line text-sm">{r.body}</p>
                    {r.photos.length ? (
                      <div className="flex flex-wrap gap-2">
                        {r.photos.map((p, i) => (
                          <a
                            key={p.id}
                            href={imageAttrs(p, 1280, imageBase).src}
                            target="_blank"
                            rel="noreferrer"
                          >
                            <img
                              {...imageAttrs(p, 320, imageBase)}
                              alt={`Photo ${i + 1} of the review`}
                              className="size-24 rounded object-cover"
                            />
                          </a>
                        ))}
                      </div>
                    ) : null}
                    {r.status === "published" ? <ReplyForm review={r} /> : null}
                  </div>
                  <Decisions review={r} />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
