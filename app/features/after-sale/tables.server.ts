import { sql } from "drizzle-orm";
import { REFUND_METHODS, REFUND_STATUSES } from "~/features/after-sale/refunds";
import { RETURN_REASONS, RETURN_STATUSES } from "~/features/after-sale/returns";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList, updatedAt } from "~/platform/db/columns.server";
import { adminUsers } from "~/platform/db/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";

/** The tables of the after-sale feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * Money given back for one order (app/features/after-sale/refunds.ts): through Razorpay's Refunds API (our id is its
 * idempotency key, so a retried call never refunds twice) or recorded by staff for cash on delivery.
 * The sum of refunds that did not fail never exceeds what the order took (checked under the order's lock).
 */
export const refunds = pg.pgTable(
  "refunds",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    orderId: pg.uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    customOrderId: pg.uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "restrict" }),
    amount: pg.integer("amount").notNull(),
    method: pg.text("method", { enum: REFUND_METHODS }).notNull(),
    status: pg.text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    reason: pg.text("reason").notNull(),
    /** The Razorpay payment refunded, and Razorpay's refund id once known. */
    razorpayPaymentId: pg.text("razorpay_payment_id"),
    razorpayRefundId: pg.text("razorpay_refund_id"),
    /** For a manual refund: the bank or UPI reference staff paid it with. */
    reference: pg.text("reference"),
    failureReason: pg.text("failure_reason"),
    /** The admin form's one-time key: a double click or a resubmitted form finds this refund instead of a second. */
    requestKey: pg.text("request_key"),
    isTest: pg.boolean("is_test").notNull().default(false),
    createdBy: pg.uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdByEmail: pg.text("created_by_email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.check("refunds_one_target", sql`num_nonnulls(${t.orderId}, ${t.customOrderId}) = 1`),
    pg.check("refunds_amount_positive", sql`${t.amount} > 0`),
    pg.check("refunds_status", inList(t.status, REFUND_STATUSES)),
    pg.check("refunds_method", inList(t.method, REFUND_METHODS)),
    pg.uniqueIndex("refunds_razorpay_refund_uq").on(t.razorpayRefundId),
    pg.uniqueIndex("refunds_request_key_uq").on(t.requestKey),
    pg.index("refunds_order_idx").on(t.orderId),
    pg.index("refunds_custom_order_idx").on(t.customOrderId),
  ],
);

/**
 * A return of one delivered order (app/features/after-sale/returns.ts): asked for by the shopper on the order page or
 * entered by staff, then approved or refused, received and inspected, refunded. At most one open per order.
 */
export const returnRequests = pg.pgTable(
  "return_requests",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    orderId: pg.uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    customOrderId: pg.uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "restrict" }),
    reason: pg.text("reason", { enum: RETURN_REASONS }).notNull(),
    details: pg.text("details").notNull(),
    status: pg.text("status", { enum: RETURN_STATUSES }).notNull().default("requested"),
    /** Staff's note with the last decision (the refusal's reason, the inspection's findings). */
    decisionNote: pg.text("decision_note"),
    /** Found on inspection: the sign can be sold again (ready-made stock goes back). */
    resaleable: pg.boolean("resaleable"),
    refundId: pg.uuid("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    requestedBy: pg.text("requested_by", { enum: ["shopper", "staff"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.check("return_requests_one_target", sql`num_nonnulls(${t.orderId}, ${t.customOrderId}) = 1`),
    pg.check("return_requests_status", inList(t.status, RETURN_STATUSES)),
    pg.check("return_requests_reason", inList(t.reason, RETURN_REASONS)),
    pg
      .uniqueIndex("return_requests_open_order_uq")
      .on(t.orderId)
      .where(sql`${t.status} in ('requested', 'approved', 'received') and ${t.orderId} is not null`),
    pg
      .uniqueIndex("return_requests_open_custom_uq")
      .on(t.customOrderId)
      .where(sql`${t.status} in ('requested', 'approved', 'received') and ${t.customOrderId} is not null`),
  ],
);
