import { fieldErrors, placeOrderRequestSchema } from "~/domain/checkout";
import { BodyError, json, methodNotAllowed, readJson } from "~/server/http.server";
import { logger } from "~/server/logger.server";
import { placeOrder } from "~/server/orders.server";
import type { Route } from "./+types/checkout";

/** POST /api/checkout: place an order (the server prices it; the idempotency key makes repeats safe). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  try {
    const body = await readJson(request, 25_000_000);
    const parsed = placeOrderRequestSchema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const form = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith("form.")).map(([k, v]) => [k.slice(5), v]));
      return json({ error: "Please check the highlighted fields.", fieldErrors: form, errors }, 400);
    }
    const outcome = await placeOrder(parsed.data);
    if (!outcome.ok) return json({ error: outcome.message, code: outcome.code, lineErrors: outcome.lineErrors ?? [] }, outcome.status);
    return json({ checkout: outcome.checkout, replayed: outcome.replayed }, outcome.replayed ? 200 : 201);
  } catch (err) {
    if (err instanceof BodyError) return json({ error: err.message }, err.status);
    logger.error({ err }, "placing an order failed");
    return json({ error: "There was an error placing your order. Please try again." }, 500);
  }
}

export function loader() {
  return methodNotAllowed();
}
