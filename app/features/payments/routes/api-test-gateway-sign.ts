import { z } from "~/shared/zod";
import { isOpenTestCheckout } from "~/features/payments/settlement.server";
import { json, jsonRefusal, methodNotAllowed } from "~/platform/http/http.server";
import { jsonEndpoint } from "~/platform/http/json-endpoint.server";
import { paymentGateway, signTestPayment } from "~/features/payments/gateway.server";
import type { Route } from "./+types/api-test-gateway-sign";

const schema = z.object({ order_id: z.string().min(1).max(100) });

/**
 * POST /api/payments/test-sign: the test gateway's "Success" button. Only while the test gateway is
 * on, and only for an unpaid test checkout, it answers as Razorpay would: a payment id and the
 * signature of order_id|payment_id, which then goes through the very same verification.
 */
export const action: (args: Route.ActionArgs) => Promise<Response> = jsonEndpoint(
  {
    limit: "testSignPerClient",
    maxBytes: 2_000,
    schema,
    invalid: () => jsonRefusal(404, "Not found"),
    enabled: () => paymentGateway().mode === "test",
  },
  async (input) => {
    if (!(await isOpenTestCheckout(input.order_id))) return jsonRefusal(404, "Not found");
    return json(signTestPayment(input.order_id));
  },
);

export function loader() {
  return methodNotAllowed();
}
