import { eq } from "drizzle-orm";
import { orderPageUrl } from "~/shared/order-links";
import { buildReturnEmail } from "~/features/order-lifecycle/order-page-email";
import { afterSaleShopper } from "~/features/after-sale/after-sale-shopper.server";
import { db } from "~/platform/db/client.server";
import { returnRequests } from "./tables.server";
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
    const o = await afterSaleShopper(ret);
    if (!o) return;
    await loadShopSettings();
    const store = storeSettings();
    await sendMail({
      to: o.email,
      replyTo: store.email,
      dedupeKey: key,
      ...buildReturnEmail(
        {
          displayId: o.displayId,
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
