import { freeText, singleLine } from "~/shared/text";
import { returnRequestSchema } from "./returns";
import { z } from "~/shared/zod";

/** The admin's after-sale forms (order dialog): a refund, a return entered by staff, a decision on a return. */

const uuid = z.uuid({ error: "Unknown order." });
const kind = z.enum(["order", "custom"], { error: "Unknown order." });
const capitalised = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);
/** A reason or reference typed into a one-line box (text.ts). */
const line = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters.`)
    .superRefine(singleLine(capitalised(label)));
/** A note: several lines are fine. */
const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters.`)
    .superRefine(freeText(capitalised(label)));

export const adminRefundSchema = z.object({
  intent: z.literal("refund"),
  kind,
  id: uuid,
  amount: z.coerce
    .number({ error: "Enter the amount in rupees." })
    .int("Enter whole rupees.")
    .min(1, "Enter a refund amount of at least ₹1."),
  reason: line(300, "reason").min(3, "Say why the money is given back."),
  reference: line(100, "reference")
    .optional()
    .transform((v) => (v ? v : undefined)),
  returnId: z
    .uuid()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** One per form shown: a double click or a resent form refunds once. */
  requestKey: z.uuid({ error: "Reload the order and try again." }),
  /** Staff answered "Refund ₹500 to {name}?" with yes: only the confirmation's button sends it (issue 27). */
  confirmed: z.literal("yes", { error: "Confirm the refund: nothing was refunded." }),
});

export const adminReturnCreateSchema = returnRequestSchema.extend({
  intent: z.literal("return-create"),
  kind,
  id: uuid,
});

export const adminReturnDecideSchema = z.object({
  intent: z.literal("return-decide"),
  returnId: z.uuid({ error: "Unknown return." }),
  to: z.enum(["approved", "refused", "received"], { error: "Choose what happens to the return." }),
  note: text(500, "note")
    .optional()
    .transform((v) => (v ? v : undefined)),
  resaleable: z.enum(["yes", "no"]).optional(),
});
