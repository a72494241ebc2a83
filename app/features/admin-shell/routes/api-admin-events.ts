import { requireAdmin, sessionByIdHash } from "~/platform/auth/auth.server";
import { eventStreamResponse } from "~/platform/events.server";
import type { Route } from "./+types/api-admin-events";

/**
 * GET /api/admin/events: Server-Sent Events for the admin pages: every change to the catalogue and the
 * orders (the table name and channel). Admins only; the stream ends when the session ends. A few streams
 * per session (STREAM_LIMITS.admin; 429 + Retry-After beyond it).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request, "self");
  return eventStreamResponse(request, {
    filter: () => true,
    payload: (event) => ({ channel: event.channel, table: event.table }),
    stillAllowed: async () => (await sessionByIdHash(session.idHash, { touch: false })).status === "admin",
    limit: { kind: "admin", key: session.idHash },
  });
}
