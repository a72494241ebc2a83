import { asc, inArray } from "drizzle-orm";
import type { EmailContent } from "~/shared/email-content";
import { shopNotice } from "~/features/order-lifecycle/shopper-email";
import { storeSettings } from "~/features/settings/store-settings.server";
import { db } from "~/platform/db/client.server";
import { shopNoticeBacklog } from "./tables.server";
import { sendMail } from "~/platform/email.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { tryConsume } from "~/platform/limits/rate-limit.server";

/*
 * Notices to the shop (issue 42: "no order goes unannounced"). Each goes out at once while the hourly limit
 * (SHOP_NOTICES_PER_HOUR) allows; past it, the notice is kept as one line in shop_notice_backlog and the
 * digest job mails every kept line together every 10 minutes. A flood of orders costs the shop's inbox at most
 * the limit plus six digests an hour, and never loses an order.
 */

export const SHOP_DIGEST_SWEEP = "send-shop-digest";
/** The most lines one digest lists (the rest wait for the next one). */
const DIGEST_LINES = 500;

/** Where the shop's notices go. */
export const shopInbox = () => env().SHOP_NOTIFY_EMAIL ?? storeSettings().email;

export type ShopNotice = {
  dedupeKey: string;
  subject: string;
  content: EmailContent;
  /** The notice in one line, for a digest. */
  summary: string;
  replyTo?: string;
};

/** Mail a notice to the shop now, or keep it for the next digest when the hourly limit is reached. */
export async function noticeOrDigest(n: ShopNotice): Promise<"sent" | "kept"> {
  if ((await tryConsume("shopNoticesPerHour", "shop")).ok) {
    await sendMail({
      to: shopInbox(),
      replyTo: n.replyTo,
      dedupeKey: n.dedupeKey,
      subject: n.subject,
      content: n.content,
    });
    return "sent";
  }
  await db()
    .insert(shopNoticeBacklog)
    .values({ dedupeKey: n.dedupeKey, summary: n.summary.slice(0, 500) })
    .onConflictDoNothing();
  logger.warn(
    { what: n.dedupeKey.split(":")[0] },
    "shop notice kept for the digest: the hourly limit is reached",
  );
  return "kept";
}

/** The digest job: every kept notice in one mail, then forgotten. Nothing kept, nothing sent. */
export async function sendShopDigest(): Promise<number> {
  const rows = await db()
    .select()
    .from(shopNoticeBacklog)
    .orderBy(asc(shopNoticeBacklog.createdAt), asc(shopNoticeBacklog.dedupeKey))
    .limit(DIGEST_LINES);
  if (rows.length === 0) return 0;
  const store = storeSettings();
  const orders = rows.filter((r) => r.dedupeKey.startsWith("shop-notice:")).length;
  const others = rows.length - orders;
  const what = [
    orders ? `${orders} new order${orders === 1 ? "" : "s"}` : "",
    others ? `${others} other notices` : "",
  ]
    .filter(Boolean)
    .join(" and ");
  await sendMail({
    to: shopInbox(),
    // One digest per set of lines: a retried job sends the same message id.
    dedupeKey: `shop-digest:${rows[0]!.dedupeKey}:${rows.length}`,
    subject: `${what}: sent together`,
    content: shopNotice(store, [
      {
        kind: "paragraph",
        text: `More notices came in than the shop mails one by one in an hour (${env().SHOP_NOTICES_PER_HOUR}), so these are sent together. Every order is in the admin as usual.`,
      },
      { kind: "list", items: rows.map((r) => r.summary) },
      { kind: "button", url: `${store.publicUrl}/admin/orders`, label: "Open the orders" },
    ]),
  });
  await db()
    .delete(shopNoticeBacklog)
    .where(
      inArray(
        shopNoticeBacklog.dedupeKey,
        rows.map((r) => r.dedupeKey),
      ),
    );
  return rows.length;
}
