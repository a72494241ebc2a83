import { sql } from "drizzle-orm";
import { ROLES } from "~/shared/staff-access";
import * as pg from "drizzle-orm/pg-core";
import { createdAt } from "~/platform/db/columns.server";
import { adminUsers } from "~/platform/db/tables.server";

/** The tables of the staff feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/** Invitations to join the staff: a one-time link (only the SHA-256 of its token is kept). */
export const staffInvitations = pg.pgTable(
  "staff_invitations",
  {
    id: pg.uuid("id").primaryKey().defaultRandom(),
    tokenHash: pg.text("token_hash").notNull().unique(),
    email: pg.text("email").notNull(),
    role: pg.text("role", { enum: ROLES }).notNull(),
    invitedBy: pg.uuid("invited_by").references(() => adminUsers.id, { onDelete: "set null" }),
    expiresAt: pg.timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: pg.timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [pg.index("staff_invitations_email_idx").on(sql`lower(${t.email})`)],
);
