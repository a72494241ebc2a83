import { sql } from "drizzle-orm";
import { APPLIES_TO } from "~/features/discount-codes/discounts";
import { OFFER_KINDS } from "~/features/offers/offers";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList, updatedAt } from "~/platform/db/columns.server";

/** The tables of the offers feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/** Automatic offers (app/features/offers/offers.ts), applied without a code while they run; /admin/offers. */
export const offers = pg.pgTable(
  "offers",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    name: pg.text("name").notNull(),
    kind: pg.text("kind", { enum: OFFER_KINDS }).notNull(),
    value: pg.integer("value").notNull().default(0),
    appliesTo: pg.text("applies_to", { enum: APPLIES_TO }).notNull().default("all"),
    /** Sizes (S, M, L, XL) it applies to; empty: all. */
    sizes: pg
      .text("sizes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsOn: pg.date("starts_on"),
    endsOn: pg.date("ends_on"),
    isActive: pg.boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.uniqueIndex("offers_name_lower_uq").on(sql`lower(${t.name})`),
    pg.check("offers_kind", inList(t.kind, OFFER_KINDS)),
    pg.check("offers_applies_to", inList(t.appliesTo, APPLIES_TO)),
    pg.check(
      "offers_value",
      sql`${t.value} >= 0 and (${t.kind} <> 'percent-off' or (${t.value} >= 1 and ${t.value} <= 100))`,
    ),
  ],
);
