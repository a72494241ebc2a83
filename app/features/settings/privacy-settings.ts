import { singleLine } from "~/shared/text";
import { z } from "~/shared/zod";

/*
 * Data rights and retention (issue 32, decision 042): who answers data requests and how long each kind of
 * personal data is kept before the daily retention sweep (app/features/data-rights/retention.server.ts)
 * deletes or anonymises it. Stored in the shop settings' JSON under `privacy`; settings saved before it
 * get these defaults. Orders and invoices are kept 8 years whatever is set here (CGST Act s.36, rule 56).
 */

export const DEFAULT_PRIVACY_SETTINGS = {
  /** Where data questions go (the privacy notice names it); empty: the grievance officer's e-mail. */
  dataContactEmail: null as string | null,
  /** "My data" requests and their codes, once made. */
  dataRequestDays: 90,
  /** Complaints, counted from their resolution. */
  grievanceDays: 3 * 365,
  /** Online attempts never paid (orders cancelled unpaid): the contact and address are then anonymised. */
  abandonedDays: 90,
  /** Logo quotes never ordered. */
  quoteDays: 365,
  /** Copies of mails in DATA_DIR/outbox (the shop's mail when no SMTP server is set). */
  outboxDays: 30,
};

export type PrivacySettings = typeof DEFAULT_PRIVACY_SETTINGS;

/** Every period, in days, and its label (the settings form and the privacy notice use them). */
export const RETENTION_FIELDS = [
  { key: "dataRequestDays", label: "Data requests (days)" },
  { key: "grievanceDays", label: "Complaints after resolution (days)" },
  { key: "abandonedDays", label: "Unpaid online attempts (days)" },
  { key: "quoteDays", label: "Logo quotes never ordered (days)" },
  { key: "outboxDays", label: "Mail copies in the outbox (days)" },
] as const satisfies readonly { key: keyof PrivacySettings; label: string }[];

/** The law's own period for orders and invoices (CGST Act s.36: 72 months after the year's annual return). */
export const TAX_RECORD_YEARS = 8;

const days = (label: string, fallback: number, min: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? fallback : typeof v === "string" ? v.trim() : v),
    z.coerce
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(3650, `${label} must be at most 3650`),
  );

const D = DEFAULT_PRIVACY_SETTINGS;

export const privacySettingsSchema = z.object({
  dataContactEmail: z
    .string()
    .trim()
    .max(200, "Data contact e-mail must be at most 200 characters")
    .superRefine(singleLine("Data contact e-mail"))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .pipe(z.email("Data contact e-mail must be a valid email address").nullable()),
  dataRequestDays: days("Data requests (days)", D.dataRequestDays, 1),
  grievanceDays: days("Complaints after resolution (days)", D.grievanceDays, 30),
  abandonedDays: days("Unpaid online attempts (days)", D.abandonedDays, 1),
  quoteDays: days("Logo quotes never ordered (days)", D.quoteDays, 30),
  outboxDays: days("Mail copies in the outbox (days)", D.outboxDays, 1),
});
