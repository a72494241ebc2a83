import crypto from "node:crypto";
import { z } from "~/shared/zod";
import { fulfilmentMode } from "~/features/couriers/couriers.server";
import { ShiprocketError } from "~/features/couriers/shiprocket.server";
import { applyTracking } from "~/features/shipments/courier-tracking.server";
import { env } from "~/platform/env.server";
import { jsonOk, jsonRefusal, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import { logger } from "~/platform/logger.server";
import type { Route } from "./+types/api-courier-updates";

/** The part of Shiprocket's tracking webhook the shop reads: the AWB (the rest is read again from its API). */
const trackingEventSchema = z.looseObject({
  awb: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^[A-Za-z0-9-]{4,40}$/)),
});

/** The shared token in constant time (Shiprocket's webhook is not signed: the token is all it sends). */
function tokenMatches(given: string | null): boolean {
  const expected = env().SHIPROCKET_WEBHOOK_TOKEN;
  if (!expected || !given) return false;
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * POST /api/courier-updates: Shiprocket's tracking webhook (register this URL with the token in
 * SHIPROCKET_WEBHOOK_TOKEN; Shiprocket refuses URLs with "shiprocket" in them). Rate limited per network,
 * body capped, the token checked; the AWB's stage is then read from the tracking API and applied once.
 */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "courierWebhookPerClient",
    maxBytes: 64_000,
    schema: trackingEventSchema,
    invalid: () => jsonRefusal(400, "No AWB in the event."),
    enabled: () => fulfilmentMode() === "shiprocket" && Boolean(env().SHIPROCKET_WEBHOOK_TOKEN),
  },
  async (event, { request }) => {
    if (!tokenMatches(request.headers.get("x-api-key"))) return jsonRefusal(401, "Unauthorized");
    try {
      const r = await applyTracking(event.awb);
      return jsonOk({ changed: r.changed });
    } catch (err) {
      if (!(err instanceof ShiprocketError)) throw err;
      // The poll reads it again later; the courier may retry.
      logger.warn({ awb: event.awb, err: err.message }, "courier webhook: tracking could not be read");
      return jsonRefusal(503, "Tracking could not be read; try again.");
    }
  },
);

export function loader() {
  return methodNotAllowed();
}
