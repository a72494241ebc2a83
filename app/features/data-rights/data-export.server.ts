import { eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import {
  customNeonOrders,
  orders,
  orderStatusHistory,
  orderItems,
} from "~/features/order-lifecycle/tables.server";
import { dataRequestEvents, dataRequests } from "~/platform/db/tables.server";
import { designProofs } from "~/features/design-proofs/tables.server";
import { discountRedemptions } from "~/features/discount-codes/tables.server";
import { grievanceMessages, grievances } from "~/features/grievances/tables.server";
import { invoices } from "~/features/invoices/tables.server";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import { refunds, returnRequests } from "~/features/after-sale/tables.server";
import { reviewPhotos, reviewRequests, reviews } from "~/features/reviews/tables.server";
import { shipments } from "~/features/shipments/tables.server";
import { exportAbandonedCheckouts } from "~/features/checkout-recovery/recovery.server";
import { listConsents } from "./consents.server";
import { contactWhere } from "./data-requests.server";
import type { OrderContact } from "./data-rights";

/*
 * Everything the shop holds on one contact (issue 32): the export's JSON, one key per table of
 * personal-data-map.ts marked `exported` (the integration test checks none is missing). Staff's internal
 * notes on complaints are left out (they are staff's working notes, not data the shopper gave); staff's
 * e-mails are left out of every row.
 */

const none = sql`false`;
type AnyColumn = Parameters<typeof inArray>[0];
const anyOf = (col: AnyColumn, ids: string[]): SQL => (ids.length ? inArray(col, ids) : none);

/** The contact's orders (both kinds), their ids first: erasure and correction start from the same rows. */
export async function contactOrders(c: OrderContact) {
  const ready = await db().select().from(orders).where(contactWhere(orders, c));
  const custom = await db().select().from(customNeonOrders).where(contactWhere(customNeonOrders, c));
  return { ready, custom, readyIds: ready.map((o) => o.id), customIds: custom.map((o) => o.id) };
}

const grievanceWhere = (c: OrderContact) =>
  "email" in c ? sql`lower(${grievances.customerEmail}) = ${c.email}` : eq(grievances.customerPhone, c.phone);

const withoutStaff = <T extends Record<string, unknown>>(rows: T[], ...keys: string[]) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k))));

export async function exportContactData(c: OrderContact, requestId: string) {
  const { ready, custom, readyIds, customIds } = await contactOrders(c);
  const byOrder = (t: { orderId: AnyColumn; customOrderId: AnyColumn }) =>
    or(anyOf(t.orderId, readyIds), anyOf(t.customOrderId, customIds))!;
  const items = await db().select().from(orderItems).where(anyOf(orderItems.orderId, readyIds));
  const itemIds = items.map((i) => i.id);
  const checkoutIds = [...ready, ...custom].map((o) => o.checkoutId).filter((x): x is string => !!x);
  const contactCheckouts = await db()
    .select()
    .from(checkouts)
    .where(
      or(
        anyOf(checkouts.id, checkoutIds),
        "email" in c
          ? sql`lower(${checkouts.customerEmail}) = ${c.email}`
          : eq(checkouts.customerPhone, c.phone),
      ),
    );
  const gs = await db().select().from(grievances).where(grievanceWhere(c));
  const gIds = gs.map((g) => g.id);
  const myReviews = await db()
    .select()
    .from(reviews)
    .where(or(anyOf(reviews.orderItemId, itemIds), anyOf(reviews.customOrderId, customIds)));
  const requests = await db()
    .select()
    .from(dataRequests)
    .where(
      sql`${dataRequests.contactKind} = ${"email" in c ? "email" : "phone"} and ${dataRequests.contact} = ${"email" in c ? c.email : c.phone}`,
    );
  return {
    about:
      "Everything our shop holds on this contact, as stored. Dates are UTC. Amounts are rupees (paise where named).",
    contact: "email" in c ? { email: c.email } : { phone: c.phone },
    exportedAt: new Date().toISOString(),
    checkouts: contactCheckouts,
    orders: ready.map((o) => ({ ...o, accessToken: undefined })),
    order_items: items,
    custom_neon_orders: custom.map((o) => ({ ...o, accessToken: undefined })),
    order_status_history: withoutStaff(
      await db().select().from(orderStatusHistory).where(byOrder(orderStatusHistory)),
      "changedBy",
      "changedByEmail",
    ),
    discount_redemptions: await db()
      .select()
      .from(discountRedemptions)
      .where(
        anyOf(
          discountRedemptions.checkoutId,
          contactCheckouts.map((k) => k.id),
        ),
      ),
    refunds: withoutStaff(
      await db().select().from(refunds).where(byOrder(refunds)),
      "createdBy",
      "createdByEmail",
      "requestKey",
    ),
    return_requests: await db().select().from(returnRequests).where(byOrder(returnRequests)),
    design_proofs: withoutStaff(
      await db().select().from(designProofs).where(anyOf(designProofs.customOrderId, customIds)),
      "sentBy",
      "sentByEmail",
    ),
    invoices: await db().select().from(invoices).where(byOrder(invoices)),
    shipments: await db()
      .select()
      .from(shipments)
      .where(
        or(
          sql`(${shipments.orderKind} = 'order' and ${anyOf(shipments.orderId, readyIds)})`,
          sql`(${shipments.orderKind} = 'custom' and ${anyOf(shipments.orderId, customIds)})`,
        ),
      ),
    review_requests: withoutStaff(
      await db().select().from(reviewRequests).where(byOrder(reviewRequests)),
      "tokenHash",
    ),
    reviews: withoutStaff(myReviews, "moderatedBy"),
    review_photos: await db()
      .select()
      .from(reviewPhotos)
      .where(
        anyOf(
          reviewPhotos.reviewId,
          myReviews.map((r) => r.id),
        ),
      ),
    logo_quotes: withoutStaff(
      await db().select().from(logoQuotes).where(contactWhere(logoQuotes, c)),
      "accessToken",
      "pricedBy",
      "pricedByEmail",
    ),
    grievances: withoutStaff(gs, "assignedTo", "resolvedByEmail"),
    grievance_messages: withoutStaff(
      await db()
        .select()
        .from(grievanceMessages)
        .where(sql`${anyOf(grievanceMessages.grievanceId, gIds)} and ${grievanceMessages.kind} <> 'note'`),
      "staffEmail",
    ),
    abandoned_checkouts: await exportAbandonedCheckouts(c),
    consents: await listConsents(c),
    data_requests: withoutStaff(requests, "keyHash", "codeHash"),
    data_request_events: withoutStaff(
      await db()
        .select()
        .from(dataRequestEvents)
        .where(anyOf(dataRequestEvents.requestId, [requestId, ...requests.map((r) => r.id)])),
      "staffId",
      "staffEmail",
    ),
  };
}
