import { eventStreamResponse, streamLimits } from "~/server/events.server";
import type { Route } from "./+types/events";

/**
 * GET /api/events: public Server-Sent Events for storefront pages: catalogue and shop-settings changes only, carrying just
 * the table name (products, categories, product_images, bestselling_products, banners).
 */
export function loader({ request }: Route.LoaderArgs) {
  return eventStreamResponse(request, {
    filter: (event) => event.channel === "catalog_changes" || event.channel === "resync",
    payload: (event) => ({ table: event.table }),
    limit: { counter: streamLimits.public, max: 2000 },
  });
}
