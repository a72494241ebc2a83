import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";

/** What a failed page shows (a status, a sentence, the way home): the root's error page and the shop's. */
export function ErrorPageBody({ error, className }: { error: unknown; className: string }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className={className}>
      <title>{status === 404 ? "Page not found" : "Something went wrong"}</title>
      <h1 className="text-5xl font-bold">{status}</h1>
      <p className="text-lg text-muted-foreground">
        {status === 404 ? "Oops! Page not found" : "Something went wrong on our side. Please try again."}
      </p>
      <a href="/" className="text-primary underline underline-offset-4">
        Return to Home
      </a>
    </div>
  );
}

/**
 * What a private link's page (an order page, a review page) shows when it fails: its own words for a link that
 * is not valid (404), the same words as every page for too many requests (429) and anything else, and a way on.
 */
export function PrivateLinkErrorPage({
  error,
  notFound,
  action,
}: {
  error: unknown;
  notFound: { title: string; text: string };
  action: ReactNode;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 404
      ? [notFound.title, notFound.text]
      : status === 429
        ? ["Too many requests", "Please wait a minute and try again."]
        : ["Something went wrong", "Please try again in a moment."];
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      {action}
    </div>
  );
}
