// Shared by the benchmark scripts: start the production build on a free port with a fresh DATA_DIR.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The abuse limits lifted, for benchmarks that measure throughput from one address (every simulated shopper
 * here is 127.0.0.1 with the same phone). bench:abuse measures the limits themselves.
 */
export const NO_ABUSE_LIMITS = {
  CHECKOUT_RATE_PER_HOUR: "100000",
  MAX_OPEN_ORDERS_PER_CUSTOMER: "1000000",
  MAX_HELD_UNITS_PER_CUSTOMER: "100000",
  MAX_QTY_PER_LINE: "999",
  MAX_QTY_PER_PRODUCT: "9999",
  MAX_ORDER_TOTAL: "100000000",
};

/** Start `node scripts/start.mjs` (builds if needed) and wait for /healthz. */
export async function startShop(extraEnv = {}) {
  const port = await freePort();
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "neon-bench-"));
  // As root the embedded PostgreSQL runs as the postgres user, which must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "error", ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the shop exited during start");
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error("the shop did not start in time");
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      if (!extraEnv.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function writeResult(name, data) {
  const dir = path.join(root, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ at: new Date().toISOString(), ...data }, null, 2) + "\n");
}
