import { z } from "~/shared/zod";

/*
 * The owner's COD confirmation settings (issue 30, app/features/cod-confirmation): when an unanswered cash-on-delivery
 * order is reminded and when it is cancelled, and the WhatsApp template with the Confirm / Cancel buttons. Stored
 * in the shop settings' JSON under `codConfirmation`; settings saved before it get the defaults.
 */

export const DEFAULT_COD_CONFIRMATION = {
  remindAfterHours: 12,
  cancelAfterHours: 48,
  whatsappTemplate: "cod_confirmation",
} as const;

const hours = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? fallback : v),
    z.coerce
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

/** The settings form's "COD confirmation" group (stored in the shop settings under `codConfirmation`). */
export const codConfirmationSettingsSchema = z
  .object({
    remindAfterHours: hours("Reminder after (hours)", 1, 168, DEFAULT_COD_CONFIRMATION.remindAfterHours),
    cancelAfterHours: hours("Cancel after (hours)", 2, 336, DEFAULT_COD_CONFIRMATION.cancelAfterHours),
    whatsappTemplate: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? DEFAULT_COD_CONFIRMATION.whatsappTemplate : v),
      z
        .string()
        .trim()
        .regex(
          /^[a-z0-9_]{1,512}$/,
          "The template's name as created in WhatsApp Manager: lower-case letters, digits and underscores",
        ),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.cancelAfterHours <= v.remindAfterHours)
      ctx.addIssue({
        code: "custom",
        path: ["cancelAfterHours"],
        message: "Cancel after must be later than the reminder",
      });
  });
export type CodConfirmationSettings = z.output<typeof codConfirmationSettingsSchema>;
