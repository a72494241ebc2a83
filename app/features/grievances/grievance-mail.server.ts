import { eq } from "drizzle-orm";
import { displayId } from "~/features/order-lifecycle/order-status";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { db } from "~/platform/db/client.server";
import { adminUsers } from "~/platform/db/tables.server";
import { grievanceMessages, grievances } from "./tables.server";
import { sendMail } from "~/platform/email.server";
import { deliverOnce } from "~/platform/jobs/queue.server";
import { tryConsume } from "~/platform/limits/rate-limit.server";
import { logger } from "~/platform/logger.server";
import {
  buildReceivedEmail,
  buildReplyEmail,
  buildResolvedEmail,
  buildStaffNotice,
  type GrievanceMailFacts,
} from "./grievance-emails";
import { acknowledgeDueAt, resolveDueAt, ticketPath } from "./grievances";
import { istWhen, newTicketLink } from "./grievances.server";

/*
 * The job behind every grievance mail, at most once each (the dedupe key of its enqueue). A mail to the
 * shopper carries a fresh private link, minted as it is sent (only its hash is kept, so no link waits in
 * the queue's tables). Notices go to the ticket's assignee, else the grievance officer (settings).
 */

type Kind = "received" | "reply" | "resolved" | "staff-new" | "staff-reply";
const KINDS: readonly string[] = ["received", "reply", "resolved", "staff-new", "staff-reply"];

export async function sendGrievanceMail(data: Record<string, unknown>): Promise<void> {
  const { kind, id, messageId, dedupeKey } = data;
  if (typeof kind !== "string" || !KINDS.includes(kind) || typeof id !== "string")
    throw new Error("grievance mail job with bad data");
  const key = typeof dedupeKey === "string" ? dedupeKey : `grievance:${kind}:${id}`;
  await deliverOnce(key, async () => {
    const [g] = await db().select().from(grievances).where(eq(grievances.id, id));
    if (!g) return;
    const message =
      typeof messageId === "string"
        ? (await db().select().from(grievanceMessages).where(eq(grievanceMessages.id, messageId)))[0]
        : undefined;
    const { settings } = await loadShopSettings();
    const store = storeSettings();
    if (kind === "staff-new" || kind === "staff-reply") {
      if (kind === "staff-reply" && !message) return;
      if (!(await tryConsume("shopNoticesPerHour", "shop")).ok) {
        logger.warn({ what: kind }, "complaint notice not sent: too many this hour");
        return;
      }
      const assignee = g.assignedTo
        ? (await db().select().from(adminUsers).where(eq(adminUsers.id, g.assignedTo)))[0]
        : undefined;
      const order = g.orderId
        ? displayId("order", g.orderId)
        : g.customOrderId
          ? displayId("custom", g.customOrderId)
          : null;
      const mail = buildStaffNotice(
        {
          ...g,
          order,
          text: kind === "staff-new" ? g.description : message!.body,
          adminUrl: `${store.publicUrl}/admin/complaints/${g.id}`,
        },
        kind === "staff-new" ? "new" : "reply",
        store,
      );
      const to = assignee && !assignee.disabled ? assignee.email : settings.grievance.email;
      await sendMail({ dedupeKey: key, to, ...mail });
      return;
    }
    // The shopper's mailbox: the receipts a stranger could aim at it are bounded by the intake's limit per
    // contact (3 a day); replies and resolutions are staff's.
    const facts: GrievanceMailFacts = {
      number: g.number,
      customerName: g.customerName,
      url: `${store.publicUrl}${ticketPath(await newTicketLink(db(), g.id))}`,
      acknowledgeBy: istWhen(acknowledgeDueAt(g.createdAt)),
      resolveBy: istWhen(resolveDueAt(g.createdAt)),
      officer: settings.grievance,
    };
    const built =
      kind === "received"
        ? buildReceivedEmail(facts, store)
        : kind === "reply"
          ? message && buildReplyEmail(facts, message.body, store)
          : g.resolution && buildResolvedEmail(facts, g.resolution, store);
    if (!built) return;
    await sendMail({ dedupeKey: key, to: g.customerEmail, replyTo: settings.grievance.email, ...built });
  });
}

export type { Kind as GrievanceMailKind };
