import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { closeDb, connectDb, db } from "~/platform/db/client.server";
import { runMigrations } from "~/wiring/database.server";
import { parseEnv, setEnv } from "~/platform/env.server";
import { startJobs } from "~/wiring/jobs.server";
import { stopQueue } from "~/platform/jobs/queue.server";
import { startEmbeddedPostgres } from "../../server/embedded-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    adminDbUrl: string;
    /** A database migrated once for the run, with the job queue's schema: each file's database is a copy. */
    templateDb: string;
  }
}

async function onServer<T>(adminUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The run's template database: the committed migrations and the job queue's schema, applied once (about 4
 * seconds a file otherwise). Without the shop settings' row: each file's first start stores its own
 * environment's settings (tests/support/test-db.ts runs the migrations again, which then only check).
 */
async function makeTemplate(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const name = `t_template_${process.pid}_${Date.now()}`;
  await onServer(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neon-template-"));
  setEnv(parseEnv({ ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, NODE_ENV: "test" }));
  connectDb(url.toString());
  try {
    await runMigrations(db());
    await startJobs({ work: false });
    await stopQueue();
    await db().execute("delete from shop_settings");
  } finally {
    await closeDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  project.provide("templateDb", name);
  return () =>
    onServer(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {});
}

/**
 * One PostgreSQL for the whole run: the server at DATABASE_URL when set, else an embedded one in a
 * fresh folder. Each test file makes its own database in it (tests/support/test-db.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("adminDbUrl", process.env.DATABASE_URL);
    return makeTemplate(project, process.env.DATABASE_URL);
  }
  const dir = path.resolve("test-data", `integration-${process.pid}-${Date.now()}`);
  const server = await startEmbeddedPostgres({ dir: path.join(dir, "postgres") });
  project.provide("adminDbUrl", server.url);
  const dropTemplate = await makeTemplate(project, server.url);
  return async () => {
    await dropTemplate();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
