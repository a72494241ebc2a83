import { eq } from "drizzle-orm";
import { db, type DbOrTx } from "~/platform/db/client.server";
import { goLiveTicks } from "~/platform/db/schema";

/** The go-live checklist's answer "the shop is not registered for GST" (issue 27): one home for the fact. */
export const GST_NOT_REGISTERED = "gst-not-registered";

/**
 * Whether the owner said the shop is not registered for GST: without a GSTIN, dispatch then issues no tax
 * invoice and says so as the chosen mode rather than as a missing setting.
 */
export async function shopNotRegisteredForGst(exec: DbOrTx = db()): Promise<boolean> {
  const rows = await exec
    .select({ item: goLiveTicks.item })
    .from(goLiveTicks)
    .where(eq(goLiveTicks.item, GST_NOT_REGISTERED));
  return rows.length > 0;
}
