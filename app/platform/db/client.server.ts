import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";

/** The tables live in their features' tables.server.ts; queries name them, so the client needs no schema. */
export type Db = NodePgDatabase;
/** A database handle or an open transaction: server functions accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

let pool: pg.Pool | undefined;
let database: Db | undefined;
let connectionString: string | undefined;

/**
 * Open the one connection pool of this process. `waitMs`: how long a query waits for a free connection before
 * it fails (10 s; the integration tests, on a machine busy with other suites, wait longer).
 */
export function connectDb(url: string, options: { max?: number; waitMs?: number } = {}): Db {
  if (database) return database;
  pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.waitMs ?? 10_000,
  });
  // A client losing its connection (database restarted or killed) must not crash the process: idle
  // clients report on the pool, checked-out ones on themselves; their queries fail and the pool replaces them.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  connectionString = url;
  database = drizzle(pool);
  return database;
}

export function db(): Db {
  if (!database) throw new Error("The database is not connected yet (connectDb was not called).");
  return database;
}

/** True between connectDb and closeDb (a shop that is stopping has closed it once its requests ended). */
export function dbConnected(): boolean {
  return database !== undefined;
}

export function dbPool(): pg.Pool {
  if (!pool) throw new Error("The database is not connected yet (connectDb was not called).");
  return pool;
}

export function dbUrl(): string {
  if (!connectionString) throw new Error("The database is not connected yet (connectDb was not called).");
  return connectionString;
}

export async function closeDb(): Promise<void> {
  const p = pool;
  pool = undefined;
  database = undefined;
  connectionString = undefined;
  await p?.end();
}

/** True when the database answers a trivial query within the timeout. */
export async function pingDb(timeoutMs = 2000): Promise<boolean> {
  if (!pool) return false;
  const p = pool;
  try {
    await Promise.race([
      p.query("select 1"),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
}

/** The database or a transaction: what a query helper accepts. */
export type DbOrTx = Db | Tx;
