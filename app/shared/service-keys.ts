import { z } from "./zod";

/*
 * The keys of the services the shop talks to (issue 42, decision 055): Razorpay, Shiprocket, the WhatsApp
 * Cloud API and the mail server. Each is an environment variable of the same name, or (when that is unset)
 * a key the Owner saved in Settings > Keys, stored sealed. One list, one check per key: the environment's
 * parse (env.server.ts) and the keys form use the same rules and messages.
 */

export const SERVICES = ["razorpay", "shiprocket", "whatsapp", "smtp"] as const;
export type Service = (typeof SERVICES)[number];

export const SERVICE_TITLES: Record<Service, string> = {
  razorpay: "Razorpay",
  shiprocket: "Shiprocket",
  whatsapp: "WhatsApp Cloud API",
  smtp: "Mail server (SMTP)",
};

/** The rules of the keys the environment checked before they could be saved in the admin. */
export const KEY_RULES = {
  WHATSAPP_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._|-]{20,1000}$/, "must be a WhatsApp Business access token (letters and digits)"),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^[0-9]{5,30}$/, "must be the phone number ID shown in WhatsApp Manager (digits only)"),
  WHATSAPP_APP_SECRET: z.string().min(16, "must be the Meta app's secret (App settings > Basic)").max(200),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, "must be at least 16 characters (a long random token)").max(200),
  SHIPROCKET_EMAIL: z.email("must be the Shiprocket API user's e-mail"),
  SHIPROCKET_PASSWORD: z.string().max(200, "must be at most 200 characters"),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://"),
};

const secret = z
  .string()
  .min(8, "must be at least 8 characters")
  .max(200, "must be at most 200 characters")
  .regex(/^\S+$/, "must have no spaces");

export type KeyName =
  | "RAZORPAY_KEY_ID"
  | "RAZORPAY_KEY_SECRET"
  | "RAZORPAY_WEBHOOK_SECRET"
  | "SHIPROCKET_EMAIL"
  | "SHIPROCKET_PASSWORD"
  | "WHATSAPP_TOKEN"
  | "WHATSAPP_PHONE_NUMBER_ID"
  | "WHATSAPP_APP_SECRET"
  | "WHATSAPP_VERIFY_TOKEN"
  | "SMTP_URL";

export type ServiceKey = {
  service: Service;
  /** Its name in the admin and in the audit trail ("Razorpay key secret changed"). */
  label: string;
  /** A password field (a key id, an e-mail or a phone number id is not one). */
  secret: boolean;
  /** Needed for the service to work (the others add to it: webhooks). */
  required: boolean;
  rule: z.ZodType<string>;
  hint?: string;
};

export const SERVICE_KEYS: Record<KeyName, ServiceKey> = {
  RAZORPAY_KEY_ID: {
    service: "razorpay",
    label: "Key id",
    secret: false,
    required: true,
    rule: z
      .string()
      .max(100, "must be at most 100 characters")
      .regex(
        /^rzp_[A-Za-z0-9_]+$/,
        "must be the key id from Razorpay's dashboard (rzp_live_… or rzp_test_…)",
      ),
  },
  RAZORPAY_KEY_SECRET: {
    service: "razorpay",
    label: "Key secret",
    secret: true,
    required: true,
    rule: secret,
  },
  RAZORPAY_WEBHOOK_SECRET: {
    service: "razorpay",
    label: "Webhook secret",
    secret: true,
    required: false,
    rule: secret,
    hint: "The secret typed into Razorpay's webhook for /api/razorpay/webhook (payments confirmed even when the shopper's tab closes).",
  },
  SHIPROCKET_EMAIL: {
    service: "shiprocket",
    label: "API user's e-mail",
    secret: false,
    required: true,
    rule: KEY_RULES.SHIPROCKET_EMAIL,
  },
  SHIPROCKET_PASSWORD: {
    service: "shiprocket",
    label: "API user's password",
    secret: true,
    required: true,
    rule: KEY_RULES.SHIPROCKET_PASSWORD.min(1, "is required"),
  },
  WHATSAPP_TOKEN: {
    service: "whatsapp",
    label: "Access token",
    secret: true,
    required: true,
    rule: KEY_RULES.WHATSAPP_TOKEN,
  },
  WHATSAPP_PHONE_NUMBER_ID: {
    service: "whatsapp",
    label: "Phone number id",
    secret: false,
    required: true,
    rule: KEY_RULES.WHATSAPP_PHONE_NUMBER_ID,
  },
  WHATSAPP_APP_SECRET: {
    service: "whatsapp",
    label: "App secret",
    secret: true,
    required: false,
    rule: KEY_RULES.WHATSAPP_APP_SECRET,
    hint: "With the verify token: the webhook that hears the COD confirmation's button taps.",
  },
  WHATSAPP_VERIFY_TOKEN: {
    service: "whatsapp",
    label: "Webhook verify token",
    secret: true,
    required: false,
    rule: KEY_RULES.WHATSAPP_VERIFY_TOKEN,
  },
  SMTP_URL: {
    service: "smtp",
    label: "SMTP URL",
    secret: true,
    required: true,
    rule: KEY_RULES.SMTP_URL.max(500, "must be at most 500 characters"),
    hint: "smtps://user:password@smtp.example.com:465 (its password is part of it).",
  },
};

export const KEY_NAMES = Object.keys(SERVICE_KEYS) as KeyName[];

/** A service's keys, in the order the form shows them. */
export const keysOf = (service: Service) => KEY_NAMES.filter((k) => SERVICE_KEYS[k].service === service);

/** A key's label inside a sentence: "key secret", "API user's e-mail", "SMTP URL". */
export function keyLabel(name: KeyName): string {
  const label = SERVICE_KEYS[name].label;
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** "Razorpay key secret": a key named with its service, for the audit trail and messages. */
export function keyTitle(name: KeyName): string {
  const k = SERVICE_KEYS[name];
  const service = k.service === "smtp" ? "Mail server" : SERVICE_TITLES[k.service].replace(" Cloud API", "");
  return `${service} ${keyLabel(name)}`;
}

/** What the admin shows of a key: its last 4 characters, never more. */
export function keyHint(value: string): string {
  return `•••• ${value.slice(-4)}`;
}

/** The keys a service needs both of (the other is refused alone). */
export const KEY_PAIRS: ReadonlyArray<readonly [KeyName, KeyName]> = [
  ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET"],
  ["SHIPROCKET_EMAIL", "SHIPROCKET_PASSWORD"],
  ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID"],
];
