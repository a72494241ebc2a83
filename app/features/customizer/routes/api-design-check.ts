import { clientNetwork } from "~/platform/auth/auth.server";
import { jsonOk, jsonRefusal } from "~/platform/http/http.server";
import { tooManyRequests, tryConsume } from "~/platform/limits/rate-limit.server";
import { designSchema } from "~/features/customizer/design-schema";
import { measuredChecks } from "~/features/customizer/measured-checks.server";
import type { Route } from "./+types/api-design-check";

const query = designSchema.pick({ text: true, font: true, size: true });
/** The rules and the fonts change only with a release: an answer keeps an hour. */
const CACHED = { "cache-control": "public, max-age=3600" };
/** A design's text is at most a few hundred characters (DESIGN_RULES); a longer query is not one. */
const MAX_QUERY_CHARS = 2_000;

/**
 * GET /api/design-check?text=…&font=…&size=…: "can we make it", decided on the fonts' measured letters (issue 44,
 * measured-checks.server.ts), for the customiser to show before the shopper pays. A GET with no body (the page
 * sends nothing else of the design); counted per client network (designCheckPerClient); 400 with the design
 * rule's own words for a design the customiser would not accept.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<Response> {
  const counted = await tryConsume("designCheckPerClient", clientNetwork(context));
  if (!counted.ok) return tooManyRequests(counted);
  const url = new URL(request.url);
  if (url.search.length > MAX_QUERY_CHARS) return jsonRefusal(414, "The design is too long to check.");
  const parsed = query.safeParse({
    text: url.searchParams.get("text") ?? "",
    font: url.searchParams.get("font") ?? "",
    size: url.searchParams.get("size") ?? "",
  });
  if (!parsed.success)
    return jsonRefusal(400, parsed.error.issues[0]?.message ?? "The design could not be read.");
  return jsonOk({ ...measuredChecks(parsed.data) }, { headers: CACHED });
}
