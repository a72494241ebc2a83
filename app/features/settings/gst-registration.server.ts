import { eq } from "drizzle-orm";
import { db, type DbOrTx } from "~/platform/db/client.server";
import { goLiveTicks } from "./tables.server";
import { salesDocumentOf, type SalesDocument } from "./gst-registration";
import { shopSettings } from "./store-settings.server";

/** The go-live checklist's answer "the shop is not registered for GST" (issue 27): one home for the fact. */
export const GST_NOT_REGISTERED = "gst-not-registered";

/**
 * Whether the owner said the shop is not registered for GST: without a GSTIN, dispatch then issues a bill of
 * supply instead of a tax invoice (decision 039).
 */
export async function shopNotRegisteredForGst(exec: DbOrTx = db()): Promise<boolean> {
  const rows = await exec
    .select({ item: goLiveTicks.item })
    .from(goLiveTicks)
    .where(eq(goLiveTicks.item, GST_NOT_REGISTERED));
  return rows.length > 0;
}

/** The document the shop's orders get now: tax invoice, bill of supply or none (app/features/settings/gst-registration.ts). */
export async function shopSalesDocument(): Promise<SalesDocument> {
  const settings = await shopSettings();
  return salesDocumentOf(settings.legal.gstin, await shopNotRegisteredForGst());
}
