import crypto from "node:crypto";
import { z } from "~/shared/zod";
import { fulfilmentMode } from "~/features/couriers/couriers.server";
import { ShiprocketError } from "~/features/couriers/shiprocket.server";
import { applyTracking } from "~/features/orders/courier-tracking.server";
import { env } from "~/platform/env.server";
import { json, methodNotAllowed } from "~/platform/http/http.server";
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
    invalid: () => json({ ok: false, message: "No AWB in the event." }, 400),
    enabled: () => fulfilmentMode() === "shiprocket" && Boolean(env().SHIPROCKET_WEBHOOK_TOKEN),
  },
  async (event, { request }) => {
    if (!tokenMatches(request.headers.get("x-api-key")))
      return json({ ok: false, message: "Unauthorized" }, 401);
    try {
      const r = await applyTracking(event.awb);
      return json({ ok: true, changed: r.changed });
    } catch (err) {
      if (!(err instanceof ShiprocketError)) throw err;
      // The poll reads it again later; the courier may retry.
      logger.warn({ awb: event.awb, err: err.message }, "courier webhook: tracking could not be read");
      return json({ ok: false, message: "Tracking could not be read; try again." }, 503);
    }
  },
);

export function loader() {
  return methodNotAllowed();
}
