import { eq, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { reviewRequests } from "./tables.server";
import { sendMail } from "~/platform/email.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { inertText } from "~/shared/mail-safety";
import type { EmailContent } from "~/shared/email-content";
import { newReviewToken, reviewPagePath } from "~/features/reviews/reviews.server";
import {
  REVIEW_REMINDER_DAYS,
  REVIEW_REQUEST_DELAY_DAYS,
  wantsReviewRequest,
} from "~/features/reviews/reviews";

/*
 * Review requests (issue 29). An hourly sweep (JOBS in app/wiring/jobs.server.ts):
 *  1. gives every order delivered in the last 30 days one request (unique per order), due
 *     REVIEW_REQUEST_DELAY_DAYS after its delivery;
 *  2. for each due request, under its row lock: an order refunded, returned, cancelled or back to origin by now
 *     has its request cancelled; any other gets a new link token (only its hash is kept) and one e-mail, and the
 *     request is marked sent in the same transaction (a failed send rolls back and the next sweep tries again);
 *  3. REVIEW_REMINDER_DAYS after a sent request whose order has no review yet, one reminder with a new link (the
 *     first link stops working); sent once, recorded in message_deliveries as `review-reminder:<request id>`.
 */

export const REVIEW_REQUEST_SWEEP = "sweep-review-requests";
/** Orders delivered longer ago than this when the sweep first sees them are not asked (a shop turning reviews on). */
const LOOKBACK_DAYS = 30;
const BATCH = 100;

function createMissing(kind: "order" | "custom") {
  const table = kind === "order" ? sql`orders` : sql`custom_neon_orders`;
  const col = kind === "order" ? sql`order_id` : sql`custom_order_id`;
  return db().execute(sql`
    insert into review_requests (${col}, send_after)
    select o.id, d.at + make_interval(days => ${REVIEW_REQUEST_DELAY_DAYS})
    from ${table} o
    cross join lateral (
      select coalesce(max(h.created_at), o.updated_at) as at from order_status_history h
      where h.${col} = o.id and h.field = 'status' and h.to_value = 'delivered') d
    where o.status = 'delivered' and not o.is_test and d.at > now() - make_interval(days => ${LOOKBACK_DAYS})
      and not exists (select 1 from review_requests r where r.${col} = o.id)
    on conflict do nothing`);
}

type Due = {
  id: string;
  kind: "order" | "custom";
  name: string;
  email: string;
  status: string;
  payment_status: string;
  returned: boolean;
  is_test: boolean;
};

/** Claim one due request (or reminder) under its row lock and settle it: cancelled, or mailed and marked sent. */
async function settle(
  id: string,
  publicUrl: string,
  reminder: boolean,
): Promise<"sent" | "cancelled" | "gone"> {
  return db().transaction(async (tx) => {
    const r = await tx.execute<Due>(sql`
      select r.id, case when r.order_id is null then 'custom' else 'order' end as kind,
        coalesce(o.customer_name, c.customer_name) as name, coalesce(o.customer_email, c.customer_email) as email,
        coalesce(o.status, c.status) as status, coalesce(o.payment_status, c.payment_status) as payment_status,
        coalesce(o.is_test, c.is_test) as is_test,
        exists (select 1 from return_requests rr where (rr.order_id = r.order_id or rr.custom_order_id = r.custom_order_id)
          and rr.status in ('approved', 'received', 'refunded')) as returned
      from review_requests r
      left join orders o on o.id = r.order_id
      left join custom_neon_orders c on c.id = r.custom_order_id
      where r.id = ${id} and r.cancelled_at is null
        and ${reminder ? sql`r.sent_at is not null and not exists (select 1 from message_deliveries m where m.dedupe_key = ${`review-reminder:${id}`})` : sql`r.sent_at is null`}
      for update of r skip locked`);
    const due = r.rows[0];
    if (!due) return "gone";
    if (
      !wantsReviewRequest({
        status: due.status,
        paymentStatus: due.payment_status,
        returned: due.returned,
        isTest: due.is_test,
      })
    ) {
      await tx.update(reviewRequests).set({ cancelledAt: new Date() }).where(eq(reviewRequests.id, id));
      return "cancelled";
    }
    const { token, hash } = newReviewToken();
    await tx
      .update(reviewRequests)
      .set({ tokenHash: hash, sentAt: new Date() })
      .where(eq(reviewRequests.id, id));
    await sendMail({
      to: due.email,
      dedupeKey: `${reminder ? "review-reminder" : "review-request"}:${id}`,
      ...reviewRequestMail(due.name, `${publicUrl}${reviewPagePath(token)}`, reminder),
    });
    return "sent";
  });
}

/** The review request e-mail: the shop's words, the shopper's name made inert, in the branded template. */
export function reviewRequestMail(name: string, link: string, reminder = false) {
  const store = env().STORE_NAME;
  const first = name.trim().split(/\s+/)[0] ?? "";
  const subject = reminder
    ? `A reminder: how is your neon sign? Review your ${store} order`
    : `How is your neon sign? Review your ${store} order`;
  const opening = reminder
    ? "A short reminder: other buyers would still love to hear how your sign looks on your wall. This link replaces the one we sent before."
    : "Your order was delivered a few days ago. Other buyers would love to hear how it looks on your wall.";
  const content: EmailContent = {
    preview: opening,
    greeting: `Hi ${inertText(first)},`,
    blocks: [
      { kind: "paragraph", text: opening },
      {
        kind: "paragraph",
        text: "Rate each item from 1 to 5 stars, write a few words and add up to 4 photos:",
      },
      { kind: "button", url: link, label: "Rate your items and add photos" },
      {
        kind: "paragraph",
        text: "This link is private to your order. Reviews are checked against our published review policy before they appear; low ratings are published just like high ones. You can withdraw your review at any time from the same link.",
      },
      { kind: "paragraph", text: `Thank you, ${store}` },
    ],
    shop: { name: store, publicUrl: new URL(link).origin },
  };
  return { subject, content };
}

/** One run of the sweep (the hourly job, and tests): how many requests were made, sent and cancelled. */
export async function sweepReviewRequests(): Promise<{
  created: number;
  sent: number;
  cancelled: number;
  reminded: number;
}> {
  const publicUrl = env().PUBLIC_URL;
  const created =
    ((await createMissing("order")).rowCount ?? 0) + ((await createMissing("custom")).rowCount ?? 0);
  const due = await db()
    .select({ id: reviewRequests.id })
    .from(reviewRequests)
    .where(
      sql`${reviewRequests.sendAfter} <= now() and ${reviewRequests.sentAt} is null and ${reviewRequests.cancelledAt} is null`,
    )
    .orderBy(reviewRequests.sendAfter)
    .limit(BATCH);
  // Reminders: sent requests of orders none of whose items has a review yet.
  const reminders = await db().execute<{ id: string }>(sql`
    select r.id from review_requests r
    where r.sent_at <= now() - make_interval(days => ${REVIEW_REMINDER_DAYS}) and r.cancelled_at is null
      and not exists (select 1 from message_deliveries m where m.dedupe_key = 'review-reminder:' || r.id)
      and not exists (select 1 from reviews v left join order_items i on i.id = v.order_item_id
        where i.order_id = r.order_id or v.custom_order_id = r.custom_order_id)
    order by r.sent_at limit ${BATCH}`);
  let sent = 0;
  let cancelled = 0;
  let reminded = 0;
  const work = [
    ...due.map((d) => ({ id: d.id, reminder: false })),
    ...reminders.rows.map((d) => ({ id: d.id, reminder: true })),
  ];
  for (const { id, reminder } of work) {
    try {
      const r = await settle(id, publicUrl, reminder);
      if (r === "sent") {
        if (reminder) reminded++;
        else sent++;
      }
      if (r === "cancelled") cancelled++;
    } catch (e) {
      // Left unsent: the next sweep tries again.
      logger.error({ err: e, event: "review-request.failed" }, "review request mail failed");
    }
  }
  if (created + sent + cancelled + reminded > 0)
    logger.info({ created, sent, cancelled, reminded }, "review requests swept");
  return { created, sent, cancelled, reminded };
}
