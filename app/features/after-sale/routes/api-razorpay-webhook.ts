import { clientNetwork } from "~/platform/auth/auth.server";
import { tryReadText } from "~/platform/http/form-body.server";
import { json, jsonRefusal, methodNotAllowed } from "~/platform/http/http.server";
import { handleRazorpayWebhook } from "~/features/after-sale/webhook.server";
import { tooManyRequests, tryConsume } from "~/platform/limits/rate-limit.server";
import type { Route } from "./+types/api-razorpay-webhook";

/** POST /api/razorpay/webhook: the signature is checked over the raw body, so it is read as text. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  // Signed events are cheap to check; this only bounds the work a stranger can ask for.
  const counted = await tryConsume("webhookPerClient", clientNetwork(context));
  if (!counted.ok) return tooManyRequests(counted);
  // Razorpay's events are a few kilobytes; anything near this is not from Razorpay.
  const body = await tryReadText(request, 256_000);
  if (!body.ok) return body.tooLarge ? jsonRefusal(413, "too large") : jsonRefusal(400, "unreadable body");
  const r = await handleRazorpayWebhook(
    body.text,
    request.headers.get("x-razorpay-signature"),
    request.headers.get("x-razorpay-event-id"),
  );
  return json(r.body, r.status);
}

export function loader() {
  return methodNotAllowed();
}
