import { feedResponse } from "./feed-http.server";
import type { Route } from "./+types/api-google-feed";

/** /feeds/google.xml: the Google Merchant Center product feed (issue 46). */
export function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse(request, context, "google");
}
