import { clientNetwork } from "~/platform/auth/auth.server";
import { retryAfter, tryConsume } from "~/platform/limits/rate-limit.server";
import type { FeedKind } from "~/features/settings/feed-settings";
import { productFeed } from "~/features/channels/product-feeds.server";

const CONTENT_TYPES: Record<FeedKind, string> = {
  google: "application/xml; charset=utf-8",
  meta: "text/csv; charset=utf-8",
};

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/**
 * A feed's answer (GET only: a resource route without an action refuses other methods, so no body is read):
 * rate-limited per client network, 404 while the feed is off, 304 when the reader has this copy already.
 */
export async function feedResponse(request: Request, context: unknown, kind: FeedKind): Promise<Response> {
  const counted = await tryConsume("feedPerClient", clientNetwork(context));
  if (!counted.ok) return text(429, counted.message, retryAfter(counted));
  const feed = await productFeed(kind);
  if (!feed) return text(404, "This product feed is not published. Turn it on in Settings > Product feeds.");
  const headers = {
    "Content-Type": CONTENT_TYPES[kind],
    "Cache-Control": "public, max-age=900",
    ETag: feed.etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("If-None-Match") === feed.etag) return new Response(null, { status: 304, headers });
  return new Response(feed.body, { headers });
}
