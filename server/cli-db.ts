import path from "node:path";
import { closeDb, connectDb, db, type Db } from "~/server/db/client.server";
import { runMigrations, withStartupLock } from "~/server/db/migrate.server";
import { EnvError, parseEnv, setEnv } from "~/server/env.server";
import { lockDataDir } from "./data-dir-lock";
import { startEmbeddedPostgres } from "./embedded-postgres";

/**
 * For command-line scripts: connect to the shop's database (the embedded one under DATA_DIR unless
 * DATABASE_URL is set), migrate, run `work`, and shut everything down again.
 */
export async function withShopDatabase<T>(work: (database: Db) => Promise<T>): Promise<T> {
  let e;
  try {
    e = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  setEnv(e);
  let unlock: (() => void) | undefined;
  let stopPg: (() => Promise<void>) | undefined;
  let url = e.DATABASE_URL;
  if (!url) {
    try {
      unlock = lockDataDir(e.DATA_DIR);
    } catch (err) {
      throw new Error(
        `${(err as Error).message}\nThis command needs the embedded database to itself: stop the shop (Ctrl+C) and run it again.`,
      );
    }
    const pg = await startEmbeddedPostgres({ dir: path.join(e.DATA_DIR, "postgres") });
    url = pg.url;
    stopPg = pg.stop;
  }
  connectDb(url, { max: 4 });
  try {
    await withStartupLock(() => runMigrations(db()));
    return await work(db());
  } finally {
    await closeDb();
    await stopPg?.();
    unlock?.();
  }
}
