import { rememberCheckout } from "~/features/checkout-recovery/recovery.server";
import { REMEMBER_MAX_BYTES, rememberSchema } from "~/features/checkout-recovery/recovery";
import { jsonOk, jsonRefusal, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import type { Route } from "./+types/api-checkout-remember";

/**
 * POST /api/checkout/remember (issue 30, decision 045): the checkout's "Remind me about this cart" box. Ticked
 * with a valid e-mail: this browser's abandoned checkout is saved (its random key, kept in the browser, is the
 * only way to change or forget it); unticked: forgotten. Limited per network (saves, and new checkouts a day) and
 * per contact; body capped; only known fields.
 */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "recoverySavePerClient",
    maxBytes: REMEMBER_MAX_BYTES,
    schema: rememberSchema,
    invalid: () => jsonRefusal(400, "This cart could not be saved for reminders."),
  },
  async (input, { clientNetwork }) => {
    const r = await rememberCheckout(input, clientNetwork);
    return r.ok ? jsonOk() : jsonRefusal(r.status, r.message);
  },
);

export function loader() {
  return methodNotAllowed();
}
