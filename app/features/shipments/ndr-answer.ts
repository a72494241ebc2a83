import { z } from "~/shared/zod";
import { singleLine } from "~/shared/text";
import { landmarkPhrase, normalizeIndianMobile } from "~/features/checkout/checkout";

/*
 * A failed delivery (NDR, issue 28): the shopper's three answers on their order page, the form's one
 * schema (browser and action), and what each answer asks of the courier (Shiprocket's NDR action API:
 * "re-attempt", with a new phone or address when given, or "return" to the shop). A new address is the
 * street part only (lines 1 and 2, landmark), checked as the checkout checks them: the courier delivers
 * again in the same city and PIN code (decision 040).
 */

export const NDR_ANSWERS = ["reattempt", "change", "cancel"] as const;
export type NdrAnswer = (typeof NDR_ANSWERS)[number];

export const NDR_ANSWER_LABELS: Record<NdrAnswer, string> = {
  reattempt: "Try delivering again",
  change: "Change my address or phone, then try again",
  cancel: "Cancel the delivery (send it back)",
};

export const NDR_DETAILS_MESSAGE = "Give the new address or mobile number.";

/** An address line as the checkout takes it: one line, at most 200 characters (empty: not given). */
const line = (label: string) =>
  z
    .string()
    .trim()
    .max(200, "Keep this under 200 characters.")
    .superRefine(singleLine(label))
    .optional()
    .transform((v) => v || undefined);

/** The order page's NDR form: the choice, and with "change" a new street address and/or mobile number. */
export const ndrAnswerSchema = z
  .object({
    answer: z.enum(NDR_ANSWERS, { error: "Choose what the courier should do." }),
    address1: line("Address line 1"),
    address2: line("Address line 2"),
    landmark: line("Landmark"),
    // As the checkout: a 10-digit Indian mobile, kept as +91XXXXXXXXXX.
    phone: z
      .string()
      .trim()
      .max(30, "Keep this under 30 characters.")
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const phone = normalizeIndianMobile(v);
        if (!phone) ctx.addIssue({ code: "custom", message: "Enter a valid 10-digit Indian mobile number." });
        return phone ?? z.NEVER;
      }),
  })
  .superRefine((v, ctx) => {
    if (v.answer !== "change") return;
    if (!v.address1 && !v.phone && !v.address2 && !v.landmark)
      ctx.addIssue({ code: "custom", path: ["address1"], message: NDR_DETAILS_MESSAGE });
    else if (!v.address1 && (v.address2 || v.landmark))
      ctx.addIssue({ code: "custom", path: ["address1"], message: "Please enter your address." });
  });

export type NdrAnswerInput = z.output<typeof ndrAnswerSchema>;

/** What the courier gets of a new address and phone (stored with the answer until it is sent). */
export type NdrDetails = {
  address1?: string | undefined;
  address2?: string | undefined;
  phone?: string | undefined;
  /** Answers kept before the address had lines: one free-text address. */
  address?: string | undefined;
};

/** The answer's details for the courier: its two address lines (landmark in the second) and a 10-digit phone. */
export function ndrDetails(input: NdrAnswerInput): NdrDetails {
  const second = [input.address2, landmarkPhrase(input.landmark)].filter(Boolean).join(", ");
  return {
    ...(input.address1 ? { address1: input.address1 } : {}),
    ...(input.address1 && second ? { address2: second } : {}),
    ...(input.phone ? { phone: input.phone.replace(/^\+91/, "") } : {}),
  };
}

/** What the shop asks of the courier for the shopper's answer. */
export function ndrCourierAction(
  answer: NdrAnswer,
  details: NdrDetails,
): {
  action: "re-attempt" | "return";
  comments: string;
  phone?: string;
  address1?: string;
  address2?: string;
} {
  if (answer === "cancel") return { action: "return", comments: "Customer cancelled the delivery" };
  if (answer === "reattempt") return { action: "re-attempt", comments: "Customer asked to deliver again" };
  const address1 = details.address1 ?? details.address;
  return {
    action: "re-attempt",
    comments: "Customer gave a new address or phone",
    ...(details.phone ? { phone: details.phone } : {}),
    ...(address1 ? { address1 } : {}),
    ...(details.address2 ? { address2: details.address2 } : {}),
  };
}
