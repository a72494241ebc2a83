import { z } from "~/shared/zod";

/*
 * Orders made by staff for shoppers met in a chat (issue 46, decision 067): how much staff may take off without
 * the Owner, and how long a pay link stays open. Stored in the shop settings' JSON under `chatOrders`; settings
 * saved before it have the defaults. Shown in Settings > Order limits.
 */

export const DEFAULT_CHAT_ORDER_SETTINGS = { staffDiscountLimit: 10, payLinkHours: 48 } as const;

const wholeIn = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? fallback : typeof v === "string" ? v.trim() : v),
    z.coerce
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be ${min} to ${max}`)
      .max(max, `${label} must be ${min} to ${max}`),
  );

export const chatOrderSettingsSchema = z.object({
  /** The largest discount (% of the goods) staff other than the Owner may give on an order they make. */
  staffDiscountLimit: wholeIn(
    "Staff discount limit (%)",
    0,
    100,
    DEFAULT_CHAT_ORDER_SETTINGS.staffDiscountLimit,
  ),
  /** How long a pay link can be paid (hours); one reminder goes before it expires. */
  payLinkHours: wholeIn("Pay link open (hours)", 1, 720, DEFAULT_CHAT_ORDER_SETTINGS.payLinkHours),
});

export type ChatOrderSettings = z.output<typeof chatOrderSettingsSchema>;
