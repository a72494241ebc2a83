import crypto from "node:crypto";
import { parseButtonPayload } from "~/features/cod-confirmation/cod-confirmation";
import { buttonReplies, validWebhookSignature } from "~/features/whatsapp/inbound.server";
import { serviceEnv } from "~/platform/service-keys.server";
import { logger } from "~/platform/logger.server";
import { answerFromWhatsApp } from "./cod-confirmation.server";

/*
 * The WhatsApp Cloud API's webhook (issue 30): Meta's one-time verification (GET with hub.verify_token), and
 * its signed calls (POST), of which the COD confirmation's button taps are acted on. An unsigned or forged call
 * changes nothing and answers 401; a replayed one finds the confirmation answered and changes nothing either.
 * Every signed call answers 200, so Meta does not retry what the shop decided to ignore.
 */

export type WebhookAnswer = { status: number; body: string };

/** GET ?hub.mode=subscribe&hub.verify_token=...&hub.challenge=...: the challenge back when the token matches. */
export function verifyWhatsAppWebhook(url: URL): WebhookAnswer {
  const { WHATSAPP_VERIFY_TOKEN: token, WHATSAPP_APP_SECRET: secret } = serviceEnv();
  if (!token || !secret) return { status: 404, body: "Not found" };
  const given = url.searchParams.get("hub.verify_token") ?? "";
  const challenge = url.searchParams.get("hub.challenge") ?? "";
  const same =
    given.length === token.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(token));
  if (url.searchParams.get("hub.mode") !== "subscribe" || !same || !/^[A-Za-z0-9_-]{1,200}$/.test(challenge))
    return { status: 403, body: "Forbidden" };
  return { status: 200, body: challenge };
}

/** One signed POST: its button taps, each answered once. */
export async function handleWhatsAppWebhook(
  rawBody: string,
  signature: string | null,
): Promise<WebhookAnswer> {
  const secret = serviceEnv().WHATSAPP_APP_SECRET;
  if (!secret) return { status: 404, body: "Not found" };
  if (!validWebhookSignature(rawBody, signature, secret)) {
    logger.warn("WhatsApp webhook call with a bad signature refused");
    return { status: 401, body: "Bad signature" };
  }
  const replies = buttonReplies(rawBody);
  if (replies === null) return { status: 400, body: "Unreadable body" };
  let acted = 0;
  for (const r of replies.slice(0, 20)) {
    const parsed = parseButtonPayload(r.payload);
    if (!parsed) continue;
    const a = await answerFromWhatsApp(parsed.replyToken, parsed.answer, r.from);
    if (a.ok) acted++;
  }
  return { status: 200, body: JSON.stringify({ ok: true, acted }) };
}
