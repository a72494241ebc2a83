import { z } from "~/shared/zod";

/*
 * A failed delivery (NDR, issue 28): the shopper's three answers on their order page, the form's one
 * schema (browser and action), and what each answer asks of the courier (Shiprocket's NDR action API:
 * "re-attempt", with a new phone or address when given, or "return" to the shop).
 */

export const NDR_ANSWERS = ["reattempt", "change", "cancel"] as const;
export type NdrAnswer = (typeof NDR_ANSWERS)[number];

export const NDR_ANSWER_LABELS: Record<NdrAnswer, string> = {
  reattempt: "Try delivering again",
  change: "Change my address or phone, then try again",
  cancel: "Cancel the delivery (send it back)",
};

const PHONE = /^[6-9][0-9]{9}$/;

/** The order page's NDR form: the choice, and with "change" a new address and/or phone (at least one). */
export const ndrAnswerSchema = z
  .object({
    answer: z.enum(NDR_ANSWERS, { error: "Choose what the courier should do." }),
    address: z.string().trim().max(200, "Keep the address under 200 characters.").optional().default(""),
    phone: z
      .string()
      .trim()
      .transform((v) => v.replace(/^(\+91|0)/, "").replace(/[\s-]/g, ""))
      .refine((v) => v === "" || PHONE.test(v), "Enter a 10-digit Indian mobile number.")
      .optional()
      .default(""),
  })
  .superRefine((v, ctx) => {
    if (v.answer === "change" && !v.address && !v.phone)
      ctx.addIssue({ code: "custom", path: ["address"], message: "Give the new address or phone number." });
    if (v.answer === "change" && v.address && v.address.length < 10)
      ctx.addIssue({
        code: "custom",
        path: ["address"],
        message: "Give the full address with the PIN code.",
      });
  });

export type NdrAnswerInput = z.infer<typeof ndrAnswerSchema>;

/** What the shop asks of the courier for the shopper's answer. */
export function ndrCourierAction(
  answer: NdrAnswer,
  details: { address?: string | undefined; phone?: string | undefined },
): { action: "re-attempt" | "return"; comments: string; phone?: string; address1?: string } {
  if (answer === "cancel") return { action: "return", comments: "Customer cancelled the delivery" };
  if (answer === "reattempt") return { action: "re-attempt", comments: "Customer asked to deliver again" };
  return {
    action: "re-attempt",
    comments: "Customer gave a new address or phone",
    ...(details.phone ? { phone: details.phone } : {}),
    ...(details.address ? { address1: details.address } : {}),
  };
}
