import { json, methodNotAllowed } from "~/server/http.server";
import { handleRazorpayWebhook } from "~/server/payments/webhook.server";
import type { Route } from "./+types/razorpay-webhook";

/** POST /api/razorpay/webhook: the signature is checked over the raw body, so it is read as text. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  if (Number(request.headers.get("content-length") ?? "0") > 1_000_000) return json({ error: "too large" }, 413);
  const raw = await request.text();
  const r = await handleRazorpayWebhook(raw, request.headers.get("x-razorpay-signature"), request.headers.get("x-razorpay-event-id"));
  return json(r.body, r.status);
}

export function loader() {
  return methodNotAllowed();
}
