import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { displayId, type OrderKind } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders, orderItems } from "~/features/order-lifecycle/tables.server";
import { reviewRequests, reviews } from "~/features/reviews/tables.server";
import { reminderConsents, withdrawReminderConsent } from "~/features/checkout-recovery/recovery.server";
import { formatIstDateTime } from "~/shared/ist-dates";
import { contactWhere } from "./data-requests.server";
import type { OrderContact } from "./data-rights";

/*
 * A shopper's consents in one place (issue 32, decision 042). Each kind of consent is one entry of
 * CONSENT_KINDS: how to list the contact's consents of that kind (with the date given) and how to withdraw one.
 * Another feature that asks for consent (abandoned-checkout reminders, marketing) adds its kind here; the
 * "My data" page, the export and the tests pick it up. A kind's `withdraw` must only touch the contact's own
 * rows (it gets the verified contact) and must be idempotent.
 */

export type ConsentEntry = {
  kind: string;
  /** Which consent of the kind (an order's id...), echoed back by the withdraw button. */
  ref: string;
  label: string;
  givenAt: string;
};

export type ConsentKind = {
  id: string;
  /** What it is, for the page's heading of the kind. */
  title: string;
  list: (c: OrderContact) => Promise<ConsentEntry[]>;
  /** Withdraw one; false when the ref is not the contact's (or is already withdrawn). */
  withdraw: (c: OrderContact, ref: string) => Promise<boolean>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const parseRef = (ref: string): { kind: OrderKind; id: string } | null => {
  const [kind, id] = ref.split(":");
  return (kind === "order" || kind === "custom") && id && UUID.test(id) ? { kind, id } : null;
};
const tableOf = (kind: OrderKind) => (kind === "order" ? orders : customNeonOrders);

/** The order ids of the contact, both kinds. */
async function orderIds(c: OrderContact) {
  const ready = await db().select({ id: orders.id }).from(orders).where(contactWhere(orders, c));
  const custom = await db()
    .select({ id: customNeonOrders.id })
    .from(customNeonOrders)
    .where(contactWhere(customNeonOrders, c));
  return { ready: ready.map((r) => r.id), custom: custom.map((r) => r.id) };
}

const whatsappUpdates: ConsentKind = {
  id: "whatsapp-updates",
  title: "WhatsApp order updates",
  async list(c) {
    const out: ConsentEntry[] = [];
    for (const kind of ["order", "custom"] as const) {
      const t = tableOf(kind);
      const rows = await db()
        .select({ id: t.id, createdAt: t.createdAt })
        .from(t)
        .where(and(contactWhere(t, c), eq(t.whatsappUpdates, true)));
      for (const r of rows)
        out.push({
          kind: "whatsapp-updates",
          ref: `${kind}:${r.id}`,
          label: `WhatsApp updates about order ${displayId(kind, r.id)}`,
          givenAt: r.createdAt.toISOString(),
        });
    }
    return out;
  },
  async withdraw(c, ref) {
    const r = parseRef(ref);
    if (!r) return false;
    const t = tableOf(r.kind);
    const done = await db()
      .update(t)
      .set({ whatsappUpdates: false })
      .where(and(eq(t.id, r.id), contactWhere(t, c), eq(t.whatsappUpdates, true)))
      .returning({ id: t.id });
    return done.length > 0;
  },
};

const reviewRequestMails: ConsentKind = {
  id: "review-requests",
  title: "The e-mail asking for a review",
  async list(c) {
    const ids = await orderIds(c);
    if (ids.ready.length + ids.custom.length === 0) return [];
    const rows = await db()
      .select()
      .from(reviewRequests)
      .where(
        and(
          isNull(reviewRequests.sentAt),
          isNull(reviewRequests.cancelledAt),
          sql`(${ids.ready.length ? inArray(reviewRequests.orderId, ids.ready) : sql`false`} or ${ids.custom.length ? inArray(reviewRequests.customOrderId, ids.custom) : sql`false`})`,
        ),
      );
    return rows.map((r) => {
      const kind: OrderKind = r.orderId ? "order" : "custom";
      const id = (r.orderId ?? r.customOrderId)!;
      return {
        kind: "review-requests",
        ref: `${kind}:${id}`,
        label: `A review request for order ${displayId(kind, id)}`,
        givenAt: r.createdAt.toISOString(),
      };
    });
  },
  async withdraw(c, ref) {
    const r = parseRef(ref);
    if (!r) return false;
    const t = tableOf(r.kind);
    const [own] = await db()
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.id, r.id), contactWhere(t, c)));
    if (!own) return false;
    const col = r.kind === "order" ? reviewRequests.orderId : reviewRequests.customOrderId;
    const done = await db()
      .update(reviewRequests)
      .set({ cancelledAt: new Date() })
      .where(and(eq(col, r.id), isNull(reviewRequests.sentAt), isNull(reviewRequests.cancelledAt)))
      .returning({ id: reviewRequests.id });
    return done.length > 0;
  },
};

/** Reviews whose photos the author let the shop show in its "Customer photos" strips. */
async function showcasedReviews(c: OrderContact) {
  const ids = await orderIds(c);
  const items = ids.ready.length
    ? await db().select({ id: orderItems.id }).from(orderItems).where(inArray(orderItems.orderId, ids.ready))
    : [];
  if (items.length + ids.custom.length === 0) return [];
  return db()
    .select({ id: reviews.id, title: reviews.title, createdAt: reviews.createdAt })
    .from(reviews)
    .where(
      and(
        eq(reviews.showcase, true),
        sql`(${
          items.length
            ? inArray(
                reviews.orderItemId,
                items.map((i) => i.id),
              )
            : sql`false`
        } or ${ids.custom.length ? inArray(reviews.customOrderId, ids.custom) : sql`false`})`,
      ),
    );
}

const photoShowcase: ConsentKind = {
  id: "review-photos",
  title: "Your review photos in our \u201cCustomer photos\u201d",
  async list(c) {
    return (await showcasedReviews(c)).map((r) => ({
      kind: "review-photos",
      ref: r.id,
      label: `Photos of your review \u201c${r.title}\u201d`,
      givenAt: r.createdAt.toISOString(),
    }));
  },
  async withdraw(c, ref) {
    if (!(await showcasedReviews(c)).some((r) => r.id === ref)) return false;
    await db().update(reviews).set({ showcase: false }).where(eq(reviews.id, ref));
    return true;
  },
};

/** "Remind me about this cart" at checkout (issue 30, decision 045): withdrawing it is the same as unsubscribing. */
const cartReminders: ConsentKind = {
  id: "cart-reminders",
  title: "Reminders about a cart you left at checkout",
  async list(c) {
    return (await reminderConsents(c)).map((r) => ({
      kind: "cart-reminders",
      ref: r.id,
      label: `Cart reminders (saved ${formatIstDateTime(r.consentedAt)})`,
      givenAt: r.consentedAt.toISOString(),
    }));
  },
  withdraw: (c, ref) => withdrawReminderConsent(c, ref),
};

/** Every kind of consent the shop asks for. The shop sends no marketing, so there is no marketing kind. */
export const CONSENT_KINDS: readonly ConsentKind[] = [
  whatsappUpdates,
  reviewRequestMails,
  photoShowcase,
  cartReminders,
];

export async function listConsents(c: OrderContact): Promise<ConsentEntry[]> {
  return (await Promise.all(CONSENT_KINDS.map((k) => k.list(c)))).flat();
}

/** Withdraw one consent of the contact: false when the kind is unknown or the ref is not theirs. */
export async function withdrawConsent(c: OrderContact, kind: string, ref: string): Promise<boolean> {
  const k = CONSENT_KINDS.find((x) => x.id === kind);
  return k ? k.withdraw(c, ref) : false;
}
