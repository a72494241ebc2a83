import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList } from "~/platform/db/columns.server";
import { adminUsers } from "~/platform/db/tables.server";
import { customNeonOrders, orderItems, orders } from "~/features/order-lifecycle/tables.server";
import { PRODUCTION_STAGES } from "~/features/workshop/production-board";

/** The tables of the workshop feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * The production board's cards (issue 44, decision 062): one per line that must be made, a custom sign (its
 * custom order) or a made-to-order product line (its order item). A line with no card yet is in "To cut"; the
 * board writes its card (with the line's LED metres) when it first shows it, and every move after.
 */
export const productionCards = pg.pgTable(
  "production_cards",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    customOrderId: pg.uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "cascade" }),
    orderId: pg.uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: pg.uuid("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    stage: pg.text("stage", { enum: PRODUCTION_STAGES }).notNull().default("to_cut"),
    /** The line's LED flex in metres, all its units (measured from the design, or the size's setting). */
    ledMetres: pg.doublePrecision("led_metres").notNull(),
    /** Who moved the card last and when (null: never moved). */
    movedBy: pg.uuid("moved_by").references(() => adminUsers.id, { onDelete: "set null" }),
    movedByEmail: pg.text("moved_by_email"),
    movedAt: pg.timestamp("moved_at", { withTimezone: true }),
    /** The first move out of "To cut": making started. */
    startedAt: pg.timestamp("started_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check("production_cards_stage", inList(t.stage, PRODUCTION_STAGES)),
    pg.check(
      "production_cards_one_line",
      sql`(${t.customOrderId} is not null and ${t.orderId} is null and ${t.orderItemId} is null) or (${t.customOrderId} is null and ${t.orderId} is not null and ${t.orderItemId} is not null)`,
    ),
    pg.check("production_cards_metres", sql`${t.ledMetres} >= 0`),
    pg.uniqueIndex("production_cards_custom_uq").on(t.customOrderId),
    pg.uniqueIndex("production_cards_item_uq").on(t.orderItemId),
    pg.index("production_cards_order_idx").on(t.orderId),
  ],
);
