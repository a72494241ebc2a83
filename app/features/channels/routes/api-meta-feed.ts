import { feedResponse } from "./feed-http.server";
import type { Route } from "./+types/api-meta-feed";

/** /feeds/meta.csv: the Meta catalogue feed for Instagram and Facebook shops (issue 46). */
export function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse(request, context, "meta");
}
