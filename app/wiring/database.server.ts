import { ensureShopSettings } from "~/features/settings/store-settings.server";
import type { Db } from "~/platform/db/client.server";
import { migrateSchema } from "~/platform/db/migrate.server";

/** Apply the committed migrations in drizzle/, then store the first-start settings when there are none. */
export async function runMigrations(database: Db): Promise<void> {
  await migrateSchema(database);
  await ensureShopSettings(database);
}
