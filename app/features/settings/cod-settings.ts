import { z } from "~/shared/zod";
import { templateNameOr, wholeOr, yesNoOr } from "./settings-rules";

/*
 * The owner's COD confirmation settings (issue 30, app/features/cod-confirmation): when an unanswered cash-on-delivery
 * order is reminded and when it is cancelled, how long it keeps its stock meanwhile (issue 41), and the WhatsApp
 * template with the Confirm / Cancel buttons. Stored in the shop settings' JSON under `codConfirmation`; settings
 * saved before it get the defaults.
 */

export const DEFAULT_COD_CONFIRMATION = {
  remindAfterHours: 12,
  cancelAfterHours: 48,
  /** How long an unconfirmed order keeps its stock (issue 41, decision 047): then it is on sale again. */
  holdStockHours: 2,
  whatsappTemplate: "cod_confirmation",
} as const;

/** The settings form's "COD confirmation" group (stored in the shop settings under `codConfirmation`). */
export const codConfirmationSettingsSchema = z
  .object({
    remindAfterHours: wholeOr("Reminder after (hours)", 1, 168, DEFAULT_COD_CONFIRMATION.remindAfterHours),
    cancelAfterHours: wholeOr("Cancel after (hours)", 2, 336, DEFAULT_COD_CONFIRMATION.cancelAfterHours),
    holdStockHours: wholeOr("Keep stock for (hours)", 1, 48, DEFAULT_COD_CONFIRMATION.holdStockHours),
    whatsappTemplate: templateNameOr(DEFAULT_COD_CONFIRMATION.whatsappTemplate),
  })
  .superRefine((v, ctx) => {
    if (v.cancelAfterHours <= v.remindAfterHours)
      ctx.addIssue({
        code: "custom",
        path: ["cancelAfterHours"],
        message: "Cancel after must be later than the reminder",
      });
    if (v.holdStockHours > v.cancelAfterHours)
      ctx.addIssue({
        code: "custom",
        path: ["holdStockHours"],
        message: "Keep stock for must not be longer than Cancel after",
      });
  });
export type CodConfirmationSettings = z.output<typeof codConfirmationSettingsSchema>;

/**
 * Prepaid (issue 30): "pay online only" rules for cash on delivery (above an amount, for custom signs, for listed
 * PINs, at or above an RTO risk level) and the discount for paying online (on top of the COD charge saved).
 */
export const DEFAULT_PREPAID_RULES = {
  prepaidAbove: 0,
  prepaidCustom: "no" as const,
  prepaidPins: [] as string[],
  prepaidRiskLevel: "off" as const,
  prepaidDiscount: 0,
};

/** "Pay online only" from this RTO risk level up (rto-risk.ts levels); "off": never for the risk. */
export const PREPAID_RISK_CHOICES = ["off", "high", "medium"] as const;
export type PrepaidRiskChoice = (typeof PREPAID_RISK_CHOICES)[number];
export const PREPAID_RISK_LABELS: Record<PrepaidRiskChoice, string> = {
  off: "Never (off)",
  high: "High risk",
  medium: "Medium or high risk",
};

/** The largest online-payment discount the settings accept (rupees). */
export const MAX_PREPAID_DISCOUNT = 100_000;

const yesNo = yesNoOr("no");

const pinList = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(/[\s,]+/)
          .map((p) => p.trim())
          .filter(Boolean)
      : (v ?? []),
  z
    .array(z.string().regex(/^[1-9][0-9]{5}$/, "PIN codes are 6 digits, separated by commas"))
    .max(500, "At most 500 PIN codes"),
);

export const prepaidRulesSchema = z.object({
  prepaidAbove: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? 0 : v),
    z.coerce
      .number({ error: "Pay online above must be a whole number of rupees" })
      .int("Pay online above must be a whole number of rupees")
      .min(0, "Pay online above must be 0 (off) or more")
      .max(100_000_000, "Pay online above is too large"),
  ),
  prepaidCustom: yesNo,
  prepaidPins: pinList,
  prepaidRiskLevel: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? "off" : v),
    z.enum(PREPAID_RISK_CHOICES, { error: "Choose a risk level" }),
  ),
  prepaidDiscount: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? 0 : v),
    z.coerce
      .number({ error: "Online payment discount must be a whole number of rupees" })
      .int("Online payment discount must be a whole number of rupees")
      .min(0, "Online payment discount must be 0 (off) or more")
      .max(
        MAX_PREPAID_DISCOUNT,
        `Online payment discount must be at most ₹${MAX_PREPAID_DISCOUNT.toLocaleString("en-IN")}`,
      ),
  ),
});
export type PrepaidRules = z.output<typeof prepaidRulesSchema>;

/**
 * Why this order must be paid online (the checkout says it before the shopper chooses; the server refuses COD
 * the same way), or null when cash on delivery is allowed. `goodsTotal` is the total without the COD charge.
 */
export function prepaidOnlyReason(
  r: PrepaidRules,
  o: { goodsTotal: number; custom: boolean; pincode: string },
): string | null {
  if (r.prepaidCustom === "yes" && o.custom)
    return "Custom signs are paid online: cash on delivery is not offered for them.";
  if (r.prepaidAbove > 0 && o.goodsTotal > r.prepaidAbove)
    return `Orders above ₹${r.prepaidAbove.toLocaleString("en-IN")} are paid online: cash on delivery is not offered for them.`;
  if (r.prepaidPins.includes(o.pincode.trim()))
    return `Cash on delivery is not offered for PIN ${o.pincode.trim()}: please pay online.`;
  return null;
}

/**
 * The owner's risk rule: cash on delivery is refused when the order's RTO risk (rto-risk.ts) is at or above
 * the chosen level. The shopper is not told the reasons (they are about their history and are for staff).
 */
export function riskRequiresPrepaid(r: Pick<PrepaidRules, "prepaidRiskLevel">, level: string): boolean {
  if (r.prepaidRiskLevel === "off") return false;
  return level === "high" || (r.prepaidRiskLevel === "medium" && level === "medium");
}

export const RISK_PREPAID_MESSAGE =
  "Cash on delivery is not offered for this order: please pay online. Questions? Contact us.";
