import { pinLookupSchema } from "~/features/couriers/courier-rules";
import { notAPinMessage, PIN_MESSAGE } from "~/features/couriers/courier-messages";
import { deliveryForPin } from "~/features/couriers/couriers.server";
import { lookupPin } from "~/features/couriers/pin-directory.server";
import { json, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import type { Route } from "./+types/api-delivery-estimate";

/**
 * POST /api/delivery-estimate {pincode, custom?}: the delivery days for a PIN code (the courier's when its
 * API answers, else the settings' window and the PIN's state's rules), whether it is served at all and
 * whether COD is collected there. A PIN India Post does not list answers 422 "999999 is not an Indian PIN
 * code" (issue 42).
 */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "pinLookupPerClient",
    maxBytes: 1_000,
    schema: pinLookupSchema,
    invalid: () => json({ ok: false, message: PIN_MESSAGE, fieldErrors: { pincode: PIN_MESSAGE } }, 400),
  },
  async (input) => {
    if (!lookupPin(input.pincode)) {
      const message = notAPinMessage(input.pincode);
      return json({ ok: false, message, fieldErrors: { pincode: message } }, 422);
    }
    return json({ ok: true, pincode: input.pincode, ...(await deliveryForPin(input.pincode, input)) });
  },
);

export function loader() {
  return methodNotAllowed();
}
