import * as pg from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "~/platform/db/columns.server";

/** The tables of the shipments feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * A parcel booked with the courier aggregator for an order (issue 28): one per order, filled step by step
 * (the aggregator's order and shipment, the AWB and courier, the pickup, the label), so a booking that
 * failed half-way is taken up where it stopped instead of creating a second order at the courier.
 */
export const shipments = pg.pgTable(
  "shipments",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    orderKind: pg.text("order_kind", { enum: ["order", "custom"] }).notNull(),
    orderId: pg.uuid("order_id").notNull(),
    /** The fulfilment provider ("shiprocket"). */
    provider: pg.text("provider").notNull(),
    providerOrderId: pg.text("provider_order_id"),
    providerShipmentId: pg.text("provider_shipment_id"),
    awb: pg.text("awb"),
    courierId: pg.integer("courier_id"),
    courierName: pg.text("courier_name"),
    /** What the courier charges the shop for this parcel, whole rupees (the shipping margin). */
    courierCharge: pg.integer("courier_charge"),
    cod: pg.boolean("cod").notNull(),
    pickupScheduledFor: pg.text("pickup_scheduled_for"),
    labelUrl: pg.text("label_url"),
    /** The last courier API failure of the booking, shown to staff (cleared once booked). */
    lastError: pg.text("last_error"),
    bookedAt: pg.timestamp("booked_at", { withTimezone: true }),
    /** Where the courier's tracking has the parcel (in_transit, out_for_delivery, ndr, delivered, rto_*). */
    trackingStage: pg.text("tracking_stage"),
    /** When the tracking was last read from the courier (webhook or poll). */
    trackedAt: pg.timestamp("tracked_at", { withTimezone: true }),
    /** Delivery failures (NDR) raised so far: each one is asked of the shopper once (its number keys the mails). */
    ndrCount: pg.integer("ndr_count").notNull().default(0),
    /** When the current delivery failure was raised, and the courier's words for it (null: none waiting). */
    ndrRaisedAt: pg.timestamp("ndr_raised_at", { withTimezone: true }),
    ndrReason: pg.text("ndr_reason"),
    /** The shopper's answer to it: reattempt, change (address or phone), cancel; once per failure. */
    ndrAnswer: pg.text("ndr_answer", { enum: ["reattempt", "change", "cancel"] }),
    /** A "change" answer's new address lines and phone as the courier gets them (`address`: older answers' one line). */
    ndrAnswerDetails: pg.jsonb("ndr_answer_details").$type<{
      address?: string;
      address1?: string;
      address2?: string;
      phone?: string;
    }>(),
    ndrAnsweredAt: pg.timestamp("ndr_answered_at", { withTimezone: true }),
    /** When the answer reached the courier (its NDR action API), or why it did not yet. */
    ndrSentAt: pg.timestamp("ndr_sent_at", { withTimezone: true }),
    ndrLastError: pg.text("ndr_last_error"),
    /** The shipment was cancelled with the courier (before pickup); the order can be booked again. */
    cancelledAt: pg.timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.uniqueIndex("shipments_order_uq").on(t.orderKind, t.orderId),
    pg.uniqueIndex("shipments_awb_uq").on(t.awb),
  ],
);
