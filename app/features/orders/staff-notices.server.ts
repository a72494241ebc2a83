import { eq } from "drizzle-orm";
import { PROOF_STATE_LABELS } from "~/features/design-proofs/design-proofs";
import { customSizeLabel } from "~/features/sign-options/line-description";
import { quoteRef } from "~/features/logo-quotes/logo-quotes";
import type { EmailBlock } from "~/shared/email-content";
import { formatPhone } from "~/shared/phone-numbers";
import { shopNotice } from "~/features/order-lifecycle/shopper-email";
import { noticeOrDigest } from "~/features/order-lifecycle/shop-notice-digest.server";
import { displayId } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { designProofs } from "~/features/design-proofs/tables.server";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import { deliverOnce } from "~/platform/jobs/queue.server";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";

/*
 * Short e-mails to the shop (SHOP_NOTIFY_EMAIL, else the store's address) when a shopper answers a design
 * proof or asks for a logo quote (issue 18): queued in the shopper's transaction; past the shop's hourly
 * notice limit they wait for the next digest (shop-notice-digest.server.ts). They go to the shop's own staff: the shopper's words and address are written as typed
 * (escaped by the template), never as inert look-alikes staff could not copy (issue 27, item 10).
 */

async function noticeText(data: Record<string, unknown>) {
  const base = storeSettings().publicUrl;
  if (data.kind === "proof-answer" && typeof data.proofId === "string") {
    const [p] = await db().select().from(designProofs).where(eq(designProofs.id, data.proofId));
    if (!p || p.state === "sent") return null;
    const ref = displayId("custom", p.customOrderId);
    return {
      subject: `Proof ${PROOF_STATE_LABELS[p.state].toLowerCase()}: order ${ref} (version ${p.version})`,
      blocks: [
        {
          kind: "paragraph",
          text: `The shopper answered version ${p.version} of the design proof of custom order ${ref}: ${PROOF_STATE_LABELS[p.state]}.`,
        },
        ...(p.shopperComment
          ? [
              { kind: "paragraph" as const, text: "Their comment:" },
              { kind: "lines" as const, lines: p.shopperComment.split("\n") },
            ]
          : []),
        {
          kind: "button",
          url: `${base}/admin/custom-neon?order=${p.customOrderId}`,
          label: "Open the order",
        },
      ] satisfies EmailBlock[],
    };
  }
  if (data.kind === "logo-quote" && typeof data.quoteId === "string") {
    const [q] = await db().select().from(logoQuotes).where(eq(logoQuotes.id, data.quoteId));
    if (!q) return null;
    return {
      subject: `New logo quote request ${quoteRef(q.id)} (${customSizeLabel(q.size)})`,
      blocks: [
        {
          kind: "paragraph",
          text: `${q.customerName} (${formatPhone(q.customerPhone)}, ${q.customerEmail}) asks for a price for their logo, ${customSizeLabel(q.size)}.`,
        },
        ...(q.notes
          ? [
              { kind: "paragraph" as const, text: "Notes:" },
              { kind: "lines" as const, lines: q.notes.split("\n") },
            ]
          : []),
        { kind: "button", url: `${base}/admin/logo-quotes`, label: "Price the quote" },
      ] satisfies EmailBlock[],
    };
  }
  throw new Error("staff notice job with bad data");
}

/** The job that sends one staff notice, at most once. */
export async function sendStaffNotice(data: Record<string, unknown>): Promise<void> {
  const key = typeof data.dedupeKey === "string" ? data.dedupeKey : JSON.stringify(data);
  await deliverOnce(key, async () => {
    await loadShopSettings();
    const mail = await noticeText(data);
    if (!mail) return;
    // Past the hourly limit it waits for the next digest: never dropped (issue 42).
    await noticeOrDigest({
      dedupeKey: key,
      subject: mail.subject,
      summary: mail.subject,
      content: shopNotice(storeSettings(), mail.blocks),
    });
  });
}
