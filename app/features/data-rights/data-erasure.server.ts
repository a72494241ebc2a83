import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { displayId, type OrderKind } from "~/features/order-lifecycle/order-status";
import { db, type Tx } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import {
  customNeonOrders,
  orders,
  orderStatusHistory,
  orderItems,
} from "~/features/order-lifecycle/tables.server";
import { designProofs } from "~/features/design-proofs/tables.server";
import { discountRedemptions, discountCodes } from "~/features/discount-codes/tables.server";
import { grievances } from "~/features/grievances/tables.server";
import { invoices } from "~/features/invoices/tables.server";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import { returnRequests } from "~/features/after-sale/tables.server";
import { reviewRequests, reviews } from "~/features/reviews/tables.server";
import { shipments } from "~/features/shipments/tables.server";
import { eraseAbandonedCheckouts } from "~/features/checkout-recovery/recovery.server";
import { mailboxKey } from "~/shared/mail-safety";
import { contactWhere, logDataEvent } from "./data-requests.server";
import {
  ERASED_NAME,
  ERASURE_REASONS,
  erasureChoice,
  type ErasureChoice,
  type OrderContact,
} from "./data-rights";

/*
 * Erasure (issue 32, decision 042): what is not needed is deleted; orders are never deleted (invoices,
 * refunds and returns point at them) but lose the shopper's name, e-mail, phone and street address, keeping
 * the state (GST's place of supply) and, for a business buyer, the GSTIN printed on its invoice. Invoices are
 * never touched (a trigger forbids it): the PDF is drawn from the invoice's own frozen copy, so it still
 * shows what rule 46 requires. Orders still on their way are left as they are. Running it twice changes
 * nothing the second time.
 */

export type ErasureLine = { ref: string; choice: ErasureChoice; reason: string };
export type ErasureReport = {
  orders: ErasureLine[];
  complaintsDeleted: number;
  complaintsKept: string[];
  quotesDeleted: number;
};

const tableOf = (kind: OrderKind) => (kind === "order" ? orders : customNeonOrders);

/** The order's personal fields emptied; the state (place of supply) and country kept. */
export async function anonymiseOrder(tx: Tx, kind: OrderKind, id: string) {
  const t = tableOf(kind);
  await tx
    .update(t)
    .set({
      customerName: ERASED_NAME,
      customerEmail: "",
      customerPhone: "",
      shippingAddress: sql`jsonb_build_object('address1', '', 'city', '', 'pincode', '', 'state', coalesce(${t.shippingAddress}->>'state', '')) || case when ${t.shippingAddress} ? 'country' then jsonb_build_object('country', ${t.shippingAddress}->>'country') else '{}'::jsonb end`,
      whatsappUpdates: false,
      ...(kind === "custom" ? { wallPhotoKey: null } : {}),
    })
    .where(eq(t.id, id));
  // The invoice stays as issued but for the buyer's phone and e-mail, which rule 46 does not ask for (the
  // invoices' trigger allows exactly this change: migration 0033).
  const icol = kind === "order" ? invoices.orderId : invoices.customOrderId;
  await tx
    .update(invoices)
    .set({
      snapshot: sql`jsonb_set(jsonb_set(${invoices.snapshot}, '{buyer,phone}', '""'), '{buyer,email}', '""')`,
    })
    .where(
      and(
        eq(icol, id),
        sql`${invoices.snapshot} ? 'buyer'`,
        sql`(${invoices.snapshot}->'buyer'->>'phone' <> '' or ${invoices.snapshot}->'buyer'->>'email' <> '')`,
      ),
    );
  const col = kind === "order" ? orderStatusHistory.orderId : orderStatusHistory.customOrderId;
  await tx.update(orderStatusHistory).set({ note: null }).where(eq(col, id));
  await tx
    .update(shipments)
    .set({ ndrAnswerDetails: null, labelUrl: null })
    .where(and(eq(shipments.orderKind, kind), eq(shipments.orderId, id)));
  const rcol = kind === "order" ? returnRequests.orderId : returnRequests.customOrderId;
  await tx.update(returnRequests).set({ details: "" }).where(eq(rcol, id));
  const qcol = kind === "order" ? reviewRequests.orderId : reviewRequests.customOrderId;
  await tx.delete(reviewRequests).where(eq(qcol, id));
  if (kind === "custom")
    await tx
      .update(designProofs)
      .set({ shopperComment: sql`case when ${designProofs.shopperComment} is null then null else '' end` })
      .where(eq(designProofs.customOrderId, id));
  if (kind === "order") {
    const items = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, id));
    if (items.length)
      await tx.delete(reviews).where(
        inArray(
          reviews.orderItemId,
          items.map((i) => i.id),
        ),
      );
  } else await tx.delete(reviews).where(eq(reviews.customOrderId, id));
}

/** The checkout's contact keys (its orders all finished) and its redemptions' contacts emptied. */
async function anonymiseCheckout(tx: Tx, checkoutId: string) {
  await tx
    .update(checkouts)
    .set({ customerEmail: null, customerPhone: null, addressKey: null, clientIp: null })
    .where(eq(checkouts.id, checkoutId));
  await tx
    .update(discountRedemptions)
    .set({
      customerEmail: sql`'erased-' || ${discountRedemptions.id}::text`,
      customerPhone: sql`'erased-' || ${discountRedemptions.id}::text`,
    })
    .where(eq(discountRedemptions.checkoutId, checkoutId));
}

export async function eraseContactData(c: OrderContact, requestId: string | null): Promise<ErasureReport> {
  return db().transaction(async (tx) => {
    const report: ErasureReport = {
      orders: [],
      complaintsDeleted: 0,
      complaintsKept: [],
      quotesDeleted: 0,
    };
    const keptCheckouts = new Set<string>();
    const finishedCheckouts = new Set<string>();
    for (const kind of ["order", "custom"] as const) {
      const t = tableOf(kind);
      const rows = await tx.select().from(t).where(contactWhere(t, c)).for("update");
      for (const o of rows) {
        const icol = kind === "order" ? invoices.orderId : invoices.customOrderId;
        const [inv] = await tx.select({ id: invoices.id }).from(invoices).where(eq(icol, o.id)).limit(1);
        const choice = erasureChoice({ ...o, invoiced: Boolean(inv) });
        report.orders.push({ ref: displayId(kind, o.id), choice, reason: ERASURE_REASONS[choice] });
        if (choice === "active") {
          if (o.checkoutId) keptCheckouts.add(o.checkoutId);
          continue;
        }
        await anonymiseOrder(tx, kind, o.id);
        if (o.checkoutId) finishedCheckouts.add(o.checkoutId);
      }
    }
    for (const id of finishedCheckouts) if (!keptCheckouts.has(id)) await anonymiseCheckout(tx, id);
    // Unordered checkouts of the contact (an attempt whose orders were never written).
    await tx
      .update(checkouts)
      .set({ customerEmail: null, customerPhone: null, addressKey: null, clientIp: null })
      .where(
        and(
          "email" in c
            ? sql`lower(${checkouts.customerEmail}) = ${c.email}`
            : eq(checkouts.customerPhone, c.phone),
          sql`not exists (select 1 from orders o where o.checkout_id = ${checkouts.id})`,
          sql`not exists (select 1 from custom_neon_orders o where o.checkout_id = ${checkouts.id})`,
        ),
      );
    // Complaints: resolved ones are deleted (thread and links with them); open ones are still being answered.
    const gWhere =
      "email" in c
        ? sql`lower(${grievances.customerEmail}) = ${c.email}`
        : eq(grievances.customerPhone, c.phone);
    const open = await tx
      .select({ number: grievances.number })
      .from(grievances)
      .where(and(gWhere, sql`${grievances.status} <> 'resolved'`));
    report.complaintsKept = open.map((g) => g.number);
    const gone = await tx
      .delete(grievances)
      .where(and(gWhere, eq(grievances.status, "resolved")))
      .returning({ id: grievances.id });
    report.complaintsDeleted = gone.length;
    // Logo quotes: never ordered ones are deleted; ordered ones lose the contact (the order carries it).
    const quotes = await tx
      .delete(logoQuotes)
      .where(and(contactWhere(logoQuotes, c), isNull(logoQuotes.customOrderId)))
      .returning({ id: logoQuotes.id });
    report.quotesDeleted = quotes.length;
    await tx
      .update(logoQuotes)
      .set({ customerName: ERASED_NAME, customerEmail: "", customerPhone: "", notes: "", clientIp: null })
      .where(and(contactWhere(logoQuotes, c), isNotNull(logoQuotes.customOrderId)));
    // Saved carts for reminders: deleted; a reminder's code for this mailbox stays unusable by anyone else.
    const carts = await eraseAbandonedCheckouts(tx, c);
    if ("email" in c)
      await tx
        .update(discountCodes)
        .set({ forEmail: "erased", isActive: false })
        .where(eq(discountCodes.forEmail, mailboxKey(c.email)));
    await logDataEvent(tx, {
      requestId,
      actor: requestId ? "shopper" : "system",
      action: "erased",
      detail: `orders ${report.orders.map((o) => `${o.ref}=${o.choice}`).join(", ") || "none"}; complaints deleted ${report.complaintsDeleted}, kept ${report.complaintsKept.length}; quotes deleted ${report.quotesDeleted}; saved carts deleted ${carts}`,
    });
    return report;
  });
}
