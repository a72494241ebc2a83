import crypto from "node:crypto";
import { and, asc, between, eq, inArray, or, sql } from "drizzle-orm";
import { imageAttrs } from "~/shared/images";
import { formatIstDayLongMonthTime } from "~/shared/ist-dates";
import { parseOrderReference } from "~/features/order-page/order-page";
import { uuidPrefixRange } from "~/features/orders/order-search";
import { db, type Tx } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { grievanceLinks, grievanceMessages, grievances } from "./tables.server";
import { enqueueOnce, wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { publicImageBase } from "~/platform/storage/object-store.server";
import { ImageRejected, removeImage, storeImage } from "~/platform/storage/uploads.server";
import type { StoredImage } from "~/shared/images";
import {
  categoryLabel,
  formatTicketNumber,
  GRIEVANCE_STATUS_LABELS,
  grievanceClocks,
  isTicketToken,
  istYear,
  SHOPPER_VISIBLE_KINDS,
  type ComplaintInput,
  type GrievanceMessageKind,
} from "./grievances";
import { MAX_COMPLAINT_PHOTO_BYTES } from "./grievance-limits";

/*
 * The grievance desk, the shopper's side (issue 32): a complaint takes the next ticket number of its year in
 * its own transaction, gets a private link (only the token's hash is kept), and queues the shopper's receipt
 * and the grievance officer's notice. The ticket page shows its status, clocks and thread, never staff's
 * internal notes; the shopper may reply there.
 */

export const GRIEVANCE_MAIL_QUEUE = "mail-grievance";

/** A thread line's time: the clock's, not the transaction's, so lines written together keep their order. */
export const lineTime = () => sql`clock_timestamp()`;

export const hashTicketToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A new private link to a ticket: the token for the shopper, its hash stored. */
export async function newTicketLink(tx: Tx | ReturnType<typeof db>, grievanceId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("hex");
  await tx.insert(grievanceLinks).values({ tokenHash: hashTicketToken(token), grievanceId });
  return token;
}

/**
 * The next ticket number of `year`: the counter row is created or incremented in the caller's transaction,
 * so concurrent complaints wait on its lock and each gets its own number (a rollback gives it back).
 */
export async function nextTicketSeq(tx: Tx, year: number): Promise<number> {
  const r = await tx.execute<{ last_number: number }>(sql`
    insert into grievance_counters (year, last_number) values (${year}, 1)
    on conflict (year) do update set last_number = grievance_counters.last_number + 1
    returning last_number`);
  return Number(r.rows[0]!.last_number);
}

/**
 * The order a complaint is about, when its number and the complaint's e-mail or phone match one (the
 * answer to the shopper is the same either way: nobody learns whether someone else's order exists).
 */
async function matchOrder(tx: Tx, input: ComplaintInput) {
  const ref = input.orderNumber ? parseOrderReference(input.orderNumber) : null;
  if (!ref) return {};
  const t = ref.kind === "order" ? orders : customNeonOrders;
  const [lo, hi] = uuidPrefixRange(ref.prefix);
  const contact = input.phone
    ? or(sql`lower(${t.customerEmail}) = ${input.email.toLowerCase()}`, eq(t.customerPhone, input.phone))
    : sql`lower(${t.customerEmail}) = ${input.email.toLowerCase()}`;
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(between(t.id, lo, hi), contact))
    .limit(2);
  if (rows.length !== 1) return {};
  return ref.kind === "order" ? { orderId: rows[0]!.id } : { customOrderId: rows[0]!.id };
}

export type RaiseResult =
  { ok: true; number: string; token: string; id: string } | { ok: false; errors: Record<string, string> };

/** Check the optional photo like every upload (PNG, JPEG or WebP, re-encoded, size-capped). */
async function storePhoto(
  file: { bytes: Buffer } | null,
): Promise<{ ok: true; stored: StoredImage | null } | { ok: false; message: string }> {
  if (!file || file.bytes.length === 0) return { ok: true, stored: null };
  if (file.bytes.length > MAX_COMPLAINT_PHOTO_BYTES)
    return { ok: false, message: "The photo is larger than 5 MB." };
  try {
    return { ok: true, stored: await storeImage(file.bytes, { maxBytes: MAX_COMPLAINT_PHOTO_BYTES }) };
  } catch (e) {
    if (e instanceof ImageRejected) return { ok: false, message: e.message };
    throw e;
  }
}

/** Register a complaint: its ticket number, link, the shopper's receipt and the officer's notice. */
export async function raiseGrievance(
  input: ComplaintInput,
  file: { bytes: Buffer } | null,
  network: string,
  now = new Date(),
): Promise<RaiseResult> {
  const photo = await storePhoto(file);
  if (!photo.ok) return { ok: false, errors: { photo: photo.message } };
  const stored = photo.stored;
  try {
    const r = await db().transaction(async (tx) => {
      const year = istYear(now);
      const seq = await nextTicketSeq(tx, year);
      const number = formatTicketNumber(year, seq);
      const [row] = await tx
        .insert(grievances)
        .values({
          year,
          seq,
          number,
          customerName: input.name,
          customerEmail: input.email,
          customerPhone: input.phone,
          orderRef: input.orderNumber || null,
          ...(await matchOrder(tx, input)),
          category: input.category,
          description: input.description,
          attachmentKey: stored?.imageKey ?? null,
          attachmentWidth: stored?.width ?? null,
          attachmentHeight: stored?.height ?? null,
          clientIp: network === "unknown" ? null : network,
          createdAt: now,
        })
        .returning({ id: grievances.id });
      const id = row!.id;
      const token = await newTicketLink(tx, id);
      await enqueueOnce(tx, GRIEVANCE_MAIL_QUEUE, `grievance:received:${id}`, { kind: "received", id });
      await enqueueOnce(tx, GRIEVANCE_MAIL_QUEUE, `grievance:staff-new:${id}`, { kind: "staff-new", id });
      return { id, number, token };
    });
    wakeWorkers();
    logger.info({ grievance: r.number, category: input.category }, "complaint raised");
    return { ok: true, ...r };
  } catch (e) {
    if (stored) await removeImage(stored.imageKey);
    throw e;
  }
}

/** The ticket behind a private link (null: no such link, or not a token). */
export async function grievanceIdByToken(token: string): Promise<string | null> {
  if (!isTicketToken(token)) return null;
  const [l] = await db()
    .select({ id: grievanceLinks.grievanceId })
    .from(grievanceLinks)
    .where(eq(grievanceLinks.tokenHash, hashTicketToken(token)));
  return l?.id ?? null;
}

/** A line of a ticket's thread as its page shows it (IST time; staff's page also names the staff member). */
export type ThreadMessage = {
  id: string;
  kind: GrievanceMessageKind;
  body: string;
  at: string;
  staffEmail?: string | null;
};

/** The photo sent with a complaint, as its pages show it (none when none was sent). */
export type ComplaintPhoto = ReturnType<typeof photoOf>;

export function photoOf(g: {
  attachmentKey: string | null;
  attachmentWidth: number | null;
  attachmentHeight: number | null;
}) {
  if (!g.attachmentKey || !g.attachmentWidth || !g.attachmentHeight) return null;
  return imageAttrs(
    { imageKey: g.attachmentKey, width: g.attachmentWidth, height: g.attachmentHeight },
    640,
    publicImageBase(),
  );
}

/** A date and time in India as the shopper reads it: "5 March at 2:05 pm IST". */
export const istWhen = (d: Date) => `${formatIstDayLongMonthTime(d)} IST`;

/** The ticket as its shopper sees it: status, clocks (IST), the thread without internal notes. */
export async function ticketForShopper(token: string, now = new Date()) {
  const id = await grievanceIdByToken(token);
  if (!id) return null;
  const [g] = await db().select().from(grievances).where(eq(grievances.id, id));
  if (!g) return null;
  const thread = await db()
    .select({
      id: grievanceMessages.id,
      kind: grievanceMessages.kind,
      body: grievanceMessages.body,
      createdAt: grievanceMessages.createdAt,
    })
    .from(grievanceMessages)
    .where(
      and(eq(grievanceMessages.grievanceId, id), inArray(grievanceMessages.kind, [...SHOPPER_VISIBLE_KINDS])),
    )
    .orderBy(asc(grievanceMessages.createdAt), asc(grievanceMessages.id));
  const clocks = grievanceClocks(
    { receivedAt: g.createdAt, acknowledgedAt: g.acknowledgedAt, resolvedAt: g.resolvedAt },
    now,
  );
  return {
    number: g.number,
    status: g.status,
    statusLabel: GRIEVANCE_STATUS_LABELS[g.status],
    category: categoryLabel(g.category),
    orderRef: g.orderRef,
    customerName: g.customerName,
    receivedAt: istWhen(g.createdAt),
    acknowledgeBy: istWhen(clocks.acknowledgeBy),
    resolveBy: istWhen(clocks.resolveBy),
    acknowledgedAt: g.acknowledgedAt ? istWhen(g.acknowledgedAt) : null,
    resolvedAt: g.resolvedAt ? istWhen(g.resolvedAt) : null,
    resolution: g.resolution,
    photo: photoOf(g),
    messages: [
      {
        id: "description",
        kind: "shopper" as const,
        body: g.description,
        at: istWhen(g.createdAt),
      },
      ...thread.map((m) => ({
        id: m.id,
        kind: m.kind,
        body: m.body,
        at: istWhen(m.createdAt),
      })),
    ] satisfies ThreadMessage[],
  };
}

export type ShopperReplyResult =
  { ok: true; reopened: boolean } | { ok: false; status: 404; message: string };

/**
 * The shopper writes on their ticket: the line joins the thread, staff hear of it, and a resolved ticket
 * is reopened (the shopper is not satisfied with the resolution).
 */
export async function addShopperReply(token: string, body: string): Promise<ShopperReplyResult> {
  const id = await grievanceIdByToken(token);
  if (!id) return { ok: false, status: 404, message: "Complaint not found." };
  const r = await db().transaction(async (tx) => {
    const [g] = await tx.select().from(grievances).where(eq(grievances.id, id)).for("update");
    if (!g) return null;
    const [m] = await tx
      .insert(grievanceMessages)
      .values({ grievanceId: id, kind: "shopper", body, createdAt: lineTime() })
      .returning({ id: grievanceMessages.id });
    const reopened = g.status === "resolved";
    if (reopened) {
      await tx
        .update(grievances)
        .set({ status: "acknowledged", resolvedAt: null, resolution: null, updatedAt: sql`now()` })
        .where(eq(grievances.id, id));
      await tx.insert(grievanceMessages).values({
        grievanceId: id,
        kind: "event",
        body: "Reopened after your reply.",
        createdAt: lineTime(),
      });
    } else
      await tx
        .update(grievances)
        .set({ updatedAt: sql`now()` })
        .where(eq(grievances.id, id));
    await enqueueOnce(tx, GRIEVANCE_MAIL_QUEUE, `grievance:staff-reply:${m!.id}`, {
      kind: "staff-reply",
      id,
      messageId: m!.id,
    });
    return { reopened };
  });
  if (!r) return { ok: false, status: 404, message: "Complaint not found." };
  wakeWorkers();
  logger.info({ grievanceId: id, reopened: r.reopened }, "complaint reply from the shopper");
  return { ok: true, reopened: r.reopened };
}
