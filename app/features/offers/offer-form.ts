import { checkDays, optionalDay } from "~/features/discount-codes/discount-code-form";
import { APPLIES_TO } from "~/features/discount-codes/discounts";
import { checkbox } from "~/shared/admin-forms";
import { OFFER_KINDS, SIGN_SIZES, type SignSize } from "./offers";
import { singleLine } from "~/shared/text";
import { z } from "~/shared/zod";

/** The admin's offer form: one schema for the page and the action. Sizes arrive as "S,M" or checkboxes. */

export const offerFormSchema = z
  .object({
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(80, "Name must be at most 80 characters")
      .superRefine(singleLine("Name")),
    kind: z.enum(OFFER_KINDS, { error: "Please choose what the offer gives" }),
    value: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || /^\d+$/.test(v), "Percent must be a whole number from 1 to 100")
      .transform((v) => (v === "" ? 0 : Number(v))),
    appliesTo: z.enum(APPLIES_TO, { error: "Please choose what the offer applies to" }),
    sizes: z
      .string()
      .optional()
      .transform((v, ctx): SignSize[] => {
        const parts = (v ?? "").split(/[\s,]+/).filter(Boolean);
        if (parts.some((p) => !(SIGN_SIZES as readonly string[]).includes(p))) {
          ctx.addIssue({ code: "custom", message: "Sizes are S, M, L and XL" });
          return z.NEVER;
        }
        return SIGN_SIZES.filter((s) => parts.includes(s));
      }),
    startsOn: optionalDay("First day"),
    endsOn: optionalDay("Last day"),
    isActive: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent-off" && (v.value < 1 || v.value > 100))
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: "Percent must be a whole number from 1 to 100",
      });
    checkDays(v, ctx);
  });

export type OfferInput = z.output<typeof offerFormSchema>;
