import { clientNetwork } from "~/platform/auth/auth.server";
import { tryReadText } from "~/platform/http/form-body.server";
import { methodNotAllowed } from "~/platform/http/http.server";
import { tooManyRequests, tryConsume } from "~/platform/limits/rate-limit.server";
import {
  handleWhatsAppWebhook,
  verifyWhatsAppWebhook,
} from "~/features/cod-confirmation/whatsapp-webhook.server";
import type { Route } from "./+types/api-whatsapp-webhook";

// Meta batches at most a few messages per call: a few kilobytes.
const MAX_BYTES = 64_000;

const text = (a: { status: number; body: string }) =>
  new Response(a.body, {
    status: a.status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

/** POST /api/whatsapp/webhook: the signature is checked over the raw body, so it is read as text. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const counted = await tryConsume("whatsappWebhookPerClient", clientNetwork(context));
  if (!counted.ok) return tooManyRequests(counted);
  const body = await tryReadText(request, MAX_BYTES);
  if (!body.ok) return text({ status: body.tooLarge ? 413 : 400, body: "Refused" });
  return text(await handleWhatsAppWebhook(body.text, request.headers.get("x-hub-signature-256")));
}

/** GET /api/whatsapp/webhook: Meta's verification of the callback URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const counted = await tryConsume("whatsappWebhookPerClient", clientNetwork(context));
  if (!counted.ok) return tooManyRequests(counted);
  return text(verifyWhatsAppWebhook(new URL(request.url)));
}
