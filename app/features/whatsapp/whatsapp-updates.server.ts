import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { orderPageUrl } from "~/shared/order-links";
import { whatsAppRecipient } from "~/shared/phone-numbers";
import { displayId, type OrderKind, type OrderStatus } from "~/features/order-lifecycle/order-status";
import {
  isWhatsAppEvent,
  WHATSAPP_EVENTS,
  templateMessage,
  templateParameters,
  type TemplateMessage,
  type WhatsAppEvent,
} from "~/features/settings/whatsapp-messages";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { wantsReviewRequest } from "~/features/reviews/reviews";
import { db, dbPool, type Tx } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { outboxDir } from "~/platform/email.server";
import { env } from "~/platform/env.server";
import { serviceEnv } from "~/platform/service-keys.server";
import { writeFileOnce } from "~/platform/paths.server";
import { deliverOnce, enqueueOnce } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { loadShopSettings } from "~/features/settings/store-settings.server";
import { sendTemplateMessage, WhatsAppError } from "./cloud-api.server";

/*
 * The shopper's WhatsApp order updates (issue 16): order placed, confirmed, dispatched (with tracking) and
 * delivered, as template messages of the WhatsApp Business Cloud API, only to shoppers who ticked the box
 * at checkout. Each is queued in the transaction of its event, once per order and event (enqueueOnce), and
 * sent at most once (deliverOnce); without WHATSAPP_TOKEN it is written to DATA_DIR/outbox as JSON.
 */

export const WHATSAPP_QUEUE = "whatsapp-order-update";

/** One message per order and event: `whatsapp-order-dispatched:<order id>`. */
export function whatsAppDedupeKey(event: WhatsAppEvent, orderId: string): string {
  return `whatsapp-order-${event}:${orderId}`;
}

/** The outbox file of a message: its dedupe key as a file name (whatsapp-order-placed-<order id>.json). */
export function whatsAppOutboxFile(dedupeKey: string): string {
  return path.join(outboxDir(), `${dedupeKey.replace(/[^A-Za-z0-9-]+/g, "-")}.json`);
}

/**
 * Queue "order placed" for each order of a checkout whose shopper asked for WhatsApp updates, in the
 * transaction that made it an order (a COD order placed, an online order paid), next to its e-mails.
 */
export async function enqueueWhatsAppPlaced(tx: Tx, checkoutId: string): Promise<void> {
  for (const [kind, t] of [
    ["order", orders],
    ["custom", customNeonOrders],
  ] as const) {
    const rows = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.checkoutId, checkoutId), eq(t.whatsappUpdates, true)))
      .orderBy(t.createdAt, t.id);
    for (const r of rows) await enqueue(tx, kind, r.id, "placed");
  }
}

/** Queue the message of a status change (confirmed, dispatched, delivered) in the change's transaction. */
export async function enqueueWhatsAppStatus(
  tx: Tx,
  kind: OrderKind,
  id: string,
  status: OrderStatus,
): Promise<void> {
  if (!isWhatsAppEvent(status)) return;
  const t = tableOf(kind);
  const [o] = await tx.select({ consent: t.whatsappUpdates }).from(t).where(eq(t.id, id));
  if (!o?.consent) return;
  await enqueue(tx, kind, id, status);
}

/**
 * Queue "your design proof is ready" for a custom order whose shopper asked for WhatsApp updates, in the
 * transaction that stores the proof: one message per proof version.
 */
export async function enqueueWhatsAppProof(tx: Tx, customOrderId: string, version: number): Promise<void> {
  const [o] = await tx
    .select({ consent: customNeonOrders.whatsappUpdates })
    .from(customNeonOrders)
    .where(eq(customNeonOrders.id, customOrderId));
  if (!o?.consent) return;
  await enqueueOnce(tx, WHATSAPP_QUEUE, `${whatsAppDedupeKey("proof", customOrderId)}:v${version}`, {
    kind: "custom",
    id: customOrderId,
    event: "proof",
  });
}

/**
 * Queue "the courier could not deliver" (NDR) for an order whose shopper asked for WhatsApp updates, in
 * the transaction that records the failure: one message per failure (its number).
 */
export async function enqueueWhatsAppNdr(
  tx: Tx,
  kind: OrderKind,
  id: string,
  failure: number,
): Promise<void> {
  const t = tableOf(kind);
  const [o] = await tx.select({ consent: t.whatsappUpdates }).from(t).where(eq(t.id, id));
  if (!o?.consent) return;
  await enqueueOnce(tx, WHATSAPP_QUEUE, `${whatsAppDedupeKey("ndr", id)}:n${failure}`, {
    kind,
    id,
    event: "ndr",
  });
}

/** Review requests mailed this recently get their WhatsApp message (a shop turning WhatsApp on asks no old orders). */
const REVIEW_WHATSAPP_WINDOW_DAYS = 3;

/**
 * The review request on WhatsApp (issue 29), after the review sweep (the same hourly job): every request mailed
 * in the last days whose shopper asked for WhatsApp updates gets one message, queued once per order (enqueueOnce's
 * key); never with the reminder. The order is checked again when the message is built (whatsAppMessageFor):
 * a cancellation, RTO, return or full refund by then and nothing goes. Returns how many were queued.
 */
export async function enqueueWhatsAppReviewRequests(): Promise<number> {
  const due = await db().execute<{ kind: OrderKind; id: string }>(sql`
    select case when r.order_id is null then 'custom' else 'order' end as kind,
      coalesce(r.order_id, r.custom_order_id) as id
    from review_requests r
    left join orders o on o.id = r.order_id
    left join custom_neon_orders c on c.id = r.custom_order_id
    where r.sent_at > now() - make_interval(days => ${REVIEW_WHATSAPP_WINDOW_DAYS}) and r.cancelled_at is null
      and coalesce(o.whatsapp_updates, c.whatsapp_updates)
      and coalesce(o.status, c.status) = 'delivered'
      and not exists (select 1 from message_deliveries m
        where m.dedupe_key = 'whatsapp-order-review:' || coalesce(r.order_id, r.custom_order_id))
    order by r.sent_at limit 200`);
  let queued = 0;
  for (const r of due.rows)
    if (
      await db().transaction((tx) =>
        enqueueOnce(tx, WHATSAPP_QUEUE, whatsAppDedupeKey("review", r.id), {
          kind: r.kind,
          id: r.id,
          event: "review",
        }),
      )
    )
      queued++;
  return queued;
}

async function enqueue(tx: Tx, kind: OrderKind, id: string, event: WhatsAppEvent) {
  await enqueueOnce(tx, WHATSAPP_QUEUE, whatsAppDedupeKey(event, id), { kind, id, event });
}

type Built = { ok: true; body: TemplateMessage } | { ok: false; reason: string };

/** The request body of one order's message, read from the database when the job runs. */
export async function whatsAppMessageFor(kind: OrderKind, id: string, event: WhatsAppEvent): Promise<Built> {
  const t = tableOf(kind);
  const [o] = await db()
    .select({
      accessToken: t.accessToken,
      customerName: t.customerName,
      customerPhone: t.customerPhone,
      courier: t.courier,
      trackingNumber: t.trackingNumber,
      consent: t.whatsappUpdates,
      status: t.status,
      paymentStatus: t.paymentStatus,
      isTest: t.isTest,
      returned: sql<boolean>`exists (select 1 from return_requests rr
        where rr.${sql.raw(kind === "order" ? "order_id" : "custom_order_id")} = ${t.id}
          and rr.status in ('approved', 'received', 'refunded'))`,
    })
    .from(t)
    .where(eq(t.id, id));
  if (!o) return { ok: false, reason: "the order no longer exists" };
  if (!o.consent) return { ok: false, reason: "the shopper did not ask for WhatsApp updates" };
  // A review request is checked again when it goes: never after a cancellation, RTO, return or full refund.
  if (event === "review" && !wantsReviewRequest(o))
    return { ok: false, reason: "the order was cancelled, returned or refunded: no review request" };
  const to = whatsAppRecipient(o.customerPhone);
  if (!to) return { ok: false, reason: "the order's phone number is not a valid WhatsApp number" };
  const { settings } = await loadShopSettings();
  const parameters = templateParameters(event, {
    customerName: o.customerName,
    displayOrderId: displayId(kind, id),
    // The review request links to the order's review page (opened by the order's own link).
    orderLink:
      event === "review"
        ? `${env().PUBLIC_URL}/review/${o.accessToken}`
        : orderPageUrl(env().PUBLIC_URL, o.accessToken),
    courier: o.courier,
    trackingNumber: o.trackingNumber,
  });
  return { ok: true, body: templateMessage(to, settings.whatsappUpdates, event, parameters) };
}

/**
 * Send one message: through the Cloud API when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set (in the
 * environment or saved in Settings > Keys),
 * otherwise written to DATA_DIR/outbox as the exact request body, at most once per key.
 */
export async function deliverWhatsApp(
  dedupeKey: string,
  body: TemplateMessage,
): Promise<{ via: "api"; messageId: string } | { via: "file"; file: string }> {
  const e = serviceEnv();
  if (e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID) {
    const { messageId } = await sendTemplateMessage(
      { token: e.WHATSAPP_TOKEN, phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID, apiBase: e.WHATSAPP_API_BASE },
      body,
    );
    logger.info({ dedupeKey, template: body.template.name, messageId }, "WhatsApp message sent");
    return { via: "api", messageId };
  }
  const file = whatsAppOutboxFile(dedupeKey);
  // A message already in the outbox is not written twice.
  await writeFileOnce(file, `${JSON.stringify(body, null, 2)}\n`);
  return { via: "file", file };
}

/** A message that can never go out (no valid number, nothing to send): thrown inside a delivery job. */
export class Undeliverable extends Error {}

/**
 * The end of a WhatsApp delivery job that failed: a permanent failure (Undeliverable, or refused by WhatsApp
 * for good) is recorded on its delivery row and never tried again; anything else (network, 429, 5xx) is thrown
 * again for the queue to retry with backoff. Every job that sends a message ends this way.
 */
export async function endFailedDelivery(dedupeKey: string, err: unknown, what: string): Promise<void> {
  const permanent = err instanceof Undeliverable || (err instanceof WhatsAppError && !err.retryable);
  if (!permanent) throw err;
  const reason = (err as Error).message;
  await dbPool().query(
    `update message_deliveries set failed_at = now(), failure = $2 where dedupe_key = $1`,
    [dedupeKey, reason.slice(0, 500)],
  );
  logger.warn({ dedupeKey, reason }, `${what} not sent; it will not be retried`);
}

/**
 * The queue's job: one message, at most once. A transient failure (network, 429, 5xx) throws, and the
 * queue retries it with backoff; a permanent one (bad number, missing template) is recorded and ends here.
 */
export async function sendWhatsAppUpdate(data: Record<string, unknown>): Promise<void> {
  const { kind, id, event } = data;
  if ((kind !== "order" && kind !== "custom") || typeof id !== "string" || !isWhatsAppEvent(event)) {
    throw new Error("WhatsApp job with bad data");
  }
  // A proof's message is keyed by its version too, a delivery failure's by its number; the others by order and event.
  const key = typeof data.dedupeKey === "string" ? data.dedupeKey : whatsAppDedupeKey(event, id);
  const prior = await dbPool().query<{ failed: boolean }>(
    `select failed_at is not null as failed from message_deliveries where dedupe_key = $1`,
    [key],
  );
  if (prior.rows[0]?.failed) return;
  try {
    await deliverOnce(key, async () => {
      const built = await whatsAppMessageFor(kind, id, event);
      if (!built.ok) throw new Undeliverable(built.reason);
      await deliverWhatsApp(key, built.body);
    });
  } catch (err) {
    await endFailedDelivery(key, err, "WhatsApp message");
  }
}

/**
 * Each WhatsApp message of one order: its event, and whether it went out, is waiting (or being retried), or
 * will never go out and why (refused by WhatsApp, or given up by the queue after its retries).
 */
export async function whatsAppDeliveries(orderId: string) {
  const keys = WHATSAPP_EVENTS.filter((e) => e !== "proof" && e !== "ndr").map((e) =>
    whatsAppDedupeKey(e, orderId),
  );
  const r = await dbPool().query<{
    dedupe_key: string;
    sent_at: Date | null;
    failed_at: Date | null;
    failure: string | null;
    gave_up: string | null;
  }>(
    // pgboss.job is partitioned by queue name: the name picks this queue's partition.
    `select d.dedupe_key, d.sent_at, d.failed_at, d.failure,
       (select coalesce(j.output->>'message', 'no reason given') from pgboss.job j
         where j.name = d.queue and j.data->>'dedupeKey' = d.dedupe_key and j.state = 'failed' limit 1) as gave_up
     from message_deliveries d where d.dedupe_key = any($1::varchar[]) order by d.created_at`,
    [keys],
  );
  return r.rows.map((row) => {
    const failure = row.failure ?? (row.gave_up ? `gave up after retries: ${row.gave_up}` : null);
    return {
      event: /^whatsapp-order-([a-z]+):/.exec(row.dedupe_key)?.[1] ?? "",
      state: row.sent_at ? ("sent" as const) : failure ? ("failed" as const) : ("waiting" as const),
      failure,
    };
  });
}
