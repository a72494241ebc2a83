import type { Tx } from "~/platform/db/client.server";
import { enqueueOnce } from "~/platform/jobs/queue.server";

/** Short e-mails to the shop about a shopper's answer (sent by app/features/orders/staff-notices.server.ts). */
export const STAFF_NOTICE_QUEUE = "mail-staff-notice";

type Notice = { kind: "proof-answer"; proofId: string } | { kind: "logo-quote"; quoteId: string };

export function enqueueStaffNotice(tx: Tx, notice: Notice): Promise<boolean> {
  const key =
    notice.kind === "proof-answer" ? `staff:proof:${notice.proofId}` : `staff:quote:${notice.quoteId}`;
  return enqueueOnce(tx, STAFF_NOTICE_QUEUE, key, notice);
}
