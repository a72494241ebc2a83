import { normalizeIndianMobile } from "~/features/checkout/checkout";
import { parseOrderReference } from "~/features/order-page/order-page";
import { freeText, singleLine } from "~/shared/text";
import { z } from "~/shared/zod";
import {
  COMPLAINT_MESSAGES,
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_REPLY_MAX,
  GRIEVANCE_CATEGORIES,
  type GrievanceCategory,
} from "./grievance-limits";

export { COMPLAINT_DESCRIPTION_MAX, COMPLAINT_REPLY_MAX, GRIEVANCE_CATEGORIES, type GrievanceCategory };

/*
 * The grievance desk (issue 32; Consumer Protection (E-Commerce) Rules 2020, rule 4(5)): a complaint gets a
 * ticket number at once, the grievance officer acknowledges it within 48 hours and resolves it within one
 * month of receipt. Pure rules: the ticket number, the two clocks, the statuses and the forms' schemas.
 */

export const GRIEVANCE_STATUSES = ["open", "acknowledged", "resolved"] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

export const GRIEVANCE_STATUS_LABELS: Record<GrievanceStatus, string> = {
  open: "Received",
  acknowledged: "Acknowledged, being worked on",
  resolved: "Resolved",
};

/** Who wrote a line of a ticket's thread; internal notes are staff's only and never reach the shopper. */
export const GRIEVANCE_MESSAGE_KINDS = ["shopper", "staff", "note", "event"] as const;
export type GrievanceMessageKind = (typeof GRIEVANCE_MESSAGE_KINDS)[number];
export const SHOPPER_VISIBLE_KINDS: readonly GrievanceMessageKind[] = ["shopper", "staff", "event"];

// ---------------------------------------------------------------------------------------------------
// Ticket numbers: GR-<year in India>-<six digits>, consecutive per year (the counter row: grievances.server.ts)

const IST_OFFSET_MS = 330 * 60_000;
const TICKET = /^GR-(\d{4})-(\d{6,})$/;

/** The year in India at `d` (a complaint received at 00:10 IST on 1 January belongs to the new year). */
export function istYear(d: Date): number {
  return new Date(d.getTime() + IST_OFFSET_MS).getUTCFullYear();
}

/** GR-2026-000123. */
export function formatTicketNumber(year: number, seq: number): string {
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new Error(`bad ticket year ${year}`);
  if (!Number.isInteger(seq) || seq < 1) throw new Error(`bad ticket sequence ${seq}`);
  return `GR-${year}-${String(seq).padStart(6, "0")}`;
}

/** The year and number of a ticket number as typed (spaces and case forgiven); null when it is not one. */
export function parseTicketNumber(raw: string): { year: number; seq: number } | null {
  const m = TICKET.exec(raw.trim().toUpperCase().replace(/\s+/g, ""));
  if (!m) return null;
  const seq = Number(m[2]);
  return seq >= 1 && Number.isSafeInteger(seq) ? { year: Number(m[1]), seq } : null;
}

// ---------------------------------------------------------------------------------------------------
// The two clocks

export const ACK_HOURS = 48;
/** A clock is "near" its end this long before it (the dashboard warns). */
export const ACK_WARN_HOURS = 12;
export const RESOLVE_WARN_DAYS = 5;

/** Acknowledge within 48 hours of receipt. */
export function acknowledgeDueAt(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + ACK_HOURS * 3_600_000);
}

/**
 * Resolve within one month of receipt: the same time of day on the same day of the next month in India,
 * or that month's last day when it is shorter (received 31 January → due 28 or 29 February).
 */
export function resolveDueAt(receivedAt: Date): Date {
  const ist = new Date(receivedAt.getTime() + IST_OFFSET_MS);
  const y = ist.getUTCFullYear();
  const m = ist.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const due = Date.UTC(
    y,
    m,
    Math.min(ist.getUTCDate(), lastDay),
    ist.getUTCHours(),
    ist.getUTCMinutes(),
    ist.getUTCSeconds(),
    ist.getUTCMilliseconds(),
  );
  return new Date(due - IST_OFFSET_MS);
}

export type ClockState = "met" | "late" | "running" | "near" | "overdue";

/**
 * Where one clock stands: met (done in time), late (done after its end), running, near (within `warnMs`
 * of its end) or overdue.
 */
export function clockState(due: Date, doneAt: Date | null, now: Date, warnMs: number): ClockState {
  if (doneAt) return doneAt.getTime() <= due.getTime() ? "met" : "late";
  const left = due.getTime() - now.getTime();
  if (left < 0) return "overdue";
  return left <= warnMs ? "near" : "running";
}

export type GrievanceClocks = {
  acknowledgeBy: Date;
  resolveBy: Date;
  acknowledge: ClockState;
  resolve: ClockState;
};

/** Both clocks of a ticket (a staff reply or the acknowledge button stops the first, resolving the second). */
export function grievanceClocks(
  t: { receivedAt: Date; acknowledgedAt: Date | null; resolvedAt: Date | null },
  now: Date,
): GrievanceClocks {
  const acknowledgeBy = acknowledgeDueAt(t.receivedAt);
  const resolveBy = resolveDueAt(t.receivedAt);
  return {
    acknowledgeBy,
    resolveBy,
    acknowledge: clockState(acknowledgeBy, t.acknowledgedAt, now, ACK_WARN_HOURS * 3_600_000),
    resolve: clockState(resolveBy, t.resolvedAt, now, RESOLVE_WARN_DAYS * 86_400_000),
  };
}

/** The dashboard's counts: tickets waiting on each clock, and those near or past its end. */
export type GrievanceWarnings = {
  toAcknowledge: number;
  acknowledgeOverdue: number;
  acknowledgeNear: number;
  toResolve: number;
  resolveOverdue: number;
  resolveNear: number;
};

// ---------------------------------------------------------------------------------------------------
// Private links

const TOKEN = /^[0-9a-f]{64}$/;
export function isTicketToken(value: string): boolean {
  return TOKEN.test(value);
}
export function ticketPath(token: string): string {
  return `/complaints/${token}`;
}

// ---------------------------------------------------------------------------------------------------
// Forms

const longText = (max: number, label: string, required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, `Keep the ${label} under ${max} characters.`)
    .superRefine(freeText(label.charAt(0).toUpperCase() + label.slice(1)));

/** An optional field may be left out of the post altogether (the form always sends it, empty). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? "", schema);

/** The public "Raise a complaint" form (the attachment is checked apart). */
export const complaintSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, COMPLAINT_MESSAGES.name)
    .max(100, "Keep this under 100 characters.")
    .superRefine(singleLine("Full name")),
  email: z
    .string()
    .trim()
    .min(1, COMPLAINT_MESSAGES.email)
    .max(200, "Keep this under 200 characters.")
    .superRefine(singleLine("Email address"))
    .pipe(z.email(COMPLAINT_MESSAGES.emailInvalid)),
  phone: optional(
    z
      .string()
      .trim()
      .max(20, "That is not a phone number.")
      .superRefine(singleLine("Phone number"))
      .transform((v, ctx) => {
        if (!v) return null;
        const n = normalizeIndianMobile(v);
        if (!n) ctx.addIssue({ code: "custom", message: "Please enter a valid 10-digit mobile number." });
        return n;
      }),
  ),
  orderNumber: optional(
    z
      .string()
      .trim()
      .max(40, "That is not an order number.")
      .superRefine(singleLine("Order number"))
      .refine(
        (v) => v === "" || parseOrderReference(v) !== null,
        "Enter the order number from your e-mail, e.g. NL1A2B3C4D, or leave it empty.",
      ),
  ),
  category: z.enum(GRIEVANCE_CATEGORIES.map((c) => c.id) as [GrievanceCategory, ...GrievanceCategory[]], {
    error: COMPLAINT_MESSAGES.category,
  }),
  description: longText(COMPLAINT_DESCRIPTION_MAX, "description", COMPLAINT_MESSAGES.description),
});
export type ComplaintInput = z.output<typeof complaintSchema>;

/** The shopper's reply on their ticket's page. */
export const shopperReplySchema = z.object({
  body: longText(COMPLAINT_REPLY_MAX, "message", COMPLAINT_MESSAGES.reply),
});

/** A label for each category id (unknown ids shown as they are). */
export function categoryLabel(id: string): string {
  return GRIEVANCE_CATEGORIES.find((c) => c.id === id)?.label ?? id;
}
