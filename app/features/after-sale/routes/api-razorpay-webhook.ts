import { clientNetwork } from "~/platform/auth/auth.server";
import { BodyTooLarge, readTextBody } from "~/platform/http/form-body.server";
import { json, methodNotAllowed } from "~/platform/http/http.server";
import { handleRazorpayWebhook } from "~/features/after-sale/webhook.server";
import { consume, RateLimited, tooManyRequests } from "~/platform/limits/rate-limit.server";
import type { Route } from "./+types/api-razorpay-webhook";

/** POST /api/razorpay/webhook: the signature is checked over the raw body, so it is read as text. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  try {
    // Signed events are cheap to check; this only bounds the work a stranger can ask for.
    await consume("webhookPerClient", clientNetwork(context));
  } catch (e) {
    if (e instanceof RateLimited) return tooManyRequests(e);
    throw e;
  }
  let raw: string;
  try {
    // Razorpay's events are a few kilobytes; anything near this is not from Razorpay.
    raw = await readTextBody(request, 256_000);
  } catch (e) {
    return json(
      { error: e instanceof BodyTooLarge ? "too large" : "unreadable body" },
      e instanceof BodyTooLarge ? 413 : 400,
    );
  }
  const r = await handleRazorpayWebhook(
    raw,
    request.headers.get("x-razorpay-signature"),
    request.headers.get("x-razorpay-event-id"),
  );
  return json(r.body, r.status);
}

export function loader() {
  return methodNotAllowed();
}
