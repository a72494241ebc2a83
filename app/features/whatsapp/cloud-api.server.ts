import { z } from "~/shared/zod";
import { isRetryableWhatsAppError, type TemplateMessage } from "~/features/settings/whatsapp-messages";

/**
 * A small typed client for the WhatsApp Business Cloud API calls the shop makes,
 * POST {apiBase}/{phone-number-id}/messages (and GET {apiBase}/{phone-number-id} to check the keys), over fetch with a configurable base URL (tests point it at
 * a local fake). The access token goes only into the Authorization header: never into an error message.
 */
export type WhatsAppCredentials = { token: string; phoneNumberId: string; apiBase: string };

/** A failed send: `retryable` says whether the queue should try again (see isRetryableWhatsAppError). */
export class WhatsAppError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly code: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const sentSchema = z.object({
  messaging_product: z.literal("whatsapp").optional(),
  contacts: z.array(z.object({ input: z.string().optional(), wa_id: z.string().optional() })).optional(),
  messages: z.array(z.object({ id: z.string().min(1), message_status: z.string().optional() })).min(1),
});

/** The Graph API's error answer: { error: { message, type, code, error_subcode?, error_data?, fbtrace_id } }. */
const errorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.coerce.number().int().optional(),
    error_subcode: z.coerce.number().int().optional(),
    error_data: z.union([z.object({ details: z.string().optional() }).loose(), z.string()]).optional(),
    fbtrace_id: z.string().optional(),
  }),
});

const TIMEOUT_MS = 15_000;

const phoneNumberSchema = z.object({
  id: z.string().optional(),
  display_phone_number: z.string().optional(),
  verified_name: z.string().optional(),
});

/**
 * GET {apiBase}/{phone-number-id}: the number the keys send from (Settings > Keys' "Check connection"), or a
 * WhatsAppError (a wrong token answers 401, an unknown phone number id 400).
 */
export async function fetchPhoneNumber(
  creds: WhatsAppCredentials,
): Promise<{ displayPhoneNumber: string | null; verifiedName: string | null }> {
  const url = `${creds.apiBase.replace(/\/+$/, "")}/${encodeURIComponent(creds.phoneNumberId)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${creds.token}`, accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new WhatsAppError(`WhatsApp could not be reached: ${(e as Error).message}`, null, null, true);
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw graphError(res, json, "");
  const p = phoneNumberSchema.safeParse(json);
  return {
    displayPhoneNumber: p.success ? (p.data.display_phone_number ?? null) : null,
    verifiedName: p.success ? (p.data.verified_name ?? null) : null,
  };
}

/** The WhatsAppError of a refusal, in WhatsApp's words (never the token). */
function graphError(res: Response, json: unknown, text: string): WhatsAppError {
  const parsed = errorSchema.safeParse(json);
  const err = parsed.success ? parsed.data.error : undefined;
  const code = err?.code ?? null;
  const details = typeof err?.error_data === "object" ? err.error_data.details : err?.error_data;
  const what = [err?.message, details].filter(Boolean).join(": ") || text.slice(0, 200) || res.statusText;
  return new WhatsAppError(
    `WhatsApp answered ${res.status}${code !== null ? ` (#${code})` : ""}: ${what}`.slice(0, 500),
    res.status,
    code,
    isRetryableWhatsAppError(res.status, code),
  );
}

/** Send one template message; resolves with WhatsApp's message id (wamid...), or throws WhatsAppError. */
export async function sendTemplateMessage(
  creds: WhatsAppCredentials,
  body: TemplateMessage,
): Promise<{ messageId: string }> {
  const url = `${creds.apiBase.replace(/\/+$/, "")}/${encodeURIComponent(creds.phoneNumberId)}/messages`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${creds.token}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new WhatsAppError(`WhatsApp could not be reached: ${(e as Error).message}`, null, null, true);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!res.ok) throw graphError(res, json, text);
  const sent = sentSchema.safeParse(json);
  // Accepted but not in the documented shape: the message may have gone out; retrying could send it twice.
  if (!sent.success) return { messageId: "unknown" };
  return { messageId: sent.data.messages[0]!.id };
}
