import {
  checkoutFormSchema,
  normalizeIndianMobile,
  placeOrderRequestSchema,
} from "~/features/checkout/checkout";
import { CUSTOM_SIZES } from "~/features/sign-options/custom-options";
import { inertText } from "~/shared/mail-safety";
import { paragraphs, shopperEmail } from "~/features/order-lifecycle/shopper-email";
import type { StoreSettings } from "~/features/settings/store";
import { freeText, singleLine } from "~/shared/text";
import { z } from "~/shared/zod";
import { LOGO_NOTES_MAX, MAX_LOGO_BYTES } from "./logo-quote-limits";

export { LOGO_NOTES_MAX, MAX_LOGO_BYTES };

/**
 * Logo and artwork quotes (issue 18): a shopper uploads a logo with a size and notes; staff price it; the
 * shopper pays that price (online or cash on delivery) from the quote's own link, which turns it into a
 * custom order. The price is always the one staff set, read from the database.
 */

export const QUOTE_STATES = ["requested", "priced", "ordered"] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  requested: "Waiting for a price",
  priced: "Priced",
  ordered: "Ordered",
};

/**
 * Whether the order a quote became still stands: only an unpaid order that was cancelled (online, or by an
 * expired chat pay link) frees the quote to be ordered again.
 */
export function quoteOrderStands(
  order: { status: string; paymentStatus: string } | null | undefined,
): boolean {
  return !!order && !(order.status === "cancelled" && order.paymentStatus !== "paid");
}

export const QUOTE_MESSAGE_MAX = 1000;
export const MAX_QUOTE_PRICE = 500_000;

/** PNG or JPEG by their first bytes (the upload pipeline then decodes and re-encodes it). */
export function isPngOrJpeg(bytes: Uint8Array): boolean {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return true;
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

const TOKEN = /^[0-9a-f]{64}$/;
export function isQuoteToken(value: string): boolean {
  return TOKEN.test(value);
}
export function quotePath(token: string): string {
  return `/quotes/${token}`;
}

/** The short reference shown to shoppers and staff: LQ + the first 8 hex digits of the id. */
export function quoteRef(id: string): string {
  return `LQ${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** Notes and messages: several lines are fine (text.ts). */
const plain = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters.`)
    .superRefine(freeText(label.charAt(0).toUpperCase() + label.slice(1)));

export const LOGO_SIZE_IDS = CUSTOM_SIZES.map((s) => s.id) as ["S", "M", "L", "XL"];

/** The shopper's quote request (the logo file is checked separately). */
export const logoQuoteRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please enter your full name.")
    .max(100, "Keep this under 100 characters.")
    .superRefine(singleLine("Full name")),
  phone: z
    .string()
    .trim()
    .superRefine(singleLine("Phone number"))
    .transform((v, ctx) => {
      const n = normalizeIndianMobile(v);
      if (!n) ctx.addIssue({ code: "custom", message: "Please enter a valid 10-digit mobile number." });
      return n ?? "";
    }),
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email address.")
    .max(200, "Keep this under 200 characters.")
    .superRefine(singleLine("Email address"))
    .pipe(z.email("Please enter a valid email address.")),
  size: z.enum(LOGO_SIZE_IDS, "Choose a size."),
  notes: plain(LOGO_NOTES_MAX, "notes"),
});
export type LogoQuoteRequest = z.output<typeof logoQuoteRequestSchema>;

/** Staff's price for a quote (whole rupees) and an optional message to the shopper. */
export const priceQuoteSchema = z.object({
  id: z.uuid("Unknown quote."),
  price: z.coerce
    .number("Enter the price in rupees.")
    .int("Enter whole rupees.")
    .min(1, "Enter the price in rupees.")
    .max(MAX_QUOTE_PRICE, `The price can be at most ₹${MAX_QUOTE_PRICE.toLocaleString("en-IN")}.`),
  message: plain(QUOTE_MESSAGE_MAX, "message"),
});

export function buildQuoteEmail(
  q: { ref: string; customerName: string; size: string; price: string; message: string; url: string },
  store: Pick<StoreSettings, "name" | "email" | "phone" | "publicUrl">,
) {
  const message = inertText(q.message);
  const subject = `Your logo sign quote ${q.ref}: ${q.price}`;
  const lines = [
    `Thank you for sending us your logo. Your ${q.size} logo sign costs ${q.price} (delivery and cash on delivery charges, if any, are added at checkout).`,
    "Pay online or choose cash on delivery at this price from your quote's page; we then make your sign.",
  ];
  const content = shopperEmail(
    store,
    q.customerName,
    [
      ...paragraphs(lines),
      ...(message
        ? [
            { kind: "paragraph" as const, text: "Our note:" },
            { kind: "lines" as const, lines: message.split("\n") },
          ]
        : []),
      { kind: "button" as const, url: q.url, label: "See your quote and order your sign" },
    ],
    lines[0],
  );
  return { subject, content };
}

/**
 * A quote staff add for a logo a customer sent in a chat (issue 46): the shopper's fields, and the price when
 * staff know it (empty: priced later, as a shopper's request).
 */
export const staffLogoQuoteSchema = logoQuoteRequestSchema.extend({
  price: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    priceQuoteSchema.shape.price.optional(),
  ),
});
export type StaffLogoQuote = z.output<typeof staffLogoQuoteSchema>;

/** What the quote's checkout posts: the checkout's form and an attempt key (anything else, a price included, is dropped). */
export const quoteOrderRequestSchema = z.object({
  idempotencyKey: placeOrderRequestSchema.shape.idempotencyKey,
  form: checkoutFormSchema,
});
export type QuoteOrderRequest = z.output<typeof quoteOrderRequestSchema>;
