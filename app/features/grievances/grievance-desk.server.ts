import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { formatIstDateTime } from "~/shared/ist-dates";
import { displayId } from "~/features/order-lifecycle/order-status";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { db, type Tx } from "~/platform/db/client.server";
import { adminUsers } from "~/platform/db/tables.server";
import { grievanceMessages, grievances } from "./tables.server";
import { enqueueOnce, wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import type { Result } from "~/shared/admin-forms";
import { statusesOf, type InboxFilter } from "./grievance-staff";
import {
  categoryLabel,
  GRIEVANCE_STATUS_LABELS,
  grievanceClocks,
  type GrievanceClocks,
  type GrievanceStatus,
  type GrievanceWarnings,
} from "./grievances";
import { GRIEVANCE_MAIL_QUEUE, lineTime, photoOf, type ThreadMessage } from "./grievances.server";

/*
 * The grievance desk, staff's side (/admin/complaints): the inbox with its two clocks, a ticket's page, and
 * what staff do on it: assign, reply by e-mail (shown on the shopper's page too), internal notes (never
 * shown to the shopper), acknowledge, resolve with a resolution, reopen. Every change is one transaction
 * under the ticket's row lock; each mail is queued in it.
 */

/** A clock as staff see it: the due time in India and where it stands. */
function clockView(c: GrievanceClocks) {
  return {
    acknowledgeBy: formatIstDateTime(c.acknowledgeBy),
    acknowledge: c.acknowledge,
    resolveBy: formatIstDateTime(c.resolveBy),
    resolve: c.resolve,
  };
}

const orderOf = (g: { orderId: string | null; customOrderId: string | null }) =>
  g.orderId
    ? { ref: displayId("order", g.orderId), href: `/admin/purchases?order=${g.orderId}` }
    : g.customOrderId
      ? { ref: displayId("custom", g.customOrderId), href: `/admin/custom-neon?order=${g.customOrderId}` }
      : null;

/** The inbox: tickets of the filter, oldest unresolved first (the most urgent clocks on top). */
export async function listGrievances(filter: InboxFilter, now = new Date()) {
  const rows = await db()
    .select({ g: grievances, assignee: adminUsers.email })
    .from(grievances)
    .leftJoin(adminUsers, eq(adminUsers.id, grievances.assignedTo))
    .where(inArray(grievances.status, [...statusesOf(filter)]))
    .orderBy(
      filter === "resolved" || filter === "all" ? desc(grievances.createdAt) : asc(grievances.createdAt),
    )
    .limit(300);
  return rows.map(({ g, assignee }) => ({
    id: g.id,
    number: g.number,
    receivedAt: formatIstDateTime(g.createdAt),
    customerName: g.customerName,
    category: categoryLabel(g.category),
    status: g.status,
    statusLabel: GRIEVANCE_STATUS_LABELS[g.status],
    assignee,
    ...clockView(grievanceClocks({ receivedAt: g.createdAt, ...g }, now)),
  }));
}

/** Staff who may be assigned a ticket (admin accounts that are not switched off). */
export async function assignableStaff() {
  return db()
    .select({ id: adminUsers.id, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.disabled, false))
    .orderBy(asc(adminUsers.email));
}

/** A member a ticket can be assigned to. */
export type AssignableStaff = Awaited<ReturnType<typeof assignableStaff>>[number];

/** One ticket as staff's page shows it (grievanceForStaff). */
export type StaffTicket = NonNullable<Awaited<ReturnType<typeof grievanceForStaff>>>;

/** One ticket for staff: everything, internal notes included. */
export async function grievanceForStaff(id: string, now = new Date()) {
  const [row] = await db()
    .select({ g: grievances, assignee: adminUsers.email })
    .from(grievances)
    .leftJoin(adminUsers, eq(adminUsers.id, grievances.assignedTo))
    .where(eq(grievances.id, id));
  if (!row) return null;
  const { g } = row;
  const thread = await db()
    .select()
    .from(grievanceMessages)
    .where(eq(grievanceMessages.grievanceId, id))
    .orderBy(asc(grievanceMessages.createdAt), asc(grievanceMessages.id));
  return {
    id: g.id,
    number: g.number,
    status: g.status,
    statusLabel: GRIEVANCE_STATUS_LABELS[g.status],
    category: categoryLabel(g.category),
    customerName: g.customerName,
    customerEmail: g.customerEmail,
    customerPhone: g.customerPhone,
    orderRef: g.orderRef,
    order: orderOf(g),
    description: g.description,
    photo: photoOf(g),
    receivedAt: formatIstDateTime(g.createdAt),
    acknowledgedAt: g.acknowledgedAt ? formatIstDateTime(g.acknowledgedAt) : null,
    resolvedAt: g.resolvedAt ? formatIstDateTime(g.resolvedAt) : null,
    resolution: g.resolution,
    resolvedByEmail: g.resolvedByEmail,
    assignedTo: g.assignedTo,
    assignee: row.assignee,
    ...clockView(grievanceClocks({ receivedAt: g.createdAt, ...g }, now)),
    messages: thread.map((m) => ({
      id: m.id,
      kind: m.kind,
      body: m.body,
      staffEmail: m.staffEmail,
      at: formatIstDateTime(m.createdAt),
    })) satisfies ThreadMessage[],
  };
}

const NOT_FOUND = { ok: false as const, status: 404 as const, message: "Complaint not found." };

/** Run `change` on the ticket under its row lock; the mails it queues wake the workers after the commit. */
async function onTicket(
  id: string,
  change: (tx: Tx, g: typeof grievances.$inferSelect) => Promise<Result>,
): Promise<Result> {
  const r = await db().transaction(async (tx) => {
    const [g] = await tx.select().from(grievances).where(eq(grievances.id, id)).for("update");
    if (!g) return NOT_FOUND;
    const out = await change(tx, g);
    if (out.ok)
      await tx
        .update(grievances)
        .set({ updatedAt: sql`now()` })
        .where(eq(grievances.id, id));
    return out;
  });
  if (r.ok) wakeWorkers();
  return r;
}

async function addLine(tx: Tx, id: string, kind: "staff" | "note" | "event", body: string, actor: Actor) {
  const [m] = await tx
    .insert(grievanceMessages)
    .values({ grievanceId: id, kind, body, staffEmail: actor.email, createdAt: lineTime() })
    .returning({ id: grievanceMessages.id });
  return m!.id;
}

/** Acknowledge a ticket not yet acknowledged (a staff reply does it too). */
async function markAcknowledged(tx: Tx, g: { id: string; status: GrievanceStatus }, actor: Actor) {
  if (g.status !== "open") return;
  await tx
    .update(grievances)
    .set({ status: "acknowledged", acknowledgedAt: sql`now()` })
    .where(eq(grievances.id, g.id));
  await addLine(tx, g.id, "event", "Your complaint was acknowledged.", actor);
}

export function acknowledgeGrievance(id: string, actor: Actor): Promise<Result> {
  return onTicket(id, async (tx, g) => {
    if (g.status !== "open")
      return { ok: false, status: 409, message: "This complaint is already acknowledged." };
    await markAcknowledged(tx, g, actor);
    logger.info({ grievance: g.number, by: actor.email }, "complaint acknowledged");
    return { ok: true };
  });
}

/** Staff's reply: mailed to the shopper, shown on their page; acknowledges a new ticket. */
export function replyToGrievance(id: string, body: string, actor: Actor): Promise<Result> {
  return onTicket(id, async (tx, g) => {
    await markAcknowledged(tx, g, actor);
    const messageId = await addLine(tx, id, "staff", body, actor);
    await enqueueOnce(tx, GRIEVANCE_MAIL_QUEUE, `grievance:reply:${messageId}`, {
      kind: "reply",
      id,
      messageId,
    });
    logger.info({ grievance: g.number, by: actor.email }, "complaint reply sent");
    return { ok: true };
  });
}

/** An internal note: staff's only, never shown or mailed to the shopper. */
export function addGrievanceNote(id: string, body: string, actor: Actor): Promise<Result> {
  return onTicket(id, async (tx) => {
    await addLine(tx, id, "note", body, actor);
    return { ok: true };
  });
}

export function assignGrievance(id: string, staffId: string, actor: Actor): Promise<Result> {
  return onTicket(id, async (tx, g) => {
    if (staffId) {
      const [u] = await tx
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(and(eq(adminUsers.id, staffId), eq(adminUsers.disabled, false)));
      if (!u)
        return {
          ok: false,
          status: 400,
          message: "Choose a staff member.",
          fieldErrors: { staffId: "Choose a staff member." },
        };
    }
    await tx
      .update(grievances)
      .set({ assignedTo: staffId || null })
      .where(eq(grievances.id, id));
    logger.info({ grievance: g.number, to: staffId || null, by: actor.email }, "complaint assigned");
    return { ok: true };
  });
}

/** Resolve with the resolution (required by the schema and the table): the shopper is mailed it. */
export function resolveGrievance(id: string, resolution: string, actor: Actor): Promise<Result> {
  return onTicket(id, async (tx, g) => {
    if (g.status === "resolved")
      return { ok: false, status: 409, message: "This complaint is already resolved." };
    await markAcknowledged(tx, g, actor);
    await tx
      .update(grievances)
      .set({ status: "resolved", resolvedAt: sql`now()`, resolution, resolvedByEmail: actor.email })
      .where(eq(grievances.id, id));
    const eventId = await addLine(tx, id, "event", `Resolved: ${resolution}`, actor);
    await enqueueOnce(tx, GRIEVANCE_MAIL_QUEUE, `grievance:resolved:${eventId}`, { kind: "resolved", id });
    logger.info({ grievance: g.number, by: actor.email }, "complaint resolved");
    return { ok: true };
  });
}

export function reopenGrievance(id: string, actor: Actor): Promise<Result> {
  return onTicket(id, async (tx, g) => {
    if (g.status !== "resolved")
      return { ok: false, status: 409, message: "This complaint is not resolved." };
    await tx
      .update(grievances)
      .set({ status: "acknowledged", resolvedAt: null, resolution: null, resolvedByEmail: null })
      .where(eq(grievances.id, id));
    await addLine(tx, id, "event", "Reopened.", actor);
    logger.info({ grievance: g.number, by: actor.email }, "complaint reopened");
    return { ok: true };
  });
}

/** The dashboard's counts: tickets waiting on each clock, and those near or past its end. */
export async function grievanceWarnings(now = new Date()): Promise<GrievanceWarnings> {
  const rows = await db()
    .select({
      receivedAt: grievances.createdAt,
      acknowledgedAt: grievances.acknowledgedAt,
      resolvedAt: grievances.resolvedAt,
    })
    .from(grievances)
    .where(ne(grievances.status, "resolved"));
  const w: GrievanceWarnings = {
    toAcknowledge: 0,
    acknowledgeOverdue: 0,
    acknowledgeNear: 0,
    toResolve: rows.length,
    resolveOverdue: 0,
    resolveNear: 0,
  };
  for (const r of rows) {
    const c = grievanceClocks(r, now);
    if (!r.acknowledgedAt) w.toAcknowledge++;
    if (c.acknowledge === "overdue") w.acknowledgeOverdue++;
    if (c.acknowledge === "near") w.acknowledgeNear++;
    if (c.resolve === "overdue") w.resolveOverdue++;
    if (c.resolve === "near") w.resolveNear++;
  }
  return w;
}
