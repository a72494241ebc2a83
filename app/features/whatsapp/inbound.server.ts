import crypto from "node:crypto";
import { z } from "~/shared/zod";

/*
 * The WhatsApp Cloud API's inbound webhook (issue 30): Meta signs each call's raw body with the app secret
 * (X-Hub-Signature-256: sha256=<hex HMAC-SHA256>), checked in constant time before anything is parsed, and the
 * body carries the shopper's messages; only quick-reply button taps are read here (their payload and sender).
 */

/** Whether `header` is the app secret's signature of exactly these bytes. */
export function validWebhookSignature(rawBody: string, header: string | null, appSecret: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!m) return false;
  const expected = crypto.createHmac("sha256", appSecret).update(rawBody, "utf8").digest();
  const given = Buffer.from(m[1]!, "hex");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const message = z
  .object({
    from: z.string().max(20),
    id: z.string().max(200),
    type: z.string().max(40),
    // A template's quick-reply button.
    button: z
      .object({ payload: z.string().max(200).optional(), text: z.string().max(200).optional() })
      .optional(),
    // An interactive message's reply button (not sent by the shop today, read the same way).
    interactive: z
      .object({ button_reply: z.object({ id: z.string().max(200) }).optional() })
      .loose()
      .optional(),
  })
  .loose();

const webhookSchema = z
  .object({
    object: z.string().optional(),
    entry: z
      .array(
        z
          .object({
            changes: z
              .array(
                z
                  .object({
                    field: z.string().optional(),
                    value: z
                      .object({ messages: z.array(message).max(100).optional() })
                      .loose()
                      .optional(),
                  })
                  .loose(),
              )
              .max(100)
              .optional(),
          })
          .loose(),
      )
      .max(100),
  })
  .loose();

export type ButtonReply = { from: string; messageId: string; payload: string };

/** The button taps in a webhook body (a delivery status or a typed message gives none); null when it is not JSON of that shape. */
export function buttonReplies(rawBody: string): ButtonReply[] | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) return null;
  const out: ButtonReply[] = [];
  for (const e of parsed.data.entry)
    for (const c of e.changes ?? [])
      for (const m of c.value?.messages ?? []) {
        const payload = m.button?.payload ?? m.interactive?.button_reply?.id;
        if (payload) out.push({ from: m.from, messageId: m.id, payload });
      }
  return out;
}
