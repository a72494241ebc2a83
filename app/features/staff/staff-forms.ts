import { adminPasswordProblem } from "~/features/admin-shell/admin-auth";
import { ROLES } from "~/shared/staff-access";
import { z } from "~/shared/zod";

/** The staff forms (issue 31): one schema each, shared by the page and its action. */

/** How long an invitation link works. */
export const INVITE_HOURS = 72;

const role = z.enum(ROLES, { error: "Choose a role." });
const memberId = z.uuid({ error: "Unknown staff member." });

export const inviteSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email("Enter the staff member's e-mail address.")),
  role,
});

export const memberSchema = z.object({ id: memberId });
export const roleChangeSchema = z.object({ id: memberId, role });

export const policySchema = z.object({
  /** The roles that must have a second factor: checkboxes named "secondFactor" (several values). */
  secondFactorRoles: z.array(role).default([]),
  auditRetentionDays: z.coerce
    .number({ error: "Enter a number of days." })
    .int("Enter whole days.")
    .min(90, "Keep the trail at least 90 days.")
    .max(3650, "At most 3650 days (10 years)."),
});

export const newPasswordSchema = z
  .object({
    // The rule `npm run admin:create` applies (length, common and patterned passwords), in its words.
    password: z.string().superRefine((v, ctx) => {
      const problem = adminPasswordProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords differ." });

export const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6, "Enter the 6-digit code from your authenticator app, or a backup code.")
    .max(20, "Enter the 6-digit code from your authenticator app, or a backup code."),
});

export const enrolSchema = codeSchema.extend({ sealed: z.string().min(10).max(400) });

/** The audit trail's filters (the page's query string). */
export const auditFilterSchema = z.object({
  who: z.string().trim().max(254).optional().catch(undefined),
  kind: z.string().trim().max(40).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AuditFilters = z.output<typeof auditFilterSchema>;

/** The kinds of change the trail records (the filter's choices). */
export const AUDIT_KINDS = [
  "product",
  "category",
  "banner",
  "bestseller",
  "offer",
  "discount code",
  "review",
  "order",
  "shipment",
  "return",
  "refund",
  "invoice",
  "export",
  "setting",
  "staff",
  "complaint",
  "logo quote",
  "design proof",
] as const;
