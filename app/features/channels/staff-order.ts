import { z } from "~/shared/zod";
import { formatRupees } from "~/shared/money";
import { cartItemSchema } from "~/features/cart/cart";
import { CHAT_APP_IDS } from "~/features/order-lifecycle/order-status";
import {
  withLineDiscount,
  type PricedCustomLine,
  type PricedProductLine,
  type Reductions,
} from "~/features/checkout/order-pricing";

/*
 * Orders staff make for a shopper met in a chat (issue 46, decision 067): the fields besides the checkout's
 * own (the chat, the lines, the discount and its reason), and the staff discount's rules. Pure: the server
 * prices the lines and applies these.
 */

/** The name the staff discount is stored and shown under, with the offers (the invoices' discount). */
export const STAFF_DISCOUNT = "Staff discount";

const ONLY_DIGITS = /^\d{1,9}$/;

/** What the staff order form posts besides the checkout's contact and address fields. */
export const staffOrderExtrasSchema = z
  .object({
    chatApp: z.enum(CHAT_APP_IDS, { error: "Choose the chat the customer wrote in." }),
    items: z
      .string({ error: "Add at least one line." })
      .max(200_000, "Too many lines in one order.")
      .transform((raw, ctx) => {
        try {
          return JSON.parse(raw) as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: "The lines could not be read. Please add them again." });
          return z.NEVER;
        }
      })
      .pipe(z.array(cartItemSchema).max(50, "Too many lines in one order.")),
    /** A priced logo quote ordered as one more line (its price is the quote's). */
    quoteId: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.uuid("Choose a logo quote from the list.").optional()),
    discount: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        const s = (v ?? "").replace(/[,₹\s]/g, "");
        if (s === "") return 0;
        if (!ONLY_DIGITS.test(s)) {
          ctx.addIssue({ code: "custom", message: "Enter the discount in whole rupees." });
          return z.NEVER;
        }
        return Number(s);
      }),
    discountReason: z
      .string()
      .trim()
      .max(300, "Keep the reason under 300 characters.")
      .optional()
      .default(""),
  })
  .refine((o) => o.items.length > 0 || o.quoteId !== undefined, {
    path: ["items"],
    message: "Add at least one line.",
  });
export type StaffOrderExtras = z.output<typeof staffOrderExtrasSchema>;

/** The most staff other than the Owner may take off these goods (whole rupees, rounded down). */
export function staffDiscountCap(goods: number, limitPercent: number): number {
  return Math.floor((Math.max(0, goods) * limitPercent) / 100);
}

/**
 * Why this discount cannot be given, or null. Any discount needs its reason (it goes to the audit trail); none
 * may be more than the goods; above the limit (the shop's floor: the server's price less the limit) only an
 * Owner may give it.
 */
export function staffDiscountRefusal(d: {
  goods: number;
  discount: number;
  reason: string;
  limitPercent: number;
  isOwner: boolean;
}): { field: "discount" | "discountReason"; message: string } | null {
  if (d.discount <= 0) return null;
  if (!d.reason.trim()) return { field: "discountReason", message: "Give the reason for the discount." };
  if (d.discount > d.goods)
    return {
      field: "discount",
      message: `The discount cannot be more than the goods (${formatRupees(d.goods)}).`,
    };
  if (!d.isOwner && d.discount > staffDiscountCap(d.goods, d.limitPercent))
    return {
      field: "discount",
      message: `A discount above ${d.limitPercent}% needs the Owner's approval: at most ${formatRupees(staffDiscountCap(d.goods, d.limitPercent))} on these goods, or ask the Owner to make this order.`,
    };
  return null;
}

/** The staff discount, taken from what the offers and any code left of each line, stored with the offers. */
export function withStaffDiscount(
  products: PricedProductLine[],
  customs: PricedCustomLine[],
  reductions: Reductions,
  amount: number,
): Reductions {
  return withLineDiscount(products, customs, reductions, amount, STAFF_DISCOUNT);
}
