import { Form, Link } from "react-router";
import { PrivateLinkErrorPage } from "~/ui/error-page";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { formatIstLongDate } from "~/shared/ist-dates";
import { imageAttrs } from "~/shared/images";
import { pageMeta } from "~/ui/seo";
import { REJECT_REASONS, REVIEW_CRITERIA, REVIEW_STATUS_LABELS } from "~/features/reviews/reviews";
import type { FormAnswer } from "~/shared/form-answer";
import { ReviewLineForm } from "~/features/reviews/ui/review-line-form";
import { ReviewStars } from "~/features/reviews/ui/review-stars";
import { reviewPageAction, reviewPageLoader } from "~/features/reviews/routes/review-page-route.server";
import type { OwnReview } from "~/features/reviews/reviews.server";
import type { Route } from "./+types/review-page";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Review your order",
    description: "Rate the signs you bought and add photos.",
    path: "/review",
    noindex: true,
  });

// The link is the key to the order's reviews: never cached on the way.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

export async function loader({ params, context }: Route.LoaderArgs) {
  return reviewPageLoader(params.token, context);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return reviewPageAction({ request, context, params });
}

type Answer = FormAnswer & { line?: string };

/** The buyer's review page: each item of a delivered order, its review form or its review and state. */
export default function ReviewPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">Review your order</h1>
        <p className="text-muted-foreground">
          {`Hi ${page.firstName}, thank you for your order of ${formatIstLongDate(page.orderedAt)}. `}
          Rate each item and tell other buyers how it looks. Reviews are checked against our{" "}
          <Link to="/review-policy" className="underline underline-offset-4">
            review policy
          </Link>{" "}
          before they appear; low ratings are published just like high ones.
        </p>
      </div>
      {answer?.ok ? (
        <p role="status" className="rounded-md border border-green-600/40 bg-green-600/10 p-3 text-sm">
          {answer.message}
        </p>
      ) : null}
      {answer && !answer.ok && answer.intent === "withdraw" ? (
        <p role="alert" className="text-sm text-destructive">
          {answer.message}
        </p>
      ) : null}
      {page.lines.map((line) => (
        <Card key={line.ref}>
          <CardHeader className="flex flex-row items-center gap-3">
            {line.image ? (
              <img src={line.image} alt="" width={64} height={64} className="size-16 rounded object-cover" />
            ) : null}
            <h2 className="text-lg font-semibold">{line.name}</h2>
          </CardHeader>
          <CardContent>
            {line.review ? (
              <OwnReviewView review={line.review} imageBase={page.imageBase} />
            ) : line.refusal ? (
              <p className="text-sm text-muted-foreground">{line.refusal}</p>
            ) : (
              <ReviewLineForm lineRef={line.ref} answer={answer?.line === line.ref ? answer : undefined} />
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function OwnReviewView({ review, imageBase }: { review: OwnReview; imageBase: string }) {
  const reason = REJECT_REASONS.find((r) => r === review.rejectReason);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <ReviewStars rating={review.rating} />
        <Badge variant="secondary">{REVIEW_STATUS_LABELS[review.status]}</Badge>
        <span className="text-xs text-muted-foreground">{`Written ${formatIstLongDate(review.createdAt)}`}</span>
      </div>
      <p className="font-medium">{review.title}</p>
      <p className="whitespace-pre-line text-sm">{review.body}</p>
      {review.photos.length ? (
        <div className="flex flex-wrap gap-2">
          {review.photos.map((p) => (
            <img
              key={p.id}
              {...imageAttrs(p, 320, imageBase)}
              alt="Your photo"
              className="size-24 rounded object-cover"
            />
          ))}
        </div>
      ) : null}
      {reason ? (
        <p className="text-sm text-muted-foreground">{`Not published: ${REVIEW_CRITERIA[reason].label.toLowerCase()} (see our review policy).`}</p>
      ) : null}
      {review.status !== "withdrawn" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="reviewId" value={review.id} />
          <Button type="submit" variant="outline" size="sm">
            Withdraw my review
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PrivateLinkErrorPage
      error={error}
      notFound={{
        title: "Review link not found",
        text: "This review link is not valid. Please use the link from your e-mail.",
      }}
      action={
        <Button asChild>
          <Link to="/">Back to the shop</Link>
        </Button>
      }
    />
  );
}
