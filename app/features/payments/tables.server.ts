import * as pg from "drizzle-orm/pg-core";

/** The tables of the payments feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/** Payment gateway events already handled; a repeated event id changes nothing. */
export const paymentEvents = pg.pgTable("payment_events", {
  eventId: pg.text("event_id").primaryKey(),
  eventType: pg.text("event_type").notNull(),
  razorpayOrderId: pg.text("razorpay_order_id"),
  receivedAt: pg.timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
