import { checkbox } from "~/shared/admin-forms";
import { APPLIES_TO, CODE_PATTERN, DISCOUNT_KINDS, normalizeCode } from "./discounts";
import { singleLine } from "~/shared/text";
import { z } from "~/shared/zod";

/** The admin's discount code form (create and edit): one schema for the dialog and the action. */

const MAX_RUPEES = 10_000_000;

const whole = (label: string, min: number, max: number, optional: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx): number | null => {
      const s = (v ?? "").replace(/[,₹\s]/g, "");
      if (s === "") {
        if (optional) return null;
        ctx.addIssue({ code: "custom", message: `${label} is required` });
        return z.NEVER;
      }
      if (!/^\d+$/.test(s) || Number(s) < min || Number(s) > max) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a whole number from ${min.toLocaleString("en-IN")} to ${max.toLocaleString("en-IN")}`,
        });
        return z.NEVER;
      }
      return Number(s);
    });

/** An optional day of a code or an offer (YYYY-MM-DD, as a date input gives it): null when left empty. */
export const optionalDay = (label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx): string | null => {
      const s = (v ?? "").trim();
      if (s === "") return null;
      const d = new Date(`${s}T00:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) {
        ctx.addIssue({ code: "custom", message: `${label} must be a date` });
        return z.NEVER;
      }
      return s;
    });

/** The first and last day of a code or an offer: the last may not come before the first. */
export function checkDays(v: { startsOn: string | null; endsOn: string | null }, ctx: z.RefinementCtx) {
  if (v.startsOn && v.endsOn && v.endsOn < v.startsOn)
    ctx.addIssue({
      code: "custom",
      path: ["endsOn"],
      message: "The last day must not be before the first day",
    });
}

export const CODE_FORMAT_MESSAGE = "Use 3 to 30 letters, digits, - or _ (for example FESTIVE20)";

export const discountCodeFormSchema = z
  .object({
    code: z
      .string({ error: "Code is required" })
      .transform(normalizeCode)
      .refine((v) => v.length > 0, "Code is required")
      .refine((v) => v.length === 0 || CODE_PATTERN.test(v), CODE_FORMAT_MESSAGE),
    description: z
      .string()
      .trim()
      .max(200, "Description must be at most 200 characters")
      .superRefine(singleLine("Description"))
      .optional()
      .transform((v) => (v ? v : null)),
    kind: z.enum(DISCOUNT_KINDS, { error: "Please choose percentage or fixed amount" }),
    value: whole("Discount", 1, MAX_RUPEES, false).transform((v) => v as number),
    minSubtotal: whole("Minimum subtotal", 0, MAX_RUPEES, true).transform((v) => v ?? 0),
    appliesTo: z.enum(APPLIES_TO, { error: "Please choose what the code applies to" }),
    startsOn: optionalDay("First day"),
    endsOn: optionalDay("Last day"),
    maxUses: whole("Total uses", 1, 10_000_000, true),
    maxUsesPerShopper: whole("Uses per shopper", 1, 1_000, true),
    isActive: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && v.value > 100)
      ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage must be from 1 to 100" });
    checkDays(v, ctx);
  });

export type DiscountCodeInput = z.output<typeof discountCodeFormSchema>;
