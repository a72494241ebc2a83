import { z } from "~/shared/zod";

/*
 * WhatsApp order updates (issue 16): which order events send a template message, what each template's
 * body parameters are (in order), and the exact request body the WhatsApp Business Cloud API takes.
 * Pure: the client that sends it lives in app/server/whatsapp/.
 */

export const WHATSAPP_EVENTS = [
  "placed",
  "confirmed",
  "dispatched",
  "delivered",
  "proof",
  "ndr",
  "review",
] as const;
export type WhatsAppEvent = (typeof WHATSAPP_EVENTS)[number];

export function isWhatsAppEvent(v: unknown): v is WhatsAppEvent {
  return typeof v === "string" && (WHATSAPP_EVENTS as readonly string[]).includes(v);
}

/** The template names and language the shop sends with, until the owner changes them in /admin/settings. */
export const DEFAULT_WHATSAPP_TEMPLATES = {
  placed: "order_placed",
  confirmed: "order_confirmed",
  dispatched: "order_dispatched",
  delivered: "order_delivered",
  proof: "design_proof",
  ndr: "delivery_failed",
  review: "review_request",
  language: "en",
} as const;

export type WhatsAppTemplates = Record<WhatsAppEvent, string> & { language: string };

/** What each template's body says, {{1}}, {{2}}, ... in this order (README "WhatsApp updates"). */
export const TEMPLATE_PARAMETERS: Record<WhatsAppEvent, readonly string[]> = {
  placed: ["customer's first name", "order ID", "order page link"],
  confirmed: ["customer's first name", "order ID", "order page link"],
  dispatched: ["customer's first name", "order ID", "courier", "tracking number", "order page link"],
  delivered: ["customer's first name", "order ID", "order page link"],
  proof: ["customer's first name", "order ID", "order page link"],
  // The courier could not deliver (NDR): the order page asks "try again, change address or phone, cancel".
  ndr: ["customer's first name", "order ID", "order page link"],
  // The review request (issue 29): sent once with the first review e-mail; the link opens the order's review page.
  review: ["customer's first name", "order ID", "review page link"],
};

const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
/** WhatsApp's language codes: en, hi, en_US, pt_BR, ... */
const LANGUAGE_CODE = /^[a-z]{2,3}(_[A-Z]{2})?$/;

const templateName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(
      (v) => TEMPLATE_NAME.test(v),
      `${label} must be the template's name as created in WhatsApp Manager: lower-case letters, digits and underscores`,
    );

/** The settings form's WhatsApp section (shop-settings.ts). */
export const whatsAppTemplatesSchema = z.object({
  placed: templateName("Order placed template"),
  confirmed: templateName("Order confirmed template"),
  dispatched: templateName("Order dispatched template"),
  delivered: templateName("Order delivered template"),
  // Added after the first four: settings saved before it get the default name.
  proof: z.preprocess(
    (v) => (v === undefined || v === null ? DEFAULT_WHATSAPP_TEMPLATES.proof : v),
    templateName("Design proof template"),
  ),
  ndr: z.preprocess(
    (v) => (v === undefined || v === null ? DEFAULT_WHATSAPP_TEMPLATES.ndr : v),
    templateName("Delivery failed template"),
  ),
  review: z.preprocess(
    (v) => (v === undefined || v === null ? DEFAULT_WHATSAPP_TEMPLATES.review : v),
    templateName("Review request template"),
  ),
  language: z
    .string({ error: "Template language is required" })
    .trim()
    .refine((v) => LANGUAGE_CODE.test(v), "Template language must be a code such as en, hi or en_US"),
});

/**
 * A text parameter as the Cloud API accepts it: no new lines or tabs, no more than 4 spaces in a row
 * (error 132018 otherwise), never empty, and short.
 */
export function templateText(value: string, fallback = "-"): string {
  const clean = value.replace(/\s+/g, " ").trim().slice(0, 200);
  return clean === "" ? fallback : clean;
}

/** "Priya" from "Priya Sharma" ("there" when the name is blank). */
export function firstName(customerName: string): string {
  return templateText(customerName.trim().split(/\s+/)[0] ?? "", "there");
}

export type TemplateFacts = {
  customerName: string;
  displayOrderId: string;
  orderLink: string;
  courier?: string | null;
  trackingNumber?: string | null;
};

/** The body parameters of one event's template, in TEMPLATE_PARAMETERS' order. */
export function templateParameters(event: WhatsAppEvent, f: TemplateFacts): string[] {
  const head = [firstName(f.customerName), templateText(f.displayOrderId)];
  if (event === "dispatched") {
    return [...head, templateText(f.courier ?? ""), templateText(f.trackingNumber ?? ""), f.orderLink];
  }
  return [...head, f.orderLink];
}

export type TemplateMessage = {
  messaging_product: "whatsapp";
  recipient_type: "individual";
  to: string;
  type: "template";
  template: {
    name: string;
    language: { code: string };
    components: ({ type: "body"; parameters: { type: "text"; text: string }[] } | QuickReplyButton)[];
  };
};

/** A template's quick-reply button with the payload WhatsApp sends back when the shopper taps it. */
export type QuickReplyButton = {
  type: "button";
  sub_type: "quick_reply";
  index: string;
  parameters: { type: "payload"; payload: string }[];
};

/** The request body of POST /{phone-number-id}/messages for one template message. */
export function templateMessage(
  to: string,
  templates: WhatsAppTemplates,
  event: WhatsAppEvent,
  parameters: string[],
): TemplateMessage {
  return namedTemplateMessage(to, templates[event], templates.language, parameters);
}

/**
 * The request body for the template of this name and language: its body parameters in order, then its
 * quick-reply buttons (COD confirmation) if any. Every template message of the shop is built here.
 */
export function namedTemplateMessage(
  to: string,
  name: string,
  language: string,
  parameters: string[],
  buttons: QuickReplyButton[] = [],
): TemplateMessage {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: {
      name,
      language: { code: language },
      components: [
        { type: "body", parameters: parameters.map((text) => ({ type: "text", text })) },
        ...buttons,
      ],
    },
  };
}

/**
 * Cloud API error codes that a later attempt can get past: throttling (4, 80007, 130429, 131048,
 * 131056), "something went wrong" / service unavailable (1, 2, 131000, 131016, 133004), and the
 * access token or permission errors (0, 190, 10, 200), which the owner fixes in settings while the
 * queue keeps retrying (bounded: about 3 to 6 hours).
 */
const RETRYABLE_CODES = new Set([
  0, 1, 2, 4, 10, 190, 200, 80007, 130429, 131000, 131016, 131048, 131056, 133004,
]);

/**
 * Whether a failed send is worth retrying: network failures, 429 and 5xx are; so are the codes above.
 * Anything else the API refused (400 with a bad number, a template that does not exist or whose
 * parameters do not match, a recipient who cannot be reached) fails the same way every time: permanent.
 */
export function isRetryableWhatsAppError(httpStatus: number | null, code: number | null): boolean {
  if (httpStatus === null) return true;
  if (httpStatus === 429 || httpStatus >= 500) return true;
  if (code !== null && RETRYABLE_CODES.has(code)) return true;
  if (httpStatus === 401 || httpStatus === 403) return true;
  return false;
}
