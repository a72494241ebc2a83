import { eq } from "drizzle-orm";
import { orderPageUrl } from "~/shared/order-links";
import { buildReturnEmail } from "~/features/order-lifecycle/order-page-email";
import { displayId } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders, returnRequests } from "~/platform/db/schema";
import { sendMail } from "~/platform/email.server";
import { deliverOnce } from "~/platform/jobs/queue.server";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";

/** The job that tells the shopper about one step of their return, at most once per step. */
export async function sendReturnEmail(data: Record<string, unknown>): Promise<void> {
  const { returnId, status, dedupeKey, note } = data;
  if (typeof returnId !== "string" || typeof status !== "string")
    throw new Error("return mail job with bad data");
  const key = typeof dedupeKey === "string" ? dedupeKey : `return:${returnId}:${status}`;
  await deliverOnce(key, async () => {
    const [ret] = await db().select().from(returnRequests).where(eq(returnRequests.id, returnId));
    if (!ret) return;
    const kind = ret.orderId ? ("order" as const) : ("custom" as const);
    const id = (ret.orderId ?? ret.customOrderId)!;
    const t = kind === "order" ? orders : customNeonOrders;
    const [o] = await db()
      .select({ name: t.customerName, email: t.customerEmail, token: t.accessToken, isTest: t.isTest })
      .from(t)
      .where(eq(t.id, id));
    if (!o) return;
    await loadShopSettings();
    const store = storeSettings();
    await sendMail({
      to: o.email,
      replyTo: store.email,
      dedupeKey: key,
      ...buildReturnEmail(
        {
          displayId: displayId(kind, id),
          customerName: o.name,
          orderUrl: orderPageUrl(store.publicUrl, o.token),
          status,
          note: typeof note === "string" ? note : null,
          isTest: o.isTest,
        },
        store,
      ),
    });
  });
}
