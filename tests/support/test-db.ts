import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDb, connectDb, db } from "~/platform/db/client.server";
import { runMigrations } from "~/wiring/database.server";
import { wirePlatform } from "~/wiring/platform.server";
import { startJobs } from "~/wiring/jobs.server";
import { stopQueue } from "~/platform/jobs/queue.server";
import { parseEnv, setEnv, type Env } from "~/platform/env.server";

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("adminDbUrl") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database and DATA_DIR for this test file, connected as the app's one client.
 * Returns accessors valid inside tests.
 */
export function setupTestDatabase(envOverrides: Record<string, string> = {}) {
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neon-test-"));
  let env: Env | undefined;
  let url = "";

  beforeAll(async () => {
    // Files share their fork's modules (vitest.config.ts): a file that stopped half-way (a timeout) may have
    // left its connection or queue behind.
    await stopQueue();
    await closeDb();
    await admin((c) => c.query(`create database ${name} template ${inject("templateDb")}`));
    url = withDatabase(inject("adminDbUrl"), name);
    env = parseEnv({
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      // Staff sign in without a second factor unless a test asks for the policy (decision 043).
      ADMIN_SECOND_FACTOR_ROLES: "none",
      ...envOverrides,
    });
    setEnv(env);
    wirePlatform();
    // 50 checkouts racing for one code queue for the pool's 10 connections, behind one row lock: on a machine
    // busy with the e2e run beside, the last ones waited more than the app's 10 s for a connection.
    connectDb(url, { waitMs: 45_000 });
    await runMigrations(db());
    // The job queue's schema and queues, without workers: tests run queued jobs with runQueuedJobs().
    await startJobs({ work: false });
  });

  afterAll(async () => {
    await stopQueue();
    await closeDb();
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get url() {
      return url;
    },
    dataDir,
    get env() {
      if (!env) throw new Error("setupTestDatabase: not set up yet");
      return env;
    },
  };
}

/** How many rows a table of this file's database holds (those matching `where`, when given). */
export async function countRows(table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row!.n;
}
