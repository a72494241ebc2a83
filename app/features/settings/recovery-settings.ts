import { z } from "~/shared/zod";
import { templateNameOr, wholeOr, yesNoOr } from "./settings-rules";

/*
 * The owner's abandoned-checkout reminder settings (issue 30, app/features/checkout-recovery, decision 045).
 * Stored in the shop settings' JSON under `recovery`; settings saved before it get these defaults. Off until the
 * owner turns it on: the checkout shows the consent box only then.
 */

export const DEFAULT_RECOVERY_SETTINGS = {
  enabled: "no" as "no" | "yes",
  firstAfterHours: 1,
  secondAfterHours: 24,
  /** Percent off in the second reminder's single-use code; 0: no code. */
  secondDiscountPercent: 0,
  keepDays: 30,
  whatsappTemplate: "cart_reminder",
};

const D = DEFAULT_RECOVERY_SETTINGS;

/** The settings form's "Abandoned-checkout reminders" group. */
export const recoverySettingsSchema = z
  .object({
    enabled: yesNoOr(D.enabled),
    firstAfterHours: wholeOr("First reminder after (hours)", 1, 72, D.firstAfterHours),
    secondAfterHours: wholeOr("Second reminder after (hours)", 2, 168, D.secondAfterHours),
    secondDiscountPercent: wholeOr("Discount in the second reminder (%)", 0, 50, D.secondDiscountPercent),
    keepDays: wholeOr("Keep abandoned checkouts (days)", 8, 90, D.keepDays),
    whatsappTemplate: templateNameOr(D.whatsappTemplate),
  })
  .superRefine((v, ctx) => {
    if (v.secondAfterHours <= v.firstAfterHours)
      ctx.addIssue({
        code: "custom",
        path: ["secondAfterHours"],
        message: "The second reminder must come later than the first",
      });
    if (v.keepDays * 24 <= v.secondAfterHours)
      ctx.addIssue({
        code: "custom",
        path: ["keepDays"],
        message: "Keep abandoned checkouts longer than the second reminder's delay",
      });
  });
export type RecoverySettings = z.output<typeof recoverySettingsSchema>;
