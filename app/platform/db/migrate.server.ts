import { migrate } from "drizzle-orm/node-postgres/migrator";
import { projectPath } from "~/platform/paths.server";
import { dbPool, type Db } from "./client.server";

const MIGRATION_LOCK = 727_001;

/**
 * Run `work` while holding a PostgreSQL advisory lock, so several app instances starting at once
 * migrate and seed one after the other.
 */
export async function withStartupLock<T>(work: () => Promise<T>): Promise<T> {
  const client = await dbPool().connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Apply the committed migrations in drizzle/ (app/wiring/database.server.ts adds the first-start rows). */
export async function migrateSchema(database: Db): Promise<void> {
  await migrate(database, { migrationsFolder: projectPath("drizzle") });
}
