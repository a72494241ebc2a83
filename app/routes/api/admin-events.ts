import { requireAdmin, sessionByIdHash } from "~/server/auth.server";
import { eventStreamResponse, streamLimits } from "~/server/events.server";
import type { Route } from "./+types/admin-events";

/**
 * GET /api/admin/events: Server-Sent Events for the admin pages: every change to the catalogue and the
 * orders (the table name and channel). Admins only; the stream ends when the session ends.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  return eventStreamResponse(request, {
    filter: () => true,
    payload: (event) => ({ channel: event.channel, table: event.table }),
    stillAllowed: async () => (await sessionByIdHash(session.idHash, { touch: false })).status === "admin",
    limit: { counter: streamLimits.admin, max: 200 },
  });
}
