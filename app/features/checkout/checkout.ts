import { z } from "~/shared/zod";
import { singleLine } from "~/shared/text";
import { cartItemSchema } from "~/features/cart/cart";
import {
  ADDRESS_FORMATS,
  countryName,
  INTERNATIONAL_COUNTRY_CODES,
  isInternationalCountry,
  PINCODE_PATTERN,
  type CountryCode,
  type InternationalCountryCode,
} from "~/shared/countries";
import { normalizeForeignPhone } from "~/shared/phone-numbers";
import { addDays, formatIsoDate, todayInIndia } from "~/shared/ist-dates";
import { COD_ABROAD_MESSAGE, DOMESTIC_METHODS } from "./shipping";
import { SHIPPING_METHODS, PAYMENT_METHOD_IDS } from "~/features/order-lifecycle/order-status";
import { GSTIN_MESSAGES, gstinProblem, normalizeGstin } from "~/shared/gstin";
import { gstStateByCode, gstStateBySlug } from "~/shared/gst-states";
import {
  INDIAN_STATES,
  minPreferredDate,
  maxPreferredDate,
  normalizeIndianMobile,
  stateLabel,
  type StateSlug,
} from "./checkout-fields";

export { addDays, formatIsoDate, todayInIndia };

const stateSlugs = INDIAN_STATES.map((s) => s.value) as unknown as [StateSlug, ...StateSlug[]];

export {
  INDIAN_STATES,
  LAST_ORDER_STORAGE_KEY,
  MAX_DELIVERY_DAYS,
  MIN_DELIVERY_DAYS,
  maxPreferredDate,
  minPreferredDate,
  normalizeIndianMobile,
  PAYMENT_METHOD_LABELS,
  PINCODE_PATTERN,
  stateLabel,
  type StateSlug,
} from "./checkout-fields";

function isRealDate(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

/** A one-line text field (names and addresses are printed on invoices and courier labels: text.ts). */
const required = (label: string, message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Keep this under ${max} characters.`)
    .superRefine(singleLine(label));

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep this under ${max} characters.`)
    .superRefine(singleLine(label))
    .optional()
    .transform((v) => (v ? v : undefined));

/** A discount code as typed: spaces dropped, upper case; empty is none. */
const discountCodeField = z
  .string()
  .max(60, "Please check the discount code.")
  .optional()
  .transform((v) => {
    const c = (v ?? "").replace(/\s+/g, "").toUpperCase();
    return c ? c : undefined;
  });

/** The checkout form: customer, delivery address and payment method. Shared by browser and server. */
const COUNTRY_CODES = ["IN", ...INTERNATIONAL_COUNTRY_CODES] as [CountryCode, ...CountryCode[]];

type RawAddress = {
  buyerGstin?: unknown;
  businessName?: unknown;
  country?: unknown;
  phone?: unknown;
  state?: unknown;
  region?: unknown;
  pincode?: unknown;
  paymentMethod?: unknown;
};

/**
 * A business buyer's GSTIN and name (optional, for a B2B tax invoice): both or neither, India only, the
 * GSTIN well-formed with its check character, and registered in the delivery state (its first two digits).
 */
function checkBuyerGstin(raw: RawAddress, country: string, issue: (path: string, message: string) => void) {
  const gstin = normalizeGstin(typeof raw.buyerGstin === "string" ? raw.buyerGstin : "");
  const business = typeof raw.businessName === "string" ? raw.businessName.trim() : "";
  if (!gstin) {
    if (business) issue("buyerGstin", "Enter the business's GSTIN, or leave the business name empty.");
    return;
  }
  if (country !== "IN") {
    issue("buyerGstin", "A GSTIN can be used only for deliveries in India.");
    return;
  }
  const problem = gstinProblem(gstin);
  if (problem) {
    issue("buyerGstin", GSTIN_MESSAGES[problem]);
    return;
  }
  const delivery = gstStateBySlug(typeof raw.state === "string" ? raw.state : "");
  if (delivery && gstin.slice(0, 2) !== delivery.code) {
    const registered = gstStateByCode(gstin.slice(0, 2));
    issue(
      "buyerGstin",
      `This GSTIN is registered in ${registered?.name ?? `state ${gstin.slice(0, 2)}`}; for delivery to ${delivery.name} it must start with ${delivery.code}.`,
    );
  }
  if (!business) issue("businessName", "Please enter the business name registered with this GSTIN.");
}

/** Phone, state or region, and PIN or postal code, by the country's rules (India: PRODUCT.md's). */
function checkByCountry(raw: RawAddress, ctx: z.RefinementCtx) {
  // It runs even when the form is not an object at all (the other issues say so).
  if (!raw || typeof raw !== "object") return;
  const country = typeof raw.country === "string" ? raw.country : "IN";
  const phone = typeof raw.phone === "string" ? raw.phone : "";
  const pincode = typeof raw.pincode === "string" ? raw.pincode : "";
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  checkBuyerGstin(raw, country, issue);
  if (country === "IN") {
    if (phone && !normalizeIndianMobile(phone))
      issue("phone", "Enter a valid 10-digit Indian mobile number.");
    if (!(stateSlugs as readonly unknown[]).includes(raw.state)) issue("state", "Please select your state.");
    if (!PINCODE_PATTERN.test(pincode))
      issue("pincode", "PIN code must be 6 digits and cannot start with 0.");
    return;
  }
  if (!isInternationalCountry(country)) return;
  const name = countryName(country);
  const format = ADDRESS_FORMATS[country];
  if (phone && !normalizeForeignPhone(phone, country))
    issue("phone", `Enter a valid phone number for ${name}, with its area code.`);
  if (format.region?.required && !(typeof raw.region === "string" && raw.region.trim()))
    issue("region", `Please enter your ${format.region.label.toLowerCase()}.`);
  const postal = format.postal;
  if ((postal.required || pincode) && !postal.pattern.test(pincode))
    issue(
      "pincode",
      postal.required
        ? `Enter a valid ${postal.label.toLowerCase()} for ${name}${postal.example ? `, such as ${postal.example}` : ""}.`
        : `A ${postal.label.toLowerCase()} in ${name} has up to 6 digits (leave it empty if you have none).`,
    );
  if (raw.paymentMethod === "cod") issue("paymentMethod", COD_ABROAD_MESSAGE);
}

/** The checkout form: customer, delivery address and payment method. Shared by browser and server. */
export const checkoutFormSchema = z
  .object({
    name: required("Full name", "Please enter your full name.", 100),
    /** India, or one of the six countries the Shipping policy names. */
    country: z
      .enum(COUNTRY_CODES, { error: "Please choose a country we deliver to." })
      .optional()
      .default("IN"),
    // Phone, state/region and PIN/postal code are checked by the country's rules below.
    phone: z
      .string({ error: "Please enter your phone number." })
      .trim()
      .min(1, "Please enter your phone number.")
      .max(30, "Keep this under 30 characters.")
      .superRefine(singleLine("Phone number")),
    email: z
      .string({ error: "Please enter your email address." })
      .trim()
      .min(1, "Please enter your email address.")
      .max(200, "Keep this under 200 characters.")
      .superRefine(singleLine("Email address"))
      .pipe(z.email("Please enter a valid email address.")),
    address1: required("Address line 1", "Please enter your address.", 200),
    address2: optional("Address line 2", 200),
    landmark: optional("Landmark", 200),
    city: required("City", "Please enter your city.", 100),
    state: z.string().optional(),
    region: optional("State or region", 100),
    pincode: z
      .string({ error: "Please enter your PIN code." })
      .trim()
      .max(12, "Keep this under 12 characters.")
      .superRefine(singleLine("PIN or postal code")),
    preferredDate: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .superRefine((v, ctx) => {
        if (v === undefined) return;
        if (!isRealDate(v)) {
          ctx.addIssue({ code: "custom", message: "Please choose a valid date." });
          return;
        }
        const min = minPreferredDate();
        if (v < min) {
          ctx.addIssue({ code: "custom", message: `The earliest delivery date is ${formatIsoDate(min)}.` });
        } else if (v > maxPreferredDate()) {
          ctx.addIssue({ code: "custom", message: "Please choose a date within the next year." });
        }
      }),
    paymentMethod: z.enum(PAYMENT_METHOD_IDS, { error: "Please choose a payment method." }),
    /** One discount code per checkout (checked and priced by the server). */
    discountCode: discountCodeField,
    /**
     * "Send me order updates on WhatsApp": unticked unless the shopper ticks it (a checkbox posts "on";
     * JSON callers may send true). Without it the shop never sends this shopper a WhatsApp message.
     */
    whatsappUpdates: z
      .union([z.boolean(), z.enum(["on", "true", "false", ""])], {
        error: "Please tick or untick the WhatsApp updates box.",
      })
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
    /** A business buyer's GSTIN and registered name (optional; checked with the address below). */
    buyerGstin: z.string().max(30, "A GSTIN has 15 characters.").superRefine(singleLine("GSTIN")).optional(),
    businessName: optional("Business name", 200),
    /** Standard or express (in India; abroad there is one option). The server prices it. */
    shippingMethod: z
      .enum(DOMESTIC_METHODS, { error: "Please choose a delivery method." })
      .optional()
      .default("standard"),
  })
  // Runs even when other fields failed, so every field's problem shows at once.
  .superRefine(checkByCountry, { when: () => true })
  .transform((v) => {
    const abroad = v.country !== "IN";
    return {
      ...v,
      phone: abroad
        ? normalizeForeignPhone(v.phone, v.country as InternationalCountryCode)!
        : normalizeIndianMobile(v.phone)!,
      // Abroad, the state field holds the region as typed (India: the state's slug).
      state: abroad ? (v.region ?? "") : (v.state as StateSlug),
      pincode: abroad ? v.pincode.toUpperCase() : v.pincode,
      buyerGstin: !abroad && v.buyerGstin ? normalizeGstin(v.buyerGstin) || undefined : undefined,
      businessName: !abroad && v.buyerGstin?.trim() ? v.businessName : undefined,
    };
  });

export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutForm = z.output<typeof checkoutFormSchema>;
export type CheckoutField = keyof CheckoutFormInput;

/** What the checkout page posts: the form, the cart lines as stored, and the attempt's idempotency key. */
export const placeOrderRequestSchema = z.object({
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, "A checkout attempt needs an idempotency key."),
  form: checkoutFormSchema,
  items: z.array(cartItemSchema).min(1, "Your cart is empty").max(50, "Too many lines in one order."),
});
export type PlaceOrderRequest = z.output<typeof placeOrderRequestSchema>;

/**
 * What the checkout page asks the quote endpoint: the cart, and as far as the shopper has filled them in,
 * the destination, delivery method and payment method (so the quote shows the charges that will apply).
 */
export const quoteRequestSchema = z.object({
  items: z.array(cartItemSchema).max(50),
  pincode: z.string().trim().max(12).optional(),
  country: z.enum(COUNTRY_CODES).optional(),
  shippingMethod: z.enum(DOMESTIC_METHODS).optional(),
  paymentMethod: z.enum(PAYMENT_METHOD_IDS).optional(),
  discountCode: discountCodeField,
  /** The shopper's phone and email when typed (a code's uses per shopper). */
  phone: z.string().max(30).optional(),
  email: z.string().max(200).optional(),
  /** The address's first line when the owner refuses COD from an RTO risk level (the risk reads it). */
  address1: z.string().max(200).optional(),
});
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

export type ShippingAddressFields = {
  address1: string;
  address2?: string | undefined;
  landmark?: string | undefined;
  city: string;
  /** India: the state's slug; abroad: the region as typed (may be empty). */
  state: string;
  /** India: the PIN code; abroad: the postal code (may be empty). */
  pincode: string;
  /** Absent: India (orders placed before international delivery). */
  country?: string | undefined;
};

/**
 * A landmark as printed in an address: "Near City Mall". Shoppers often type the word themselves ("Near
 * City Mall", "opp. Bus Stand", "Behind Temple"), so a landmark that already starts with such a word is
 * kept as typed (no "Near Near ...").
 */
export function landmarkPhrase(landmark: string | undefined | null): string | undefined {
  const l = landmark?.trim();
  if (!l) return undefined;
  if (/^(near|nr\.?|opp\.?|opposite|behind|beside|next to|in front of|above|below|besides)(\s|,|$)/i.test(l))
    return l;
  return `Near ${l}`;
}

/** One line: "address1, address2, Near landmark, City, State - PIN" (abroad: "..., City, Region Postcode, Country"). */
export function formatShippingAddress(a: ShippingAddressFields): string {
  const street = [a.address1, a.address2, landmarkPhrase(a.landmark)];
  if (a.country && a.country !== "IN") {
    const region = [a.state, a.pincode].filter(Boolean).join(" ");
    return [...street, a.city, region, countryName(a.country)].filter(Boolean).join(", ");
  }
  return `${[...street, a.city, stateLabel(a.state)].filter(Boolean).join(", ")} - ${a.pincode}`;
}

/** The record the confirmation page reads (localStorage `lastOrderDetails`). */
export const lastOrderDetailsSchema = z.object({
  orderId: z.string().max(40),
  totalAmount: z.number().int().nonnegative(),
  paymentMethod: z.enum(PAYMENT_METHOD_IDS),
  shippingAddress: z.string().max(1200).optional(),
  customerName: z.string().max(200).optional(),
  orderDate: z.string().max(40).optional(),
  otherOrderIds: z.array(z.string().max(40)).max(60).optional(),
  /** A COD order waiting for the shopper's confirmation: when it is cancelled if not confirmed (ISO). */
  codConfirmBy: z.string().max(40).nullable().optional(),
  /** Each order's own page and its lines (orders placed before order pages existed have none). */
  orderPages: z
    .array(
      z.object({
        displayId: z.string().max(40),
        path: z.string().regex(/^\/orders\/[0-9a-f]{64}$/),
        lines: z
          .array(
            z.object({
              name: z.string().max(300),
              details: z.string().max(600),
              quantity: z.number().int().positive(),
              lineTotal: z.number().int().nonnegative(),
            }),
          )
          .max(60),
      }),
    )
    .max(10)
    .optional(),
  /** Each charge of the total (orders placed before charges were listed have none). */
  charges: z
    .object({
      subtotal: z.number().int().nonnegative(),
      deliveryFee: z.number().int().nonnegative(),
      codFee: z.number().int().nonnegative(),
      discount: z.number().int().nonnegative().optional(),
      discountCode: z.string().max(40).nullable().optional(),
      offerDiscount: z.number().int().nonnegative().optional(),
      offerNames: z.string().max(400).nullable().optional(),
      shippingMethod: z.enum(SHIPPING_METHODS),
      deliveryDaysMin: z.number().int().positive().nullable(),
      deliveryDaysMax: z.number().int().positive().nullable(),
    })
    .optional(),
});
export type LastOrderDetails = z.infer<typeof lastOrderDetailsSchema>;

export function parseLastOrderDetails(raw: string | null): LastOrderDetails | null {
  if (!raw) return null;
  try {
    const r = lastOrderDetailsSchema.safeParse(JSON.parse(raw));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
