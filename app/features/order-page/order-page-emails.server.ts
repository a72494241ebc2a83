import crypto from "node:crypto";
import { and, between, eq, gt, like, ne, sql } from "drizzle-orm";
import { mailboxKey } from "~/shared/mail-safety";
import { orderPageUrl } from "~/shared/order-links";
import {
  buildCancelledEmail,
  buildCancelNoticeEmail,
  buildOrderLinkEmail,
} from "~/features/order-lifecycle/order-page-email";
import { parseOrderContact, parseOrderReference } from "~/features/order-page/order-page";
import { uuidPrefixRange } from "~/features/orders/order-search";
import { displayId, type OrderKind } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { messageDeliveries } from "~/platform/db/tables.server";
import { sendMail } from "~/platform/email.server";
import { env } from "~/platform/env.server";
import { deliverOnce, enqueueOnce } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { tryConsume } from "~/platform/limits/rate-limit.server";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { orderDocumentWord } from "~/features/settings/gst-registration";
import { shopSalesDocument } from "~/features/settings/gst-registration.server";
import { refundText } from "./shopper-cancel.server";

/*
 * "Find my order" and the cancellation mails. A lookup never says whether an order matched: it only
 * queues a job, and the job (not the request) looks the order up and e-mails its link to the address the
 * order was placed with, at most once per order every 10 minutes. So the answer, and its timing, are the
 * same for a right and a wrong order number, and nobody can have a link sent anywhere but to its owner.
 */

export const ORDER_LOOKUP_QUEUE = "order-lookup";

export async function requestOrderLink(input: { orderId: string; contact: string }): Promise<void> {
  const bucket = Math.floor(Date.now() / 600_000);
  const digest = crypto
    .createHash("sha256")
    .update(`${input.orderId.trim().toUpperCase()}|${input.contact.trim().toLowerCase()}`)
    .digest("hex");
  await db().transaction((tx) =>
    enqueueOnce(tx, ORDER_LOOKUP_QUEUE, `lookup:${digest}:${bucket}`, {
      orderId: input.orderId,
      contact: input.contact,
      bucket,
    }),
  );
}

async function matchingOrders(orderId: string, contact: string) {
  const ref = parseOrderReference(orderId);
  const who = parseOrderContact(contact);
  if (!ref || !who) return [];
  const t = ref.kind === "order" ? orders : customNeonOrders;
  const [lo, hi] = uuidPrefixRange(ref.prefix);
  const rows = await db()
    .select({
      id: t.id,
      customerName: t.customerName,
      customerEmail: t.customerEmail,
      accessToken: t.accessToken,
      isTest: t.isTest,
    })
    .from(t)
    .where(
      and(
        between(t.id, lo, hi),
        "email" in who ? sql`lower(${t.customerEmail}) = ${who.email}` : eq(t.customerPhone, who.phone),
      ),
    )
    .limit(5);
  return rows.map((r) => ({ ...r, kind: ref.kind as OrderKind }));
}

/** The job of one lookup: e-mail each matching order's link to the address it was placed with. */
export async function sendOrderLinks(data: Record<string, unknown>): Promise<void> {
  const { orderId, contact, bucket } = data;
  if (typeof orderId !== "string" || typeof contact !== "string" || typeof bucket !== "number")
    throw new Error("order lookup job with bad data");
  const found = await matchingOrders(orderId, contact);
  if (found.length === 0) {
    logger.info("order lookup matched no order");
    return;
  }
  await loadShopSettings();
  const store = storeSettings();
  for (const o of found) {
    const key = `order-link:${o.kind}:${o.id}:${bucket}`;
    // A row per order and window: a second lookup for the same order within 10 minutes sends nothing, also
    // when the two fall either side of a window's edge (the last window's row is less than 10 minutes old).
    const [recent] = await db()
      .select({ key: messageDeliveries.dedupeKey })
      .from(messageDeliveries)
      .where(
        and(
          like(messageDeliveries.dedupeKey, `order-link:${o.kind}:${o.id}:%`),
          ne(messageDeliveries.dedupeKey, key),
          gt(messageDeliveries.createdAt, sql`now() - interval '10 minutes'`),
        ),
      )
      .limit(1);
    if (recent) continue;
    await db()
      .insert(messageDeliveries)
      .values({ dedupeKey: key, queue: ORDER_LOOKUP_QUEUE })
      .onConflictDoNothing();
    await deliverOnce(key, async () => {
      if (!(await tryConsume("mailPerRecipient", mailboxKey(o.customerEmail))).ok) return;
      await sendMail({
        to: o.customerEmail,
        replyTo: store.email,
        dedupeKey: key,
        ...buildOrderLinkEmail(
          {
            displayId: displayId(o.kind, o.id),
            customerName: o.customerName,
            orderUrl: orderPageUrl(store.publicUrl, o.accessToken),
            isTest: o.isTest,
            documentWord: orderDocumentWord(await shopSalesDocument()),
          },
          store,
        ),
      });
    });
  }
}

/** The job that sends a cancellation's mail to the shopper or the shop, at most once each. */
export async function sendCancelledMail(data: Record<string, unknown>): Promise<void> {
  const { kind, id, refund, audience, dedupeKey } = data;
  if ((kind !== "order" && kind !== "custom") || typeof id !== "string" || typeof refund !== "number")
    throw new Error("cancellation mail job with bad data");
  const key = typeof dedupeKey === "string" ? dedupeKey : `cancelled:${kind}:${id}`;
  await deliverOnce(key, async () => {
    await loadShopSettings();
    const store = storeSettings();
    const t = kind === "order" ? orders : customNeonOrders;
    const [o] = await db()
      .select({
        customerName: t.customerName,
        customerEmail: t.customerEmail,
        accessToken: t.accessToken,
        isTest: t.isTest,
      })
      .from(t)
      .where(eq(t.id, id));
    if (!o) return;
    const common = { displayId: displayId(kind, id), customerName: o.customerName, isTest: o.isTest };
    if (audience === "shop") {
      await sendMail({
        to: env().SHOP_NOTIFY_EMAIL ?? store.email,
        replyTo: o.customerEmail,
        dedupeKey: key,
        ...buildCancelNoticeEmail(
          {
            ...common,
            customerEmail: o.customerEmail,
            refundText:
              refund > 0 ? `A refund of ₹${refund} has been started through Razorpay.` : "No refund is due.",
          },
          store,
        ),
      });
      return;
    }
    await sendMail({
      to: o.customerEmail,
      replyTo: store.email,
      dedupeKey: key,
      ...buildCancelledEmail(
        { ...common, orderUrl: orderPageUrl(store.publicUrl, o.accessToken), refundText: refundText(refund) },
        store,
      ),
    });
  });
}
