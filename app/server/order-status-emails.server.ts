import { asc, eq } from "drizzle-orm";
import { buildStatusEmail, isEmailedStatus } from "~/domain/order-status-email";
import { describeCustomSign, lineSummary } from "~/domain/line-description";
import type { OrderKind, OrderStatus } from "~/domain/order-status";
import { db } from "./db/client.server";
import { customNeonOrders, orderItems, orders } from "./db/schema";
import { sendInBackground, sendMail } from "./email.server";
import { loadShopSettings, storeSettings } from "./store-settings.server";

/** What the status e-mail says, read from the database after the change was committed. */
export async function statusEmailFor(kind: OrderKind, id: string, status: OrderStatus) {
  if (!isEmailedStatus(status)) return null;
  await loadShopSettings(); // storeSettings() below then gives the fresh copy
  if (kind === "order") {
    const [o] = await db().select().from(orders).where(eq(orders.id, id));
    if (!o) return null;
    const items = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
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
          items: items.map((i) => `${i.productName} x ${i.quantity}`),
        },
        storeSettings(),
      ),
    };
  }
  const [o] = await db().select().from(customNeonOrders).where(eq(customNeonOrders.id, id));
  if (!o) return null;
  const sign = describeCustomSign({
    font: o.fontStyle,
    color: o.neonColor,
    size: o.size,
    hasDimmer: o.hasDimmer,
    backingShape: o.backingShape,
  });
  const item = `Custom Neon: "${o.customText || "YOUR TEXT"}" (${lineSummary(sign, ", ")}) x ${o.quantity}`;
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
        items: [item],
      },
      storeSettings(),
    ),
  };
}

/**
 * The shopper's e-mail when an order is confirmed, dispatched or delivered: sent after the response
 * (over SMTP or into the outbox); a failure is logged and never undoes the change.
 */
export function queueStatusEmail(kind: OrderKind, id: string, status: OrderStatus): void {
  if (!isEmailedStatus(status)) return;
  sendInBackground(`status e-mail (${status}) for ${kind} ${id}`, async () => {
    const mail = await statusEmailFor(kind, id, status);
    if (!mail) return;
    const store = storeSettings();
    await sendMail({
      to: mail.to,
      replyTo: store.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  });
}
