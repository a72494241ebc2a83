import { freeText } from "~/shared/text";
import { z } from "~/shared/zod";
import { GRIEVANCE_STATUSES, type GrievanceStatus } from "./grievances";

/** Staff's forms on a ticket page (/admin/complaints/:id): one schema per intent. */

export const STAFF_TEXT_MAX = 4000;

const staffText = (label: string, required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(STAFF_TEXT_MAX, `Keep the ${label} under ${STAFF_TEXT_MAX} characters.`)
    .superRefine(freeText(label.charAt(0).toUpperCase() + label.slice(1)));

export const staffReplySchema = z.object({
  body: staffText("reply", "Write the reply to the shopper."),
});
export const staffNoteSchema = z.object({
  body: staffText("note", "Write the note."),
});
export const assignSchema = z.object({
  /** An admin user's id, or "" for nobody. */
  staffId: z.union([z.literal(""), z.uuid("Choose a staff member.")]),
});
export const resolveSchema = z.object({
  resolution: staffText("resolution", "Write the resolution: what was done for the shopper."),
});
export const emptySchema = z.object({});

/** The inbox's filters (?status=): unresolved (the default), not yet acknowledged, acknowledged, resolved, all. */
export const INBOX_FILTERS = ["unresolved", "new", "acknowledged", "resolved", "all"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = {
  unresolved: "Not resolved",
  new: "Not acknowledged",
  acknowledged: "Acknowledged",
  resolved: "Resolved",
  all: "All",
};

/** The filter named in the URL, the default when it names none. */
export function inboxFilter(raw: string | null): InboxFilter {
  return (INBOX_FILTERS as readonly string[]).includes(raw ?? "") ? (raw as InboxFilter) : "unresolved";
}

/** Which statuses a filter shows. */
export function statusesOf(filter: InboxFilter): readonly GrievanceStatus[] {
  if (filter === "unresolved") return ["open", "acknowledged"];
  if (filter === "new") return ["open"];
  if (filter === "all") return GRIEVANCE_STATUSES;
  return [filter];
}
