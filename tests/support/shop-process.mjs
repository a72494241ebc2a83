// The one way tests and benchmarks start the shop: the production build (`node scripts/start.mjs`, which
// builds first when the code changed) on a free port with a fresh data folder (its own embedded PostgreSQL),
// waited for until /healthz answers, and reached through its database. Plain ESM with shop-process.d.mts, so
// the .mjs benchmark scripts and the TypeScript tests (Vitest, Playwright) import the same code.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { embeddedPostgresAddress } from "../../server/embedded-postgres-address.mjs";
import { freePort } from "../../server/free-port.mjs";

export { embeddedPostgresAddress, freePort };

/** The repository root. */
/**
 * The abuse limits lifted (docs/decisions/010-abuse-limits.md), for tests and benchmarks that place many
 * orders from one address with one phone: they measure something else. The limits have their own suites.
 */
export const NO_ABUSE_LIMITS = {
  CHECKOUT_RATE_PER_HOUR: "100000",
  MAX_OPEN_ORDERS_PER_CUSTOMER: "1000000",
  MAX_HELD_UNITS_PER_CUSTOMER: "100000",
  MAX_QTY_PER_LINE: "999",
  MAX_QTY_PER_PRODUCT: "9999",
  MAX_ORDER_TOTAL: "100000000",
  SHOP_NOTICES_PER_HOUR: "100000",
  EVENT_STREAMS_PER_NETWORK: "100000",
};

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A new empty data folder under the system's temporary folder. */
export function freshDataDir(prefix = "neon-shop") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  // Run as root, the embedded PostgreSQL runs as the 'postgres' user, which must be able to enter the folder.
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** The connection string of a DATA_DIR's embedded database (the shop must be running on it). */
export function embeddedDatabaseUrl(dataDir) {
  return embeddedPostgresAddress(dataDir).url;
}

/** A connected client on the embedded database of a DATA_DIR (the shop must be running on it). */
export async function embeddedClient(dataDir) {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
  await client.connect();
  return client;
}

/**
 * Start the built shop. `env` overrides the environment (DATA_DIR: that folder, kept afterwards; without it
 * a fresh folder is made and removed by stop()). Resolves once /healthz answers 200 (unless waitHealthy is
 * false); rejects with the shop's captured output if it exits or does not answer within timeoutMs.
 */
/**
 * Shops this process started and has not seen exit: told to stop (SIGTERM: they stop their own embedded
 * PostgreSQL) when this process exits, so a spec whose set-up timed out while its shop was starting (its stop()
 * never called) leaves no shop and database running behind it.
 */
const running = new Set();
let stopOnExit = false;
function stopWhenWeExit(child) {
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (stopOnExit) return;
  stopOnExit = true;
  process.once("exit", () => {
    for (const c of running) c.kill("SIGTERM");
  });
}

export async function startShop(env = {}, options = {}) {
  const port = Number(env.PORT ?? (await freePort()));
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? freshDataDir(options.dataDirPrefix);
  const url = `http://127.0.0.1:${port}`;
  const stdout = options.stdout ?? "pipe";
  const stderr = options.stderr ?? "pipe";
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: options.root ?? root,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      PUBLIC_URL: url,
      // Staff sign in without a second factor unless the test sets the policy (decision 043).
      ADMIN_SECOND_FACTOR_ROLES: "none",
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", stdout, stderr],
  });
  stopWhenWeExit(child);
  let out = "";
  const collect = (chunk) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  const output = () => out;

  let stopping;
  const stop = (stopOptions = {}) => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timeoutMs = stopOptions.timeoutMs ?? 20_000;
        const timer = new Promise((resolve) => setTimeout(() => resolve("timeout"), timeoutMs).unref());
        if ((await Promise.race([exited, timer])) === "timeout") {
          child.kill("SIGKILL");
          await exited;
        }
      }
      if (ownDataDir && !stopOptions.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  const shop = {
    url,
    port,
    dataDir,
    child,
    output,
    exited,
    stop,
    databaseUrl: () => embeddedDatabaseUrl(dataDir),
    db: () => embeddedClient(dataDir),
  };
  if (options.waitHealthy === false) return shop;

  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  const captured = () => (stdout === "pipe" || stderr === "pipe" ? `:\n${out}` : "");
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop({ keepData: true });
      throw new Error(`the shop exited during start${captured()}`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return shop;
    if (Date.now() > deadline) {
      await stop({ keepData: true });
      throw new Error(`the shop did not answer ${url}/healthz in time${captured()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
