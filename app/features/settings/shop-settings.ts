import { INTERNATIONAL_COUNTRIES, type InternationalCountryCode } from "~/shared/countries";
import { fieldErrorsOf } from "~/shared/form-errors";
import { GSTIN_MESSAGES, gstinProblem, normalizeGstin } from "~/shared/gstin";
import { formatRupees } from "~/shared/money";
import { singleLine } from "~/shared/text";
import { whatsAppTemplatesSchema } from "~/features/settings/whatsapp-messages";
import { reviewSettingsSchema } from "~/features/settings/review-settings";
import { courierSettingsSchema } from "~/features/settings/courier-settings";
import { codConfirmationSettingsSchema, prepaidRulesSchema } from "~/features/settings/cod-settings";
import { recoverySettingsSchema } from "~/features/settings/recovery-settings";
import { workshopSettingsSchema } from "~/features/settings/workshop-settings";
import { z } from "~/shared/zod";
import { DEFAULT_PRODUCT_FACTS } from "~/features/settings/product-fact-defaults";
import { privacySettingsSchema } from "~/features/settings/privacy-settings";
import { feedSettingsSchema } from "~/features/settings/feed-settings";
import { chatOrderSettingsSchema } from "~/features/settings/chat-order-settings";

/*
 * The shop's settings (PRODUCT.md "Store details in one place"): store details and hours, social links,
 * GSTIN and legal name, the grievance officer, shipping rules and the order limits. The owner edits them
 * on /admin/settings; environment variables only give their first-start defaults. One schema parses the
 * admin form (strings) and the stored JSON (numbers, lists), so both always pass the same checks.
 *
 * Form field names are the dotted paths of the values ("shipping.standardFee"); `nestValues` turns a
 * flat form into this shape and `flattenValues` does the reverse for the form's initial values.
 */

const str = (label: string) => z.string({ error: `${label} is required` });

const requiredText = (label: string, max: number) =>
  str(label)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(singleLine(label));

const shown = (v: number, money: boolean) => (money ? formatRupees(v) : v.toLocaleString("en-IN"));

/** A whole number typed into the form (or stored): digits only; commas, spaces and ₹ are ignored. */
function wholeOrNull(label: string, min: number, max: number, opts: { money?: boolean; optional?: boolean }) {
  return z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .optional()
    .nullable()
    .transform((raw, ctx): number | null => {
      const s = raw === undefined || raw === null ? "" : String(raw).replace(/[,₹\s]/g, "");
      if (s === "") {
        if (opts.optional) return null;
        ctx.addIssue({ code: "custom", message: `${label} is required` });
        return z.NEVER;
      }
      if (!/^\d+$/.test(s)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number` });
        return z.NEVER;
      }
      const n = Number(s);
      if (n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be between ${shown(min, Boolean(opts.money))} and ${shown(max, Boolean(opts.money))}`,
        });
        return z.NEVER;
      }
      return n;
    });
}

const whole = (label: string, min: number, max: number, money = false) =>
  wholeOrNull(label, min, max, { money }).transform((v) => v as number);
const rupees = (label: string, max: number) => whole(label, 0, max, true);

const email = (label: string) =>
  str(label)
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} must be at most 200 characters`)
    .superRefine(singleLine(label))
    .pipe(z.email(`${label} must be a valid email address`));

/**
 * A phone number: an Indian number (10 digits, optionally +91 or 0 in front) or an international one
 * (+ and 10 to 15 digits). Spaces, dashes and brackets are allowed and kept as typed.
 */
export function isPhoneNumber(raw: string): boolean {
  const digits = raw.replace(/[\s\-()]/g, "");
  return /^\+[1-9][0-9]{9,14}$/.test(digits) || /^0?[1-9][0-9]{9}$/.test(digits);
}

const phone = (label: string) =>
  str(label)
    .trim()
    .min(1, `${label} is required`)
    .max(30, `${label} must be at most 30 characters`)
    .superRefine(singleLine(label))
    .refine(isPhoneNumber, `${label} must be a phone number such as +91 98765 43210`);

/** A WhatsApp number: the digits with the country code (spaces, dashes and a + are dropped). */
const whatsapp = str("WhatsApp number")
  .trim()
  .transform((v) => v.replace(/[\s\-()+]/g, ""))
  .refine(
    (v) => /^[1-9][0-9]{9,14}$/.test(v),
    "WhatsApp number must be the number with its country code, e.g. 91 98765 43210",
  );

const url = (label: string) =>
  z.url({
    protocol: /^https?$/,
    hostname: z.regexes.domain,
    error: `${label} must be a web address starting with https://`,
  });

const requiredUrl = (label: string) =>
  str(label)
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} must be at most 500 characters`)
    .pipe(url(label));

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .pipe(url(label).nullable());

const gstin = z
  .string()
  .superRefine(singleLine("GSTIN"))
  .optional()
  .nullable()
  .transform((v, ctx) => {
    const g = normalizeGstin(v ?? "");
    if (g === "") return null;
    const problem = gstinProblem(g);
    if (problem) {
      ctx.addIssue({ code: "custom", message: GSTIN_MESSAGES[problem] });
      return z.NEVER;
    }
    return g;
  });

export const PIN_PREFIXES_MESSAGE =
  "PIN prefixes are 1 to 6 digits, not starting with 0, separated by commas (e.g. 110, 400, 560).";

/** Express delivery's PIN prefixes: "110, 400" typed in the form, or the stored list. */
const pinPrefixes = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v : (v ?? "").split(/[\s,;]+/)).map((p) => p.trim()).filter(Boolean);
    if (parts.length > 300 || parts.some((p) => !/^[1-9][0-9]{0,5}$/.test(p))) {
      ctx.addIssue({ code: "custom", message: PIN_PREFIXES_MESSAGE });
      return z.NEVER;
    }
    return [...new Set(parts)];
  });

const MAX_FEE = 100_000;
const MAX_DAYS = 90;

/** A delivery window in business days: the earliest must not be after the latest. */
function windowCheck(min: number, max: number, ctx: z.RefinementCtx, maxField: string) {
  if (min > max) {
    ctx.addIssue({
      code: "custom",
      path: [maxField],
      message: "The latest day must not be before the earliest day",
    });
  }
}

const internationalCountry = (name: string) =>
  z
    .object({
      fee: rupees(`${name} shipping fee`, 1_000_000),
      daysMin: whole(`${name}: earliest day`, 1, MAX_DAYS),
      daysMax: whole(`${name}: latest day`, 1, MAX_DAYS),
    })
    .superRefine((v, ctx) => windowCheck(v.daysMin, v.daysMax, ctx, "daysMax"));

const international = z.object(
  Object.fromEntries(INTERNATIONAL_COUNTRIES.map((c) => [c.code, internationalCountry(c.name)])) as Record<
    InternationalCountryCode,
    ReturnType<typeof internationalCountry>
  >,
);

/**
 * The product page's facts for every product that does not say its own (issues 27 and 32; the product
 * form overrides each): what a buyer needs and the Legal Metrology declarations.
 */
export { DEFAULT_PRODUCT_FACTS };
type FactDefaultKey = Exclude<keyof typeof DEFAULT_PRODUCT_FACTS, "placement">;
const factDefault = (key: FactDefaultKey, label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? DEFAULT_PRODUCT_FACTS[key] : v),
    requiredText(label, max),
  );

export const shopSettingsSchema = z.object({
  store: z.object({
    name: requiredText("Store name", 80),
    email: email("Store email"),
    phone: phone("Store phone"),
    whatsapp,
    address: requiredText("Address", 200),
    hoursWeekdays: requiredText("Weekday hours", 60),
    hoursSaturday: requiredText("Saturday hours", 60),
    hoursSunday: requiredText("Sunday hours", 60),
  }),
  social: z.object({
    instagramUrl: requiredUrl("Instagram profile"),
    youtubeUrl: requiredUrl("YouTube channel"),
    facebookUrl: optionalUrl("Facebook page"),
  }),
  legal: z.object({
    legalName: requiredText("Legal name", 200),
    gstin,
    /** GST tax invoices (docs/decisions/020): the signs' HSN code and GST rate, prices being tax-inclusive. */
    hsnCode: str("HSN code")
      .trim()
      .regex(/^([0-9]{4}|[0-9]{6}|[0-9]{8})$/, "HSN code must be 4, 6 or 8 digits (e.g. 9405)"),
    gstRate: whole("GST rate", 0, 40),
    /** The Letter of Undertaking's reference for exports without payment of IGST (optional). */
    lutReference: z
      .string()
      .trim()
      .max(40, "LUT reference must be at most 40 characters")
      .superRefine(singleLine("LUT reference"))
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
  }),
  grievance: z.object({
    name: requiredText("Grievance officer's name", 100),
    email: email("Grievance officer's email"),
    phone: phone("Grievance officer's phone"),
  }),
  shipping: z
    .object({
      standardFee: rupees("Standard delivery fee", MAX_FEE),
      /** Standard delivery is free at or above this subtotal; null: never free. */
      freeFrom: wholeOrNull("Free delivery threshold", 0, 10_000_000, { money: true, optional: true }),
      /** Standard delivery's days in transit, after dispatch (docs/decisions/034: production days come first). */
      standardDaysMin: whole("Standard delivery: earliest day in transit", 1, MAX_DAYS),
      standardDaysMax: whole("Standard delivery: latest day in transit", 1, MAX_DAYS),
      codFee: rupees("Cash on delivery charge", MAX_FEE),
      expressFee: rupees("Express delivery fee", MAX_FEE),
      /** Express delivery is offered to PIN codes starting with one of these (empty: nowhere). */
      expressPinPrefixes: pinPrefixes,
      /** Express delivery's days in transit, after dispatch. */
      expressDaysMin: whole("Express delivery: earliest day in transit", 1, MAX_DAYS),
      expressDaysMax: whole("Express delivery: latest day in transit", 1, MAX_DAYS),
      international,
      /** The PIN code couriers collect parcels from (the courier's serviceability and delivery dates). */
      pickupPincode: str("Pickup PIN code")
        .trim()
        .regex(/^[1-9][0-9]{5}$/, "Pickup PIN code must be 6 digits, not starting with 0"),
      /** Business days from the order to handing the parcel to the courier: ready-made signs. */
      readyDispatchDays: whole("Ready-made: days to dispatch", 0, 30),
      /** Business days to make a custom sign (proof and making) before it is handed to the courier. */
      customMakingDays: whole("Custom: days to make", 0, 60),
    })
    .superRefine((v, ctx) => {
      windowCheck(v.standardDaysMin, v.standardDaysMax, ctx, "standardDaysMax");
      windowCheck(v.expressDaysMin, v.expressDaysMax, ctx, "expressDaysMax");
    }),
  /** Shipping through the courier (issue 28, courier-settings.ts): pickup address, boxes, courier choice. */
  courier: courierSettingsSchema,
  limits: z.object({
    maxQtyPerLine: whole("Units per cart line", 1, 999),
    maxQtyPerProduct: whole("Units per product", 1, 9_999),
    maxCustomLines: whole("Custom designs per order", 1, 50),
    maxOrderTotal: whole("Largest order", 100, 100_000_000, true),
    maxOpenOrdersPerCustomer: whole("Waiting orders per customer", 1, 1_000_000),
    maxHeldUnitsPerCustomer: whole("Units held per customer", 1, 100_000),
    checkoutRatePerHour: whole("Checkouts per address per hour", 1, 100_000),
    paymentHoldMinutes: whole("Payment hold (minutes)", 5, 120),
    /**
     * The most one order may take of a product's stock (issue 41): this share of what is in stock, but always
     * `stockShareFloor` units (and never more than the units per product). 100: no share.
     */
    stockSharePercent: whole("Share of stock per order (%)", 1, 100),
    stockShareFloor: whole("Units always allowed per order", 1, 999),
    /** The dashboard lists active products with this many units or fewer in stock. */
    lowStockThreshold: whole("Low stock threshold", 0, 100_000),
  }),
  /** The WhatsApp Business template names and language of the shopper's order updates (issue 16). */
  whatsappUpdates: whatsAppTemplatesSchema,
  /** How buyers' reviews are published (issue 29; review-settings.ts). Saved before it: every review moderated. */
  reviews: z.preprocess((v) => v ?? {}, reviewSettingsSchema),
  /** COD confirmation (issue 30, cod-settings.ts): reminder and cancellation times, the WhatsApp template. */
  codConfirmation: z.preprocess((v) => v ?? {}, codConfirmationSettingsSchema),
  /** Orders that must be paid online (issue 30, cod-settings.ts): above an amount, custom signs, listed PINs. */
  prepaid: z.preprocess((v) => v ?? {}, prepaidRulesSchema),
  /** Abandoned-checkout reminders (issue 30, recovery-settings.ts): on/off, delays, discount, keep period. */
  recovery: z.preprocess((v) => v ?? {}, recoverySettingsSchema),
  /** The workshop (issue 44, workshop-settings.ts): drawing for making, the costs of making, the daily capacity. */
  workshop: z.preprocess((v) => v ?? {}, workshopSettingsSchema),
  /** The product facts every product shows unless it says its own. Saved before it: the defaults. */
  productFacts: z.preprocess(
    (v) => v ?? {},
    z.object({
      genericName: factDefault("genericName", "Generic name", 80),
      weight: factDefault("weight", "Weight", 120),
      power: factDefault("power", "Power draw", 120),
      adaptor: factDefault("adaptor", "Adaptor and plug", 200),
      placement: z.preprocess(
        (v) => (v === undefined || v === "" ? DEFAULT_PRODUCT_FACTS.placement : v),
        z.enum(["indoor", "outdoor"], { error: "Choose indoor or outdoor" }),
      ),
      inTheBox: factDefault("inTheBox", "In the box", 300),
      warranty: factDefault("warranty", "Warranty", 300),
      countryOfOrigin: factDefault("countryOfOrigin", "Country of origin", 60),
      netQuantity: factDefault("netQuantity", "Net quantity", 60),
    }),
  ),
  /** Data requests and retention (issue 32, privacy-settings.ts). Saved before it: the defaults. */
  privacy: z.preprocess((v) => v ?? {}, privacySettingsSchema),
  /** The product feeds published for Google and Meta (issue 46, feed-settings.ts). Saved before it: none. */
  feeds: z.preprocess((v) => v ?? {}, feedSettingsSchema),
  /** Orders staff make in chats (issue 46, chat-order-settings.ts): the staff discount limit, pay links' hours. */
  chatOrders: z.preprocess((v) => v ?? {}, chatOrderSettingsSchema),
  /** Logo quotes (issue 27): the reply time the quote page promises. Saved before it: the default. */
  quotes: z.preprocess(
    (v) => v ?? {},
    z.object({
      replyHours: z.preprocess(
        (v) => (v === undefined || v === "" ? DEFAULT_QUOTE_REPLY_HOURS : v),
        whole("Logo quote reply time (hours)", 1, 168),
      ),
    }),
  ),
});

/** The logo quote page's "We reply within N hours" until the owner changes it. */
export const DEFAULT_QUOTE_REPLY_HOURS = 24;

export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;
export type ShopSettings = z.output<typeof shopSettingsSchema>;
export type ShippingRules = ShopSettings["shipping"];

/** One order takes at most a third of a product's stock, but always 3 units (issue 41, decision 047). */
export const DEFAULT_STOCK_SHARE = { stockSharePercent: 33, stockShareFloor: 3 } as const;

/** The dashboard's low-stock list: products with this many units or fewer (issue 17). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** Invoices' defaults: LED lamps and light fittings (HSN 9405) at 18% GST. */
export const DEFAULT_HSN_CODE = "9405";
export const DEFAULT_GST_RATE = 18;

/**
 * The policy's shipping numbers (Shipping policy, PRODUCT.md): the defaults until the owner changes them.
 * Windows in India are days in transit after the production days (docs/decisions/034): a ready-made sign
 * arrives in 2 + 5-12 = the spec's 7-14 business days, express in 2 + 1-3 = its 3-5.
 */
export const DEFAULT_SHIPPING: ShippingRules = {
  standardFee: 299,
  freeFrom: 5_000,
  standardDaysMin: 5,
  standardDaysMax: 12,
  codFee: 50,
  expressFee: 599,
  // Delhi, Mumbai, Bengaluru, Chennai, Kolkata, Hyderabad, Pune, Ahmedabad.
  expressPinPrefixes: ["110", "400", "560", "600", "700", "500", "411", "380"],
  expressDaysMin: 1,
  expressDaysMax: 3,
  // Badaun, Uttar Pradesh (the workshop).
  pickupPincode: "243601",
  readyDispatchDays: 2,
  customMakingDays: 5,
  international: {
    AE: { fee: 2_499, daysMin: 15, daysMax: 20 },
    US: { fee: 3_999, daysMin: 15, daysMax: 20 },
    GB: { fee: 3_499, daysMin: 15, daysMax: 20 },
    CA: { fee: 3_999, daysMin: 15, daysMax: 20 },
    AU: { fee: 3_999, daysMin: 15, daysMax: 20 },
    SG: { fee: 2_499, daysMin: 15, daysMax: 20 },
  },
};

type Plain = { [key: string]: unknown };
const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);

/** `over` laid on `base`, object by object (stored settings over the defaults: a field added later keeps its default). */
export function mergeSettings<T>(base: T, over: unknown): T {
  if (!isPlain(base) || !isPlain(over)) return (over === undefined ? base : over) as T;
  const out: Plain = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (!Object.hasOwn(base, k)) continue;
    out[k] = mergeSettings(base[k], v);
  }
  return out as T;
}

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** A flat form ("shipping.standardFee" → "299") as nested values for the schema. */
export function nestValues(values: Record<string, string>): Plain {
  const out: Plain = {};
  for (const [key, value] of Object.entries(values)) {
    const parts = key.split(".");
    if (parts.some((p) => p === "" || UNSAFE_KEYS.has(p))) continue;
    let node = out;
    for (const p of parts.slice(0, -1)) {
      if (!isPlain(node[p])) node[p] = {};
      node = node[p] as Plain;
    }
    node[parts.at(-1)!] = value;
  }
  return out;
}

/** Settings as the form's initial values: dotted names, lists joined with ", ", null as "". */
export function flattenValues(value: unknown, prefix = "", out: Record<string, string> = {}) {
  if (isPlain(value)) {
    for (const [k, v] of Object.entries(value)) flattenValues(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (Array.isArray(value)) {
    out[prefix] = value.join(", ");
  } else {
    out[prefix] = value === null || value === undefined ? "" : String(value);
  }
  return out;
}

/** The settings form's errors (flat form values, dotted names): the check the server runs, for the browser. */
export function settingsFormErrors(values: Record<string, string>): Record<string, string> {
  const parsed = shopSettingsSchema.safeParse(nestValues(values));
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}
