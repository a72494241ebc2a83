import path from "node:path";
import { closeDb, connectDb, db, type Db } from "~/platform/db/client.server";
import { withStartupLock } from "~/platform/db/migrate.server";
import { runMigrations } from "~/wiring/database.server";
import { wirePlatform } from "~/wiring/platform.server";
import { EnvError, parseEnv, setEnv, type Env } from "~/platform/env.server";
import { lockDataDir } from "./data-dir-lock";
import { embeddedPostgresAddress } from "./embedded-postgres-address.mjs";
import { startEmbeddedPostgres } from "./embedded-postgres";

/** The embedded database of a shop that is running now on this DATA_DIR, if any. */
function runningEmbeddedUrl(dataDir: string): string | undefined {
  try {
    const running = embeddedPostgresAddress(dataDir);
    process.kill(running.pid, 0);
    return running.url;
  } catch {
    return undefined;
  }
}

export function cliEnv(): Env {
  try {
    const e = parseEnv();
    setEnv(e);
    wirePlatform();
    return e;
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * For command-line scripts: connect to the shop's database (DATABASE_URL; else the embedded one under
 * DATA_DIR, through the running shop's server when it is up, or started just for this command),
 * migrate, run `work`, and shut down what this command started.
 */
export async function withShopDatabase<T>(work: (database: Db) => Promise<T>): Promise<T> {
  const e = cliEnv();
  let unlock: (() => void) | undefined;
  let stopPg: (() => Promise<void>) | undefined;
  let url = e.DATABASE_URL;
  if (!url) {
    try {
      unlock = lockDataDir(e.DATA_DIR);
    } catch (err) {
      url = runningEmbeddedUrl(e.DATA_DIR);
      if (!url) throw err;
    }
    if (!url) {
      try {
        const pg = await startEmbeddedPostgres({ dir: path.join(e.DATA_DIR, "postgres") });
        url = pg.url;
        stopPg = pg.stop;
      } catch (err) {
        unlock?.();
        throw err;
      }
    }
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
