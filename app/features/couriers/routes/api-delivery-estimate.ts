import { pinLookupSchema, type DeliveryEstimateAnswer } from "~/features/couriers/courier-rules";
import { notAPinMessage, PIN_MESSAGE } from "~/features/couriers/courier-messages";
import { deliveryForPin } from "~/features/couriers/couriers.server";
import { lookupPin } from "~/features/couriers/pin-directory.server";
import { jsonOk, jsonRefusal, methodNotAllowed } from "~/platform/http/http.server";
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
    invalid: () => jsonRefusal(400, PIN_MESSAGE, { fieldErrors: { pincode: PIN_MESSAGE } }),
  },
  async (input) => {
    if (!lookupPin(input.pincode)) {
      const message = notAPinMessage(input.pincode);
      return jsonRefusal(422, message, { fieldErrors: { pincode: message } });
    }
    const delivery = await deliveryForPin(input.pincode, input);
    return jsonOk({ pincode: input.pincode, ...delivery } satisfies Omit<DeliveryEstimateAnswer, "ok">);
  },
);

export function loader() {
  return methodNotAllowed();
}
