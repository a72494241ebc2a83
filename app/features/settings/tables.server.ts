import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { updatedAt } from "~/platform/db/columns.server";
import { adminUsers } from "~/platform/db/tables.server";

/** The tables of the settings feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * The shop's settings (app/features/settings/shop-settings.ts), one row. Written on first use from the environment's
 * defaults, then only by /admin/settings. A change is announced on catalog_changes (migration 0007), so
 * every instance drops its cached copy and open pages re-read.
 */
export const shopSettings = pg.pgTable(
  "shop_settings",
  {
    id: pg.integer("id").primaryKey().default(1),
    settings: pg.jsonb("settings").$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
    updatedBy: pg.uuid("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
    updatedByEmail: pg.text("updated_by_email"),
  },
  (t) => [pg.check("shop_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * The owner's answers on the go-live checklist (issue 27, app/features/dashboard/go-live.ts) that no setting
 * holds: "not registered for GST" (orders then get a bill of supply) and "policies reviewed". One row per item
 * ticked; removing the row unticks it.
 */
export const goLiveTicks = pg.pgTable("go_live_ticks", {
  item: pg.text("item").primaryKey(),
  tickedAt: pg.timestamp("ticked_at", { withTimezone: true }).notNull().defaultNow(),
  tickedByEmail: pg.text("ticked_by_email"),
});
