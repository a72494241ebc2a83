import { eq } from "drizzle-orm";
import { displayId } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";

/**
 * The shopper a refund or a return belongs to (its order or custom order): who to write to, their order page's
 * token, the order number to name, and whether it is a test order. Undefined when the order is gone.
 */
export async function afterSaleShopper(row: { orderId: string | null; customOrderId: string | null }) {
  const kind = row.orderId ? ("order" as const) : ("custom" as const);
  const id = (row.orderId ?? row.customOrderId)!;
  const t = kind === "order" ? orders : customNeonOrders;
  const [o] = await db()
    .select({ name: t.customerName, email: t.customerEmail, token: t.accessToken, isTest: t.isTest })
    .from(t)
    .where(eq(t.id, id));
  return o ? { ...o, kind, id, displayId: displayId(kind, id) } : undefined;
}
