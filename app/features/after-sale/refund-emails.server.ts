import { eq } from "drizzle-orm";
import { buildRefundEmail } from "~/features/after-sale/refunds";
import { documentPdfForAdmin } from "~/features/invoices/invoice-requests.server";
import { orderDocumentPath } from "~/features/invoices/invoice-links";
import { afterSaleShopper } from "~/features/after-sale/after-sale-shopper.server";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { formatRupees } from "~/shared/money";
import { orderPageUrl } from "~/shared/order-links";
import { db, type Tx } from "~/platform/db/client.server";
import { invoices } from "~/features/invoices/tables.server";
import { refunds, returnRequests } from "./tables.server";
import { sendMail } from "~/platform/email.server";
import { deliverOnce, enqueueOnce } from "~/platform/jobs/queue.server";

/*
 * The shopper hears when money went back (issue 27, item 8): queued in the transaction that settles the refund
 * (a refund recorded by staff, or Razorpay's processed answer), at most once per refund, with the credit note
 * issued for it attached and linked from their order page.
 */

export const REFUND_MAIL_QUEUE = "mail-refund";

/** Queue the refund's e-mail inside the transaction that marked it processed. */
export async function enqueueRefundEmail(tx: Tx, refundId: string, creditNoteId: string | null) {
  await enqueueOnce(tx, REFUND_MAIL_QUEUE, `refund-mail:${refundId}`, { refundId, creditNoteId });
}

/** The job: one e-mail to the shopper about one processed refund. */
export async function sendRefundEmail(data: Record<string, unknown>): Promise<void> {
  const { refundId, creditNoteId, dedupeKey } = data;
  if (typeof refundId !== "string") throw new Error("refund mail job with bad data");
  const key = typeof dedupeKey === "string" ? dedupeKey : `refund-mail:${refundId}`;
  await deliverOnce(key, async () => {
    const [r] = await db().select().from(refunds).where(eq(refunds.id, refundId));
    if (!r || r.status !== "processed") return;
    const o = await afterSaleShopper(r);
    if (!o) return;
    await loadShopSettings();
    const store = storeSettings();
    const note =
      typeof creditNoteId === "string"
        ? (
            await db().select({ number: invoices.number }).from(invoices).where(eq(invoices.id, creditNoteId))
          )[0]
        : undefined;
    const pdf = note && typeof creditNoteId === "string" ? await documentPdfForAdmin(creditNoteId) : null;
    // A return's refund: this mail is the return's last word too (one e-mail per refund, issue 42).
    const [ofReturn] = await db()
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(eq(returnRequests.refundId, r.id))
      .limit(1);
    await sendMail({
      to: o.email,
      replyTo: store.email,
      dedupeKey: key,
      ...buildRefundEmail(
        {
          displayId: o.displayId,
          customerName: o.name,
          amount: formatRupees(r.amount),
          method: r.method,
          reference: r.reference,
          reason: r.reason,
          orderUrl: orderPageUrl(store.publicUrl, o.token),
          creditNote:
            note && typeof creditNoteId === "string"
              ? { number: note.number, url: `${store.publicUrl}${orderDocumentPath(o.token, creditNoteId)}` }
              : null,
          isTest: o.isTest,
          forReturn: Boolean(ofReturn),
        },
        store,
      ),
      ...(pdf
        ? { attachments: [{ filename: pdf.fileName, content: pdf.bytes, contentType: "application/pdf" }] }
        : {}),
    });
  });
}
