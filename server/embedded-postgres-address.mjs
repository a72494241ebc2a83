// Where the embedded PostgreSQL of a DATA_DIR listens: its postmaster.pid (line 1 the server's process id,
// line 4 its port) and the password the shop generated (DATA_DIR/.postgres-password). Plain ESM (with a
// .d.mts) so the command-line scripts, the TypeScript tests and the .mjs benchmarks read it one way.
import fs from "node:fs";
import path from "node:path";

/**
 * The connection string of the embedded PostgreSQL (user postgres, database postgres, TCP on 127.0.0.1).
 * @param {string} password
 * @param {number} port
 */
export function embeddedPostgresUrl(password, port) {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * The embedded database of a DATA_DIR whose PostgreSQL is (or was last) running; throws when it never ran.
 * @param {string} dataDir
 * @returns {{ pid: number; port: number; password: string; url: string }}
 */
export function embeddedPostgresAddress(dataDir) {
  const lines = fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!(Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0)) {
    throw new Error(`${path.join(dataDir, "postgres", "postmaster.pid")} does not name a process and a port`);
  }
  const password = fs.readFileSync(path.join(dataDir, ".postgres-password"), "utf8").trim();
  return { pid, port, password, url: embeddedPostgresUrl(password, port) };
}
