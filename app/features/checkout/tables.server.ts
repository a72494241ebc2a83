import { sql } from "drizzle-orm";
import { PAYMENT_METHOD_IDS, PAYMENT_STATUS_IDS } from "~/features/order-lifecycle/order-status";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList } from "~/platform/db/columns.server";

/** The tables of the checkout feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * One checkout attempt: the unit of payment and of idempotency. A repeated submission with the
 * same idempotency key finds this row and returns its result instead of creating orders again.
 */
export const checkouts = pg.pgTable(
  "checkouts",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: pg.text("idempotency_key").notNull(),
    requestHash: pg.text("request_hash").notNull(),
    paymentMethod: pg.text("payment_method", { enum: PAYMENT_METHOD_IDS }).notNull(),
    paymentStatus: pg.text("payment_status", { enum: PAYMENT_STATUS_IDS }).notNull().default("pending"),
    totalAmount: pg.integer("total_amount").notNull(),
    razorpayOrderId: pg.text("razorpay_order_id"),
    razorpayPaymentId: pg.text("razorpay_payment_id"),
    isTest: pg.boolean("is_test").notNull().default(false),
    /** Unpaid online checkouts hold stock until this time, then are cancelled. */
    holdExpiresAt: pg.timestamp("hold_expires_at", { withTimezone: true }),
    /**
     * Who placed it, for the limits on open orders per customer (docs/decisions/010-abuse-limits.md):
     * the client's network (IPv4 address or IPv6 /64: app/shared/client-address.ts networkKey), the
     * normalised phone (+91...), the mailbox key of the email (mail-safety.ts mailboxKey) and a key of
     * the delivery address (PIN + letters and digits of the first line).
     */
    clientIp: pg.text("client_ip"),
    customerPhone: pg.text("customer_phone"),
    customerEmail: pg.text("customer_email"),
    addressKey: pg.text("address_key"),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex("checkouts_idempotency_key_uq").on(t.idempotencyKey),
    pg.index("checkouts_client_ip_idx").on(t.clientIp, t.createdAt),
    pg.index("checkouts_customer_phone_idx").on(t.customerPhone, t.createdAt),
    pg.index("checkouts_customer_email_idx").on(t.customerEmail, t.createdAt),
    pg.index("checkouts_address_key_idx").on(t.addressKey, t.createdAt),
    pg.uniqueIndex("checkouts_razorpay_order_uq").on(t.razorpayOrderId),
    pg.check("checkouts_total_nonnegative", sql`${t.totalAmount} >= 0`),
    pg.check("checkouts_method", inList(t.paymentMethod, PAYMENT_METHOD_IDS)),
    pg.check("checkouts_payment_status", inList(t.paymentStatus, PAYMENT_STATUS_IDS)),
  ],
);
