import { releaseExpiredHolds } from "~/features/payments/holds.server";
import { PROOF_EMAIL_QUEUE, sendProofEmail } from "~/features/design-proofs/design-proofs.server";
import { QUOTE_EMAIL_QUEUE, sendQuoteEmail } from "~/features/logo-quotes/logo-quotes.server";
import { sendStaffNotice } from "~/features/orders/staff-notices.server";
import { SHOP_DIGEST_SWEEP, sendShopDigest } from "~/features/order-lifecycle/shop-notice-digest.server";
import { GRIEVANCE_MAIL_QUEUE } from "~/features/grievances/grievances.server";
import { sendGrievanceMail } from "~/features/grievances/grievance-mail.server";
import { pollQuietShipments } from "~/features/shipments/courier-tracking.server";
import {
  NDR_ACTION_QUEUE,
  NDR_MAIL_QUEUE,
  sendNdrAction,
  sendNdrMail,
} from "~/features/shipments/courier-ndr.server";
import { STAFF_NOTICE_QUEUE } from "~/features/order-lifecycle/staff-notice-queue.server";
import { DATA_CODE_QUEUE, sendDataCode } from "~/features/data-rights/data-requests.server";
import { RETENTION_SWEEP, sweepRetention } from "~/features/data-rights/retention.server";
import { sweepExpiredRows } from "~/wiring/housekeeping.server";
import { sweepAuditLog } from "~/platform/audit.server";
import { staffPolicyNow } from "~/platform/auth/second-factor.server";
import { logger } from "~/platform/logger.server";
import {
  ORDER_CONFIRMATION_QUEUE,
  SHOP_NOTICE_QUEUE,
} from "~/features/order-lifecycle/order-email-queue.server";
import { sendOrderConfirmation, sendShopNotice } from "~/features/checkout/order-emails.server";
import { STATUS_EMAIL_QUEUE, sendStatusEmail } from "~/features/order-lifecycle/order-status-emails.server";
import {
  ORDER_LOOKUP_QUEUE,
  sendCancelledMail,
  sendOrderLinks,
} from "~/features/order-page/order-page-emails.server";
import { CANCELLED_MAIL_QUEUE } from "~/features/order-page/shopper-cancel.server";
import { REFUND_QUEUE, sendRefund } from "~/features/after-sale/refunds.server";
import { sendReturnEmail } from "~/features/after-sale/return-emails.server";
import { REFUND_MAIL_QUEUE, sendRefundEmail } from "~/features/after-sale/refund-emails.server";
import { RETURN_MAIL_QUEUE } from "~/features/after-sale/returns.server";
import { REVIEW_REQUEST_SWEEP, sweepReviewRequests } from "~/features/reviews/review-requests.server";
import { referencedImageKeys } from "./upload-references.server";
import { sweepOrphanUploads } from "~/platform/storage/uploads.server";
import {
  enqueueWhatsAppReviewRequests,
  sendWhatsAppUpdate,
  WHATSAPP_QUEUE,
} from "~/features/whatsapp/whatsapp-updates.server";
import { COD_MESSAGE_QUEUE, sendCodMessage } from "~/features/cod-confirmation/cod-messages.server";
import { sweepCodConfirmations } from "~/features/cod-confirmation/cod-confirmation.server";
import { RECOVERY_MESSAGE_QUEUE, sendReminder } from "~/features/checkout-recovery/recovery-messages.server";
import {
  deleteExpiredCheckouts,
  RECOVERY_DELETE,
  RECOVERY_SWEEP,
  sweepCheckoutRecovery,
} from "~/features/checkout-recovery/recovery-sweep.server";
import { dailySettlementFetch, SETTLEMENT_FETCH_JOB } from "~/features/month-end/reconciliation.server";
import {
  PAY_LINK_MESSAGE_QUEUE,
  sendPayLinkMessage,
  sweepPayLinks,
} from "~/features/channels/pay-link-messages.server";
import { runDueJobs, startQueue, type JobTable, type QueueSpec } from "~/platform/jobs/queue.server";

/**
 * Mail: retried 10 times, waiting 10-20 s and doubling at each retry (3 to 6 hours in all). A send still running after 45 s (SMTP
 * waits are bounded at 10 s connect + 20 s idle) means its instance died: the job is retried elsewhere.
 */
const mail = (name: string): QueueSpec => ({
  name,
  retryLimit: 10,
  retryDelay: 10,
  expireInSeconds: 45,
  pollingIntervalSeconds: 2,
});

/** Scheduled work: once per cron slot across every instance; the next slot is the retry. */
const scheduled = (name: string, cron: string, expireInSeconds: number): QueueSpec => ({
  name,
  cron,
  retryLimit: 0,
  retryDelay: 0,
  expireInSeconds,
  pollingIntervalSeconds: 10,
});

/** Every queue the shop runs, and what a job of each does. */
export const JOBS: JobTable = {
  [ORDER_CONFIRMATION_QUEUE]: { spec: mail(ORDER_CONFIRMATION_QUEUE), handler: sendOrderConfirmation },
  [SHOP_NOTICE_QUEUE]: { spec: mail(SHOP_NOTICE_QUEUE), handler: sendShopNotice },
  [STATUS_EMAIL_QUEUE]: { spec: mail(STATUS_EMAIL_QUEUE), handler: sendStatusEmail },
  [CANCELLED_MAIL_QUEUE]: { spec: mail(CANCELLED_MAIL_QUEUE), handler: sendCancelledMail },
  [RETURN_MAIL_QUEUE]: { spec: mail(RETURN_MAIL_QUEUE), handler: sendReturnEmail },
  // Money went back (a refund processed): the shopper's e-mail, with the credit note attached when there is one.
  [REFUND_MAIL_QUEUE]: { spec: mail(REFUND_MAIL_QUEUE), handler: sendRefundEmail },
  // A design proof of a custom order: the picture's link (the order page) to the shopper.
  [PROOF_EMAIL_QUEUE]: { spec: mail(PROOF_EMAIL_QUEUE), handler: sendProofEmail },
  // A priced logo quote: its link (pay online or choose COD at that price) to the shopper.
  [QUOTE_EMAIL_QUEUE]: { spec: mail(QUOTE_EMAIL_QUEUE), handler: sendQuoteEmail },
  // The shop hears when a shopper answers a proof or asks for a logo quote.
  [STAFF_NOTICE_QUEUE]: { spec: mail(STAFF_NOTICE_QUEUE), handler: sendStaffNotice },
  // The grievance desk (issue 32): the shopper's receipt, staff's replies and resolution (each with a fresh
  // private link), and the notices to the grievance officer or the ticket's assignee.
  [GRIEVANCE_MAIL_QUEUE]: { spec: mail(GRIEVANCE_MAIL_QUEUE), handler: sendGrievanceMail },
  // "My data" (issue 32): the job looks the contact up and, only when the shop holds it, mails a one-time code.
  [DATA_CODE_QUEUE]: { spec: mail(DATA_CODE_QUEUE), handler: sendDataCode },
  // "Find my order": the job looks the order up and mails its link to the order's own address.
  [ORDER_LOOKUP_QUEUE]: { spec: mail(ORDER_LOOKUP_QUEUE), handler: sendOrderLinks },
  // Refunds through Razorpay: the same idempotency key on every try, so retrying never refunds twice.
  [REFUND_QUEUE]: { spec: { ...mail(REFUND_QUEUE), expireInSeconds: 60 }, handler: sendRefund },
  // WhatsApp order updates: retried like mail (the Cloud API call is bounded at 15 s); refused ones end at once.
  [WHATSAPP_QUEUE]: { spec: mail(WHATSAPP_QUEUE), handler: sendWhatsAppUpdate },
  // A failed delivery (NDR): the shopper's e-mail with the link to answer, and their answer to the courier
  // (Shiprocket's NDR action API; retried like mail while it fails, the failure shown to staff).
  [NDR_MAIL_QUEUE]: { spec: mail(NDR_MAIL_QUEUE), handler: sendNdrMail },
  [NDR_ACTION_QUEUE]: { spec: mail(NDR_ACTION_QUEUE), handler: sendNdrAction },
  // COD confirmation (issue 30): the request, reminder and cancellation, by e-mail and (request, reminder) WhatsApp.
  [COD_MESSAGE_QUEUE]: { spec: mail(COD_MESSAGE_QUEUE), handler: sendCodMessage },
  // Unconfirmed COD orders: reminded once, then cancelled with their stock back (settable times), every 5 minutes.
  "sweep-cod-confirmations": {
    spec: scheduled("sweep-cod-confirmations", "*/5 * * * *", 300),
    handler: async () => {
      await sweepCodConfirmations();
    },
  },
  // Pay links of staff orders (issue 46, decision 067): the link and its one reminder, by WhatsApp or e-mail.
  [PAY_LINK_MESSAGE_QUEUE]: { spec: mail(PAY_LINK_MESSAGE_QUEUE), handler: sendPayLinkMessage },
  // Pay links: past their time unpaid cancelled (they hold no stock), due reminders queued once, every 5 minutes.
  "sweep-pay-links": {
    spec: scheduled("sweep-pay-links", "*/5 * * * *", 300),
    handler: async () => {
      await sweepPayLinks();
    },
  },
  // Cart reminders (issue 30, decision 045): the e-mail (and WhatsApp where ticked) of each reminder.
  [RECOVERY_MESSAGE_QUEUE]: { spec: mail(RECOVERY_MESSAGE_QUEUE), handler: sendReminder },
  // Abandoned checkouts with consent: converted ones marked, due reminders (at most two) queued, every 5 minutes.
  // Notices to the shop kept while the hourly limit was reached, mailed together (issue 42).
  [SHOP_DIGEST_SWEEP]: {
    spec: scheduled(SHOP_DIGEST_SWEEP, "*/10 * * * *", 120),
    handler: async () => {
      await sendShopDigest();
    },
  },
  [RECOVERY_SWEEP]: {
    spec: scheduled(RECOVERY_SWEEP, "*/5 * * * *", 300),
    handler: async () => {
      await sweepCheckoutRecovery();
    },
  },
  // Abandoned checkouts past the owner's keep period (settings, default 30 days) deleted, daily at 03:37.
  [RECOVERY_DELETE]: {
    spec: scheduled(RECOVERY_DELETE, "37 3 * * *", 600),
    handler: async () => {
      const n = await deleteExpiredCheckouts();
      if (n > 0) logger.info({ removed: n }, "abandoned checkouts past their keep period deleted");
    },
  },
  // Unpaid online orders past their hold are cancelled and their stock returned, every minute.
  "sweep-payment-holds": {
    spec: scheduled("sweep-payment-holds", "* * * * *", 300),
    handler: async () => {
      await releaseExpiredHolds();
    },
  },
  // Image files no row points to (a design preview stored before its order's transaction failed, a crash
  // mid-upload), once they are an hour old, every hour.
  "sweep-orphan-uploads": {
    spec: scheduled("sweep-orphan-uploads", "17 * * * *", 1800),
    handler: async () => {
      const n = await sweepOrphanUploads(referencedImageKeys);
      if (n > 0) logger.info({ removed: n }, "orphaned uploads removed");
    },
  },
  // Review requests (issue 29): made for delivered orders, mailed once some days after delivery, or
  // cancelled when the order was refunded or returned by then; every hour.
  [REVIEW_REQUEST_SWEEP]: {
    spec: scheduled(REVIEW_REQUEST_SWEEP, "41 * * * *", 600),
    handler: async () => {
      await sweepReviewRequests();
      // Then the WhatsApp message of each request just mailed, where the shopper opted in (once per order).
      await enqueueWhatsAppReviewRequests();
    },
  },
  // Courier tracking (issue 28): parcels whose webhook went quiet for 6 hours are read again, every 30 minutes.
  "poll-courier-tracking": {
    spec: scheduled("poll-courier-tracking", "*/30 * * * *", 600),
    handler: async () => {
      const moved = await pollQuietShipments();
      if (moved > 0) logger.info({ moved }, "courier tracking poll moved orders");
    },
  },
  // Retention (issue 32, settings → Privacy): old data requests, resolved complaints, unpaid attempts, unordered
  // logo quotes and outbox mail copies past their periods are deleted or anonymised, daily at 03:23 server time.
  [RETENTION_SWEEP]: {
    spec: scheduled(RETENTION_SWEEP, "23 3 * * *", 1800),
    handler: async () => {
      const n = await sweepRetention();
      logger.info(n, "retention sweep done");
    },
  },
  // Razorpay's settlements of this month and the last (issue 45): read daily at 12:30 in India (07:00 UTC), after
  // the morning's settlement, into the money reconciliation; skipped without Razorpay keys.
  [SETTLEMENT_FETCH_JOB]: {
    spec: scheduled(SETTLEMENT_FETCH_JOB, "0 7 * * *", 600),
    handler: async () => {
      const r = await dailySettlementFetch();
      if (r)
        logger.info({ ok: r.ok, lines: r.lines, settlements: r.settlements }, "Razorpay settlements fetched");
    },
  },
  // Expired sessions, passed rate-limit windows and old sign-in audit rows, every 15 minutes.
  "sweep-expired-rows": {
    spec: scheduled("sweep-expired-rows", "*/15 * * * *", 300),
    handler: async () => {
      const n = await sweepExpiredRows();
      if (n.sessions + n.rateLimits + n.loginAttempts + n.vitals > 0) logger.info(n, "expired rows removed");
    },
  },
  // The audit trail keeps the staff policy's number of days (730 unless the owner sets it), daily at 03:23.
  "sweep-audit-log": {
    spec: scheduled("sweep-audit-log", "23 3 * * *", 600),
    handler: async () => {
      const n = await sweepAuditLog((await staffPolicyNow()).auditRetentionDays);
      if (n > 0) logger.info({ removed: n }, "audit rows past their retention removed");
    },
  },
};

/** Start the queue for this instance: schema and queues always; workers and the cron clock when asked. */
export function startJobs(options: { work: boolean }): Promise<void> {
  return startQueue(JOBS, { work: options.work, schedule: options.work });
}

/** Run every due job now, in this process (tests; the e2e and CLI use the running workers instead). */
export function runQueuedJobs(): Promise<number> {
  return runDueJobs(JOBS);
}
