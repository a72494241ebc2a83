import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";

/** Column helpers every table file uses: timestamps, CHECK lists, images, bytea. */

// Money columns are whole rupees (integer). Timestamps are timestamptz.
export const createdAt = () => pg.timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => pg.timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** An uploaded image: objects {key}/{width}.webp in the image store (DATA_DIR/uploads or the S3 bucket). */
export const imageColumns = () => ({
  imageKey: pg.text("image_key").notNull(),
  width: pg.integer("width").notNull(),
  height: pg.integer("height").notNull(),
});

export const inList = (col: unknown, values: readonly string[]) =>
  sql`${col} in (${sql.join(
    values.map((v) => sql.raw(`'${v}'`)),
    sql`, `,
  )})`;

export const bytea = pg.customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
