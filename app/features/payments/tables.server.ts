import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { checkouts } from "~/features/checkout/tables.server";
import { adminUsers } from "~/platform/db/tables.server";

/** The tables of the payments feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/** Payment gateway events already handled; a repeated event id changes nothing. */
export const paymentEvents = pg.pgTable("payment_events", {
  eventId: pg.text("event_id").primaryKey(),
  eventType: pg.text("event_type").notNull(),
  razorpayOrderId: pg.text("razorpay_order_id"),
  receivedAt: pg.timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One order's amounts when paid cash on delivery (the orders' own columns). */
export type PayLinkCodOrder = {
  kind: "order" | "custom";
  id: string;
  deliveryFee: number;
  codFee: number;
  offerDiscount: number;
  offerNames: string | null;
  totalAmount: number;
};
export type PayLinkCodPlan = { total: number; orders: PayLinkCodOrder[] };

/**
 * A pay link (issue 46, decision 067): a checkout staff made for a shopper met in a chat, paid on the shop's own
 * order page. Its orders hold no stock until the payment arrives (taken then, in the payment's transaction);
 * past `expiresAt` unpaid, the sweep cancels them (`expiredAt`). One reminder, at `remindAt` (`remindedAt`).
 */
export const payLinks = pg.pgTable(
  "pay_links",
  {
    checkoutId: pg
      .uuid("checkout_id")
      .primaryKey()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
    remindAt: pg.timestamp("remind_at", { withTimezone: true }).notNull(),
    remindedAt: pg.timestamp("reminded_at", { withTimezone: true }),
    expiredAt: pg.timestamp("expired_at", { withTimezone: true }),
    /** The payment arrived after the last pieces sold out: the orders were cancelled and the money is owed back. */
    soldOutAt: pg.timestamp("sold_out_at", { withTimezone: true }),
    /**
     * Cash on delivery instead, priced when the link was made (the COD charge, no online-payment discount), each
     * order's amounts by id; null when the shop's rules want this order paid online.
     */
    codPlan: pg.jsonb("cod_plan").$type<PayLinkCodPlan>(),
    /** The shopper chose cash on delivery: the orders became COD orders (stock taken then). */
    codChosenAt: pg.timestamp("cod_chosen_at", { withTimezone: true }),
    /** The staff discount (rupees) and why; an Owner's approval when it is above the staff limit. */
    staffDiscount: pg.integer("staff_discount").notNull().default(0),
    discountReason: pg.text("discount_reason"),
    approvedBy: pg.text("approved_by"),
    createdById: pg.uuid("created_by_id").references(() => adminUsers.id, { onDelete: "set null" }),
    createdByEmail: pg.text("created_by_email").notNull(),
    createdAt: pg.timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg
      .index("pay_links_open_idx")
      .on(t.expiresAt)
      .where(sql`expired_at is null`),
    pg.check("pay_links_discount_nonnegative", sql`${t.staffDiscount} >= 0`),
  ],
);
