import { verifyPaymentSchema } from "~/domain/checkout";
import { BodyError, json, methodNotAllowed, readJson } from "~/server/http.server";
import { verifyPayment } from "~/server/orders.server";
import type { Route } from "./+types/checkout-verify";

/** POST /api/checkout/verify: the payment window's success answer, checked by its signature. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  try {
    const parsed = verifyPaymentSchema.safeParse(await readJson(request, 10_000));
    if (!parsed.success) return json({ success: false, error: "We could not verify the payment. Please contact support." }, 400);
    const outcome = await verifyPayment(parsed.data);
    if (!outcome.ok) return json({ success: false, error: "We could not verify the payment. Please contact support." }, 400);
    return json({ success: true, checkout: outcome.checkout });
  } catch (err) {
    if (err instanceof BodyError) return json({ success: false, error: err.message }, err.status);
    throw err;
  }
}

export function loader() {
  return methodNotAllowed();
}
