import { BodyTooLarge, readTextBody } from "~/server/form-body.server";
import { json, methodNotAllowed } from "~/server/http.server";
import { handleRazorpayWebhook } from "~/server/payments/webhook.server";
import type { Route } from "./+types/razorpay-webhook";

/** POST /api/razorpay/webhook: the signature is checked over the raw body, so it is read as text. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
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
