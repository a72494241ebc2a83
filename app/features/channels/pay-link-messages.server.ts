import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { db, type Tx } from "~/platform/db/client.server";
import { messageDeliveries } from "~/platform/db/tables.server";
import { sendMail } from "~/platform/email.server";
import { deliverOnce, enqueueOnce, wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { formatRupees } from "~/shared/money";
import { formatIstDayLongMonthTime } from "~/shared/ist-dates";
import { orderPageUrl } from "~/shared/order-links";
import { whatsAppRecipient } from "~/shared/phone-numbers";
import { checkouts } from "~/features/checkout/tables.server";
import { payLinks } from "~/features/payments/tables.server";
import { expirePayLinks } from "~/features/payments/pay-link.server";
import { payLinkState } from "~/features/order-lifecycle/pay-link-state";
import { ordersOfCheckout } from "~/features/cod-confirmation/cod-orders.server";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { namedTemplateMessage } from "~/features/settings/whatsapp-messages";
import {
  deliverWhatsApp,
  endFailedDelivery,
  Undeliverable,
} from "~/features/whatsapp/whatsapp-updates.server";
import {
  PAY_LINK_TEMPLATES,
  payLinkEmail,
  payLinkParameters,
  type PayLinkMessage,
  type PayLinkVia,
} from "./pay-link-messages";

/*
 * Sending a pay link (issue 46, decision 067): staff press Send by WhatsApp or Send by e-mail (or copy the link
 * for Instagram); each goes once per link through the job queue (WhatsApp's Cloud API, or DATA_DIR/outbox
 * without keys; the mail server, or the outbox). The sweep sends the one reminder before the link expires (by
 * e-mail, and by WhatsApp when the link went by WhatsApp) and cancels the links past their time.
 */

export const PAY_LINK_MESSAGE_QUEUE = "pay-link-message";

export const payLinkMessageKey = (what: PayLinkMessage, via: PayLinkVia, checkoutId: string) =>
  `pay-link-${what}-${via}:${checkoutId}`;

async function enqueue(tx: Tx, what: PayLinkMessage, via: PayLinkVia, checkoutId: string) {
  return enqueueOnce(tx, PAY_LINK_MESSAGE_QUEUE, payLinkMessageKey(what, via, checkoutId), {
    checkoutId,
    what,
    via,
  });
}

/**
 * Staff send the link by WhatsApp or e-mail, once each way: "already" when it went that way before, "closed" when
 * the link is paid or over, "not-found" for no pay link.
 */
export async function sendPayLink(
  checkoutId: string,
  via: PayLinkVia,
): Promise<"sent" | "already" | "closed" | "not-found"> {
  const [row] = await db()
    .select({ link: payLinks, paymentStatus: checkouts.paymentStatus })
    .from(payLinks)
    .innerJoin(checkouts, eq(checkouts.id, payLinks.checkoutId))
    .where(eq(payLinks.checkoutId, checkoutId));
  if (!row) return "not-found";
  if (payLinkState({ ...row.link, paymentStatus: row.paymentStatus }) !== "awaiting") return "closed";
  const queued = await db().transaction((tx) => enqueue(tx, "link", via, checkoutId));
  if (queued) wakeWorkers();
  return queued ? "sent" : "already";
}

/** The ways this link was sent, and whether each went out (for the staff's page). */
export async function payLinkSends(checkoutId: string) {
  const keys = (["whatsapp", "email"] as const).map((via) => payLinkMessageKey("link", via, checkoutId));
  const rows = await db()
    .select({
      key: messageDeliveries.dedupeKey,
      sentAt: messageDeliveries.sentAt,
      failure: messageDeliveries.failure,
    })
    .from(messageDeliveries)
    .where(inArray(messageDeliveries.dedupeKey, keys));
  const of = (via: PayLinkVia) =>
    rows.find((r) => r.key === payLinkMessageKey("link", via, checkoutId)) ?? null;
  return { whatsapp: of("whatsapp"), email: of("email") };
}

/** The queue's job: one pay link message, at most once; a reminder is dropped once the link is paid or over. */
export async function sendPayLinkMessage(data: Record<string, unknown>): Promise<void> {
  const { checkoutId, what, via } = data;
  if (
    typeof checkoutId !== "string" ||
    (what !== "link" && what !== "reminder") ||
    (via !== "whatsapp" && via !== "email")
  )
    throw new Error("pay link job with bad data");
  const key = payLinkMessageKey(what, via, checkoutId);
  try {
    await deliverOnce(key, async () => {
      const facts = await factsOf(checkoutId);
      if (!facts) throw new Undeliverable("the order no longer exists");
      if (what === "reminder" && facts.state !== "awaiting") return;
      if (via === "email") {
        const mail = payLinkEmail(what, facts, storeSettings());
        await sendMail({ dedupeKey: key, to: facts.email, replyTo: storeSettings().email, ...mail });
        return;
      }
      const to = whatsAppRecipient(facts.phone);
      if (!to) throw new Undeliverable("the order's phone number is not a valid WhatsApp number");
      const { settings } = await loadShopSettings();
      const body = namedTemplateMessage(
        to,
        PAY_LINK_TEMPLATES[what],
        settings.whatsappUpdates.language,
        payLinkParameters(facts),
      );
      await deliverWhatsApp(key, body);
    });
  } catch (err) {
    if (via === "whatsapp") await endFailedDelivery(key, err, "pay link WhatsApp message");
    else throw err;
  }
}

async function factsOf(checkoutId: string) {
  await loadShopSettings();
  const [row] = await db()
    .select({ link: payLinks, paymentStatus: checkouts.paymentStatus, total: checkouts.totalAmount })
    .from(payLinks)
    .innerJoin(checkouts, eq(checkouts.id, payLinks.checkoutId))
    .where(eq(payLinks.checkoutId, checkoutId));
  const first = (await ordersOfCheckout(db(), checkoutId, false))[0];
  if (!row || !first) return null;
  return {
    state: payLinkState({ ...row.link, paymentStatus: row.paymentStatus }),
    customerName: first.customerName,
    email: first.customerEmail,
    phone: first.customerPhone,
    displayId: first.displayId,
    amount: formatRupees(row.total),
    url: orderPageUrl(storeSettings().publicUrl, first.accessToken),
    until: formatIstDayLongMonthTime(row.link.expiresAt),
  };
}

/**
 * Every 5 minutes: links past their time cancelled (payments' expirePayLinks), then the links whose reminder
 * is due get it, once (reminded_at set in the transaction that queues it).
 */
export async function sweepPayLinks(now = new Date()): Promise<{ expired: number; reminded: number }> {
  const expired = await expirePayLinks(now);
  const reminded = await db().transaction(async (tx) => {
    const due = await tx
      .update(payLinks)
      .set({ remindedAt: now })
      .where(
        and(
          isNull(payLinks.remindedAt),
          isNull(payLinks.expiredAt),
          isNull(payLinks.codChosenAt),
          lte(payLinks.remindAt, now),
          gt(payLinks.expiresAt, now),
          sql`exists (select 1 from ${checkouts} c where c.id = ${payLinks.checkoutId} and c.payment_status <> 'paid')`,
        ),
      )
      .returning({ checkoutId: payLinks.checkoutId });
    for (const { checkoutId } of due) {
      await enqueue(tx, "reminder", "email", checkoutId);
      const [viaWhatsApp] = await tx
        .select({ key: messageDeliveries.dedupeKey })
        .from(messageDeliveries)
        .where(eq(messageDeliveries.dedupeKey, payLinkMessageKey("link", "whatsapp", checkoutId)));
      if (viaWhatsApp) await enqueue(tx, "reminder", "whatsapp", checkoutId);
    }
    return due.length;
  });
  if (reminded > 0) {
    wakeWorkers();
    logger.info({ reminded }, "pay link reminders queued");
  }
  return { expired, reminded };
}
