import { eq } from "drizzle-orm";
import { buildStatusEmail, isEmailedStatus } from "~/features/order-lifecycle/order-status-email";
import { describeOrderedSign, lineSummary } from "~/features/sign-options/line-description";
import type { OrderKind, OrderStatus } from "~/features/order-lifecycle/order-status";
import { orderPageUrl } from "~/shared/order-links";
import { db, type Tx } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "./tables.server";
import { orderLinesOf } from "./order-tables.server";
import { sendMail } from "~/platform/email.server";
import { deliverOnce, enqueueOnce } from "~/platform/jobs/queue.server";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { orderDocumentWord } from "~/features/settings/gst-registration";
import { shopSalesDocument } from "~/features/settings/gst-registration.server";
import {
  businessDaysText,
  customDeliveryText,
  readyDeliveryText,
} from "~/features/settings/delivery-promises";

/** The order's row and its lines in words, for the status e-mail. */
async function emailedOrder(kind: OrderKind, id: string) {
  if (kind === "order") {
    const [o] = await db().select().from(orders).where(eq(orders.id, id));
    if (!o) return null;
    const items = await orderLinesOf(db(), id);
    return { o, items: items.map((i) => `${i.productName} x ${i.quantity}`) };
  }
  const [o] = await db().select().from(customNeonOrders).where(eq(customNeonOrders.id, id));
  if (!o) return null;
  const sign = lineSummary(describeOrderedSign(o), ", ");
  return { o, items: [`Custom Neon: "${o.customText || "YOUR TEXT"}" (${sign}) x ${o.quantity}`] };
}

/** What the status e-mail says, read from the database after the change was committed. */
export async function statusEmailFor(kind: OrderKind, id: string, status: OrderStatus) {
  if (!isEmailedStatus(status)) return null;
  const { shipping } = (await loadShopSettings()).settings; // storeSettings() below then gives the fresh copy
  const found = await emailedOrder(kind, id);
  if (!found) return null;
  const { o, items } = found;
  return {
    to: o.customerEmail,
    ...buildStatusEmail(
      {
        kind,
        id,
        status,
        customerName: o.customerName,
        courier: o.courier,
        trackingNumber: o.trackingNumber,
        isTest: o.isTest,
        rtoReason: o.rtoReason,
        paidOnline: o.paymentMethod !== "cod" && o.paymentStatus === "paid",
        items,
        orderUrl: orderPageUrl(storeSettings().publicUrl, o.accessToken),
        documentWord: orderDocumentWord(await shopSalesDocument()),
        // The window promised at checkout; older orders: the settings' for their kind (decision 034).
        delivery:
          o.deliveryDaysMin && o.deliveryDaysMax
            ? businessDaysText(o.deliveryDaysMin, o.deliveryDaysMax)
            : kind === "custom"
              ? customDeliveryText(shipping)
              : readyDeliveryText(shipping),
      },
      storeSettings(),
    ),
  };
}

export const STATUS_EMAIL_QUEUE = "mail-order-status";

/**
 * Queue the shopper's e-mail when an order is confirmed, dispatched, delivered or returned (RTO), inside the transaction
 * that changes the status: sent once per order and status (the workflow never returns to a status), and a
 * failed send is retried by the queue; it never undoes the change.
 */
export async function enqueueStatusEmail(tx: Tx, kind: OrderKind, id: string, status: OrderStatus) {
  if (!isEmailedStatus(status)) return;
  await enqueueOnce(tx, STATUS_EMAIL_QUEUE, `status:${kind}:${id}:${status}`, { kind, id, status });
}

/** The job that sends one status e-mail (over SMTP or into the outbox), at most once. */
export async function sendStatusEmail(data: Record<string, unknown>): Promise<void> {
  const { kind, id, status, dedupeKey } = data;
  if (
    (kind !== "order" && kind !== "custom") ||
    typeof id !== "string" ||
    typeof status !== "string" ||
    !isEmailedStatus(status as OrderStatus)
  ) {
    throw new Error("status e-mail job with bad data");
  }
  const key = typeof dedupeKey === "string" ? dedupeKey : `status:${kind}:${id}:${status}`;
  await deliverOnce(key, async () => {
    const mail = await statusEmailFor(kind, id, status as OrderStatus);
    if (!mail) return;
    await sendMail({
      dedupeKey: key,
      to: mail.to,
      replyTo: storeSettings().email,
      subject: mail.subject,
      content: mail.content,
    });
  });
}
