import { MAX_VITALS_BYTES, vitalsBeaconSchema } from "~/features/site-speed/web-vitals";
import { jsonRefusal, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import { acceptVitals } from "~/features/site-speed/vitals.server";
import type { Route } from "./+types/api-vitals";

/**
 * POST /api/vitals: a sampled shopper's Core Web Vitals beacon (page pattern, device class, LCP/INP/CLS/
 * TTFB). Rate-limited per network, 2 KB at most, counted into daily histograms up to the network's daily
 * share per page and device (LIMITS.vitalsPerNetworkPageDay); no address is stored (the share counter
 * is keyed by a hash).
 */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "vitalsPerClient",
    maxBytes: MAX_VITALS_BYTES,
    schema: vitalsBeaconSchema,
    invalid: () => jsonRefusal(400, "Not a web-vitals beacon."),
  },
  async (beacon, { clientNetwork }) => {
    // Stored or counted as dropped (over the network's daily share): 204 either way, so nothing retries.
    await acceptVitals(beacon, clientNetwork);
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  },
);

export function loader() {
  return methodNotAllowed();
}
