import { sql } from "drizzle-orm";
import { QUOTE_STATES } from "~/features/logo-quotes/logo-quotes";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList } from "~/platform/db/columns.server";
import { adminUsers } from "~/platform/db/tables.server";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";

/** The tables of the logo-quotes feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * Logo and artwork quotes (issue 18, decision 024): the shopper's logo (re-encoded through the upload
 * pipeline), size and notes; staff's price; and the custom order it became. Found by the shopper only by
 * its random access token (like order links). Ordered at most once while that order stands.
 */
export const logoQuotes = pg.pgTable(
  "logo_quotes",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    accessToken: pg
      .text("access_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    customerName: pg.text("customer_name").notNull(),
    customerEmail: pg.text("customer_email").notNull(),
    customerPhone: pg.text("customer_phone").notNull(),
    size: pg.text("size").notNull(),
    notes: pg.text("notes").notNull().default(""),
    imageKey: pg.text("image_key").notNull(),
    imageWidth: pg.integer("image_width").notNull(),
    imageHeight: pg.integer("image_height").notNull(),
    state: pg.text("state", { enum: QUOTE_STATES }).notNull().default("requested"),
    /** Staff's price in whole rupees (the sign; delivery and COD charges are added at checkout). */
    price: pg.integer("price"),
    staffMessage: pg.text("staff_message"),
    pricedBy: pg.uuid("priced_by").references(() => adminUsers.id, { onDelete: "set null" }),
    pricedByEmail: pg.text("priced_by_email"),
    pricedAt: pg.timestamp("priced_at", { withTimezone: true }),
    customOrderId: pg.uuid("custom_order_id").references(() => customNeonOrders.id, { onDelete: "set null" }),
    clientIp: pg.text("client_ip"),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex("logo_quotes_access_token_uq").on(t.accessToken),
    pg.index("logo_quotes_created_idx").on(t.createdAt),
    pg.check("logo_quotes_state", inList(t.state, QUOTE_STATES)),
    pg.check(
      "logo_quotes_price",
      sql`(${t.state} = 'requested') = (${t.price} is null) and (${t.price} is null or ${t.price} > 0)`,
    ),
  ],
);
