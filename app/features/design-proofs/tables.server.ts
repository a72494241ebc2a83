import { sql } from "drizzle-orm";
import { PROOF_STATES } from "~/features/design-proofs/design-proofs";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList } from "~/platform/db/columns.server";
import { adminUsers } from "~/platform/db/tables.server";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";

/** The tables of the design-proofs feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * Design proofs of a custom order (issue 18, decision 024): version 1, 2, ... each a picture stored through
 * the upload pipeline, staff's message, and the shopper's answer (approved, or changes with a comment).
 * Only the latest version can be answered; production needs the latest one approved or a staff override.
 */
export const designProofs = pg.pgTable(
  "design_proofs",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    customOrderId: pg
      .uuid("custom_order_id")
      .notNull()
      .references(() => customNeonOrders.id, { onDelete: "cascade" }),
    version: pg.integer("version").notNull(),
    imageKey: pg.text("image_key").notNull(),
    imageWidth: pg.integer("image_width").notNull(),
    imageHeight: pg.integer("image_height").notNull(),
    message: pg.text("message").notNull().default(""),
    state: pg.text("state", { enum: PROOF_STATES }).notNull().default("sent"),
    shopperComment: pg.text("shopper_comment"),
    sentBy: pg.uuid("sent_by").references(() => adminUsers.id, { onDelete: "set null" }),
    sentByEmail: pg.text("sent_by_email"),
    createdAt: createdAt(),
    answeredAt: pg.timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex("design_proofs_order_version_uq").on(t.customOrderId, t.version),
    pg.check("design_proofs_state", inList(t.state, PROOF_STATES)),
    pg.check("design_proofs_version_positive", sql`${t.version} > 0`),
    pg.check(
      "design_proofs_answered",
      sql`(${t.state} = 'sent') = (${t.answeredAt} is null) and (${t.state} = 'changes_requested') = (${t.shopperComment} is not null)`,
    ),
  ],
);
