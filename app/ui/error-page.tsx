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
