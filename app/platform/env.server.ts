import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "~/shared/zod";
import { KEY_RULES } from "~/shared/service-keys";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const PROXY_NAME = /^(loopback|linklocal|uniquelocal)$/;
const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6 = /^[0-9a-f:.]+(\/\d{1,3})?$/i;
function isTrustProxy(v: string): boolean {
  if (/^\d{1,2}$/.test(v)) return true;
  return v.split(",").every((part) => {
    const p = part.trim();
    return PROXY_NAME.test(p) || IPV4.test(p) || (p.includes(":") && IPV6.test(p));
  });
}

/** Express's "trust proxy" setting for TRUST_PROXY: false (trust nobody) when unset. */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (!value) return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

const limit = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const url = (what: string) => z.url({ protocol: /^https?$/, error: `must be an http(s) URL (${what})` });

/** Every environment variable the app reads, checked once at start. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  PUBLIC_URL: optionalText.pipe(url("the shop's public address, e.g. https://neonlights.in").optional()),
  LOG_LEVEL: z
    .enum(
      ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
      "must be one of fatal, error, warn, info, debug, trace, silent",
    )
    .default("info"),
  /**
   * Which proxy in front of the shop may tell the client's address (X-Forwarded-For): a number of hops,
   * or a comma list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. Unset: nobody.
   */
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .refine(
        isTrustProxy,
        "must be a number of hops (e.g. 1) or addresses/CIDRs such as loopback or 10.0.0.0/8, comma-separated",
      )
      .optional(),
  ),

  // Store details and the limits below are the shop settings' first-start defaults: once the shop has
  // started, /admin/settings is where they change (app/features/settings/store-settings.server.ts).
  STORE_NAME: z.string().min(1).default("NeonLights"),
  STORE_EMAIL: z.email().default("hello@neonlights.in"),
  STORE_PHONE: z
    .string()
    .regex(/^\+?[0-9 ]{8,16}$/, "must be a phone number such as +91 98765 43210")
    .default("+91 98765 43210"),
  STORE_WHATSAPP: z
    .string()
    .regex(/^[0-9]{10,15}$/, "must be digits only with the country code, e.g. 919876543210")
    .default("919876543210"),
  STORE_ADDRESS: z.string().min(1).default("Badaun, Uttar Pradesh, India"),
  STORE_INSTAGRAM_URL: url("image-sharing profile").default("https://www.instagram.com/neonlights.in"),
  STORE_YOUTUBE_URL: url("video-site profile").default("https://www.youtube.com/@neonlights.in"),
  STORE_HOURS_WEEKDAYS: z.string().default("Mon-Fri: 9:00 AM - 8:00 PM"),
  STORE_HOURS_SATURDAY: z.string().default("Sat: 10:00 AM - 6:00 PM"),
  STORE_HOURS_SUNDAY: z.string().default("Sun: Closed"),

  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_BASE: url("Razorpay API base").default("https://api.razorpay.com"),
  RAZORPAY_CHECKOUT_SCRIPT: url("Razorpay checkout script").default(
    "https://checkout.razorpay.com/v1/checkout.js",
  ),
  PAYMENT_MODE: z.enum(["live", "test"]).optional(),
  SMTP_URL: optionalText.pipe(KEY_RULES.SMTP_URL.optional()),
  SHOP_NOTIFY_EMAIL: optionalText.pipe(z.email().optional()),
  MAIL_FROM: optionalText.pipe(z.string().optional()),

  /** Limits against stock hoarding and order floods (docs/decisions/010-abuse-limits.md): first-start defaults. */
  MAX_QTY_PER_LINE: limit(1, 999).default(10),
  MAX_QTY_PER_PRODUCT: limit(1, 9999).default(10),
  MAX_CUSTOM_LINES: limit(1, 50).default(10),
  MAX_ORDER_TOTAL: limit(100, 100_000_000).default(200_000),
  MAX_OPEN_ORDERS_PER_CUSTOMER: limit(1, 1_000_000).default(3),
  MAX_HELD_UNITS_PER_CUSTOMER: limit(1, 100_000).default(10),
  /** Checkout submissions one client address may send per hour (raise it for shops behind a shared address). */
  CHECKOUT_RATE_PER_HOUR: limit(1, 100_000).default(20),
  /**
   * How much of an IPv6 address is one client for every limit keyed by address: the /64 a home line or a
   * phone gets (its devices rotate inside it at will). 48 counts a whole site; 128 counts single addresses.
   */
  CLIENT_IPV6_PREFIX: limit(32, 128).default(64),
  /** New-order notices mailed to the shop per hour (a bound on what a flood of orders can send; the orders stay). */
  SHOP_NOTICES_PER_HOUR: limit(1, 100_000).default(60),
  /** Live-update streams (/api/events) one client network may hold open at once (decision 027). */
  EVENT_STREAMS_PER_NETWORK: limit(1, 100_000).default(4),
  /** Megabytes of shoppers' uploads (logo quotes, later review photos) stored per day, per kind, at most. */
  INTAKE_MB_PER_DAY: limit(1, 100_000).default(200),
  /**
   * PDFs (invoices, credit notes) drawn at once, each in a worker thread of its own, and how many more may wait
   * for one; a download that finds both full is answered 503 with Retry-After (decision 048). The default,
   * half the cores (1 on 2), leaves the pages a core however many documents are asked for.
   */
  PDF_WORKERS: limit(1, 64).default(Math.max(1, Math.floor(availableParallelism() / 2))),
  PDF_QUEUE: limit(0, 1_000).default(8),
  /** Share of storefront page loads that send Core Web Vitals (0 turns it off; 1 measures every load). */
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.25),
  /**
   * Seconds from SIGTERM until the process is gone, whatever is still running (the host's grace period: set it
   * a little under the orchestrator's own, e.g. 25 under Kubernetes' 30). Requests in flight get 60% of it,
   * loaders 75%; the database stops in what is left.
   */
  SHUTDOWN_SECONDS: limit(5, 300).default(10),
  /** Minutes an unpaid online order keeps its stock. */
  PAYMENT_HOLD_MINUTES: limit(5, 120).default(15),

  /**
   * WhatsApp order updates through the WhatsApp Business Cloud API (README "WhatsApp updates"). The token
   * and the phone number id go together; unset, each message is written to DATA_DIR/outbox instead.
   * WHATSAPP_TOKEN is a secret: never logged, never sent to a browser, never shown on a page.
   */
  WHATSAPP_TOKEN: optionalText.pipe(KEY_RULES.WHATSAPP_TOKEN.optional()),
  WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(KEY_RULES.WHATSAPP_PHONE_NUMBER_ID.optional()),
  WHATSAPP_API_BASE: optionalText.pipe(
    url("the Cloud API's address with its version, e.g. https://graph.facebook.com/v21.0").optional(),
  ),
  /**
   * The inbound webhook (issue 30: the COD confirmation's button replies, /api/whatsapp/webhook): the Meta app's
   * secret that signs each call (X-Hub-Signature-256), and the verify token typed into the app's webhook setup.
   * Both are secrets; unset, the webhook answers 404 and shoppers confirm on the order page.
   */
  WHATSAPP_APP_SECRET: optionalText.pipe(KEY_RULES.WHATSAPP_APP_SECRET.optional()),
  WHATSAPP_VERIFY_TOKEN: optionalText.pipe(KEY_RULES.WHATSAPP_VERIFY_TOKEN.optional()),

  /**
   * Shipping through Shiprocket (README "Shipping through a courier"): the API user's e-mail and password
   * (Shiprocket panel > Settings > API), set together; unset, staff type the courier and number themselves
   * and delivery dates come from the shop settings. The password is a secret: never logged or shown.
   */
  SHIPROCKET_EMAIL: optionalText.pipe(KEY_RULES.SHIPROCKET_EMAIL.optional()),
  SHIPROCKET_PASSWORD: optionalText.pipe(KEY_RULES.SHIPROCKET_PASSWORD.optional()),
  /** The security token given to Shiprocket's tracking webhook (x-api-key); unset: the webhook answers 404. */
  SHIPROCKET_WEBHOOK_TOKEN: optionalText.pipe(
    z.string().min(16, "must be at least 16 characters (a long random token)").max(200).optional(),
  ),
  SHIPROCKET_BASE_URL: optionalText.pipe(
    url("Shiprocket's API address, e.g. https://apiv2.shiprocket.in/v1/external").optional(),
  ),

  /**
   * Object storage for uploaded images (docs/deployment.md, "Object storage"). S3_BUCKET selects an
   * S3-compatible store (S3, R2, GCS interoperability, MinIO); unset, images live in DATA_DIR/uploads.
   */
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/,
        "must be a bucket name (3 to 222 lowercase letters, digits, dots, hyphens or underscores)",
      )
      .optional(),
  ),
  /** The S3 API address for anything but AWS, e.g. https://<account>.r2.cloudflarestorage.com. */
  S3_ENDPOINT: optionalText.pipe(url("the S3 API address, e.g. https://storage.googleapis.com").optional()),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, "must be a region name such as us-east-1, ap-south-1 or auto")
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(
    z.enum(["true", "false", "1", "0"], "must be true or false").optional(),
  ),
  /** Where browsers fetch the bucket's objects (a CDN or the bucket's public address); unset: the shop's /uploads. */
  S3_PUBLIC_URL: optionalText.pipe(
    url("the bucket's public address or CDN, e.g. https://img.neonlights.in")
      .refine((v) => !/[?#]/.test(v), "must not have a query (?) or fragment (#)")
      .optional(),
  ),
  /** A folder inside the bucket for this shop's objects, e.g. shop/ (letters, digits, . _ - and /). */
  S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/,
        "must be a folder name such as shop/ (letters, digits, dots, hyphens, underscores, slashes)",
      )
      .optional(),
  ),

  /**
   * Whether this instance runs the job queue's workers and its cron clock (mail, sweeps). Every instance
   * may (each job is taken by one); "off" makes a web-only host.
   */
  JOB_WORKERS: z.enum(["on", "off"], "must be on or off").default("on"),

  /**
   * Test-only: the job queue's recovery after a killed instance, shortened so the durability tests do not wait
   * a minute for it. JOB_EXPIRE_SECONDS caps how long a job may run before it is taken as cut off (each queue's
   * own limit otherwise, 45 s for mail, above the SMTP time-outs); JOB_MAINTENANCE_SECONDS is how often expired
   * jobs are looked for (30 s).
   */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).optional(),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),

  /**
   * The key that encrypts staff second-factor secrets at rest (AES-256-GCM): 32 bytes as 64 hex digits or
   * base64. Unset: a key is generated once in DATA_DIR/secrets/admin-secrets.key and a warning is logged at
   * start-up (docs/decisions/043-staff-roles-and-two-factor.md).
   */
  ADMIN_SECRETS_KEY: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, "base64").length === 32,
        "must be 32 bytes: 64 hex digits or 44 base64 characters (openssl rand -base64 32)",
      )
      .optional(),
  ),
  /**
   * The roles that must have a second factor until the owner decides on /admin/staff: a comma list of
   * owner, operations, catalogue, accounts, or "none". Read once, when the staff policy is first made.
   */
  ADMIN_SECOND_FACTOR_ROLES: z
    .string()
    .trim()
    .default("owner,accounts")
    .refine(
      (v) =>
        v === "none" ||
        v.split(",").every((r) => ["owner", "operations", "catalogue", "accounts"].includes(r.trim())),
      "a comma list of owner, operations, catalogue, accounts, or none",
    ),

  /** Test-only: shortens the admin tab-hidden logout delay (milliseconds). */
  ADMIN_HIDDEN_LOGOUT_MS: z.coerce.number().int().min(100).default(30_000),
});

export type Env = z.infer<typeof envSchema> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  WHATSAPP_API_BASE: string;
  SHIPROCKET_BASE_URL: string;
};

export const DEFAULT_WHATSAPP_API_BASE = "https://graph.facebook.com/v21.0";
export const DEFAULT_SHIPROCKET_BASE_URL = "https://apiv2.shiprocket.in/v1/external";

/** A half-configured WhatsApp sender, as "NAME: problem" lines. */
function whatsAppProblems(e: z.infer<typeof envSchema>): string[] {
  if (Boolean(e.WHATSAPP_TOKEN) === Boolean(e.WHATSAPP_PHONE_NUMBER_ID)) return [];
  return [
    e.WHATSAPP_TOKEN
      ? "WHATSAPP_PHONE_NUMBER_ID: must be set with WHATSAPP_TOKEN (or unset both to write WhatsApp messages to the outbox)"
      : "WHATSAPP_TOKEN: must be set with WHATSAPP_PHONE_NUMBER_ID (or unset both to write WhatsApp messages to the outbox)",
  ];
}

/** Shiprocket's e-mail without its password, or the other way round. */
function shiprocketProblems(e: z.infer<typeof envSchema>): string[] {
  if (Boolean(e.SHIPROCKET_EMAIL) === Boolean(e.SHIPROCKET_PASSWORD)) return [];
  return [
    e.SHIPROCKET_EMAIL
      ? "SHIPROCKET_PASSWORD: must be set with SHIPROCKET_EMAIL (or unset both to ship manually)"
      : "SHIPROCKET_EMAIL: must be set with SHIPROCKET_PASSWORD (or unset both to ship manually)",
  ];
}

const S3_SETTINGS = [
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PUBLIC_URL",
  "S3_PREFIX",
] as const;

/** The object-storage variables that do not fit together, as "NAME: problem" lines. */
function s3Problems(e: z.infer<typeof envSchema>): string[] {
  if (!e.S3_BUCKET) {
    const set = S3_SETTINGS.filter((name) => e[name] !== undefined);
    return set.length
      ? [`S3_BUCKET: must be set when ${set.join(", ")} ${set.length > 1 ? "are" : "is"} set`]
      : [];
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    return [
      e.S3_ACCESS_KEY_ID
        ? "S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID"
        : "S3_ACCESS_KEY_ID: must be set with S3_SECRET_ACCESS_KEY",
    ];
  }
  return [];
}

export class EnvError extends Error {}

/** Parse the environment; throws EnvError naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment variable(s):\n${lines.join("\n")}`);
  }
  const e = result.data;
  if (e.PAYMENT_MODE === "live" && !(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET)) {
    throw new EnvError(
      "Invalid environment variable(s):\n  PAYMENT_MODE: 'live' needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET",
    );
  }
  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET)) {
    throw new EnvError(
      "Invalid environment variable(s):\n  RAZORPAY_KEY_SECRET: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together",
    );
  }
  const pairs = [...s3Problems(e), ...whatsAppProblems(e), ...shiprocketProblems(e)];
  if (pairs.length)
    throw new EnvError(`Invalid environment variable(s):\n${pairs.map((l) => `  ${l}`).join("\n")}`);
  return {
    ...e,
    S3_PUBLIC_URL: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
    WHATSAPP_API_BASE: (e.WHATSAPP_API_BASE ?? DEFAULT_WHATSAPP_API_BASE).replace(/\/+$/, ""),
    SHIPROCKET_BASE_URL: (e.SHIPROCKET_BASE_URL ?? DEFAULT_SHIPROCKET_BASE_URL).replace(/\/+$/, ""),
    DATA_DIR: path.resolve(e.DATA_DIR),
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
  };
}

let current: Env | undefined;

/** The parsed environment (parsed on first use). */
export function env(): Env {
  current ??= parseEnv();
  return current;
}

/** Replace the environment (start-up and tests). */
export function setEnv(next: Env): void {
  current = next;
}
