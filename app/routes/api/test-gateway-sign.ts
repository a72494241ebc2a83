import { z } from "zod";
import { BodyError, json, methodNotAllowed, readJson } from "~/server/http.server";
import { isOpenTestCheckout } from "~/server/orders.server";
import { paymentGateway, signTestPayment } from "~/server/payments/gateway.server";
import type { Route } from "./+types/test-gateway-sign";

const schema = z.object({ order_id: z.string().min(1).max(100) });

/**
 * POST /api/payments/test-sign: the test gateway's "Success" button. Only while the test gateway is
 * on, and only for an unpaid test checkout, it answers as Razorpay would: a payment id and the
 * signature of order_id|payment_id, which then goes through the very same verification.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  if (paymentGateway().mode !== "test") return json({ error: "Not found" }, 404);
  try {
    const parsed = schema.safeParse(await readJson(request, 2_000));
    if (!parsed.success || !(await isOpenTestCheckout(parsed.data.order_id))) return json({ error: "Not found" }, 404);
    return json(signTestPayment(parsed.data.order_id));
  } catch (err) {
    if (err instanceof BodyError) return json({ error: err.message }, err.status);
    throw err;
  }
}

export function loader() {
  return methodNotAllowed();
}
