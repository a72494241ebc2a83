import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../server/embedded-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    adminDbUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: the server at DATABASE_URL when set, else an embedded one in a
 * fresh folder. Each test file makes its own database in it (tests/support/test-db.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("adminDbUrl", process.env.DATABASE_URL);
    return;
  }
  const dir = path.resolve("test-data", `integration-${process.pid}-${Date.now()}`);
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, "postgres") });
  project.provide("adminDbUrl", pg.url);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
