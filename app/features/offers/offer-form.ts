import { APPLIES_TO } from "~/features/discount-codes/discounts";
import { OFFER_KINDS, SIGN_SIZES, type SignSize } from "./offers";
import { singleLine } from "~/shared/text";
import { z } from "~/shared/zod";

/** The admin's offer form: one schema for the page and the action. Sizes arrive as "S,M" or checkboxes. */

const date = (label: string) =>
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
    startsOn: date("First day"),
    endsOn: date("Last day"),
    isActive: z
      .union([z.string(), z.boolean()])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent-off" && (v.value < 1 || v.value > 100))
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: "Percent must be a whole number from 1 to 100",
      });
    if (v.startsOn && v.endsOn && v.endsOn < v.startsOn)
      ctx.addIssue({
        code: "custom",
        path: ["endsOn"],
        message: "The last day must not be before the first day",
      });
  });

export type OfferInput = z.output<typeof offerFormSchema>;
