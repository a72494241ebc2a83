// Linted as app/features/storefront/routes/fixture.tsx: a route must not reach the database directly.
import { sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";

export async function loader() {
  return db().execute(sql`select 1`);
}
