import { clientNetwork } from "~/platform/auth/auth.server";
import { eventStreamResponse } from "~/platform/events.server";
import type { Route } from "./+types/api-events";

/**
 * GET /api/events: public Server-Sent Events for storefront pages: catalogue and shop-settings changes only, carrying just
 * the table name (products, categories, product_images, bestselling_products, banners, reviews). A few streams per
 * client network (STREAM_LIMITS.public; 429 + Retry-After beyond it).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return eventStreamResponse(request, {
    filter: (event) => event.channel === "catalog_changes" || event.channel === "resync",
    payload: (event) => ({ table: event.table }),
    limit: { kind: "public", key: clientNetwork(context) },
  });
}
