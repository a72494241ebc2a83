import { clientNetwork } from "~/platform/auth/auth.server";
import { jsonOk, jsonRefusal } from "~/platform/http/http.server";
import { tooManyRequests, tryConsume } from "~/platform/limits/rate-limit.server";
import { notAPinMessage, PIN_MESSAGE } from "~/features/couriers/courier-messages";
import { lookupPin } from "~/features/couriers/pin-directory.server";
import { PINCODE_PATTERN } from "~/shared/countries";
import type { Route } from "./+types/api-pin";

/** The directory changes only with a release: browsers keep an answer a day. */
const CACHED = { "cache-control": "public, max-age=86400" };

/**
 * GET /api/pin/:pin: a PIN code's state and districts from India Post's directory (issue 42), for the
 * checkout's city and state. Counted per client network with the other PIN look-ups (pinLookupPerClient);
 * no body. 404 with "999999 is not an Indian PIN code" for a PIN India Post does not list, 400 when it is
 * not six digits.
 */
export async function loader({ params, context }: Route.LoaderArgs): Promise<Response> {
  const counted = await tryConsume("pinLookupPerClient", clientNetwork(context));
  if (!counted.ok) return tooManyRequests(counted);
  const pin = params.pin ?? "";
  if (!PINCODE_PATTERN.test(pin))
    return jsonRefusal(400, PIN_MESSAGE, { fieldErrors: { pincode: PIN_MESSAGE } });
  const place = lookupPin(pin);
  if (!place) {
    const message = notAPinMessage(pin);
    return jsonRefusal(404, message, { fieldErrors: { pincode: message }, headers: CACHED });
  }
  return jsonOk(place, { headers: CACHED });
}
