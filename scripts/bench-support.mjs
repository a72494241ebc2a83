// Shared by the benchmark scripts. Starting the shop lives in tests/support/shop-process.mjs (also used by the
// tests); this module keeps the names the benchmarks import.
import fs from "node:fs";
import path from "node:path";
import { root, startShop as start } from "../tests/support/shop-process.mjs";

export {
  embeddedClient,
  embeddedDatabaseUrl,
  freePort,
  freshDataDir,
  root,
} from "../tests/support/shop-process.mjs";

export { NO_ABUSE_LIMITS } from "../tests/support/shop-process.mjs";

/**
 * Start the production build on a free port with a fresh DATA_DIR (or extraEnv.DATA_DIR) and wait for /healthz.
 * The shop's errors go to this process's stderr. Options as for startShop in tests/support/shop-process.mjs.
 */
export function startShop(extraEnv = {}, options = {}) {
  return start(
    { LOG_LEVEL: "error", ...extraEnv },
    { stdout: "ignore", stderr: "inherit", dataDirPrefix: "neon-bench", ...options },
  );
}

export function writeResult(name, data) {
  const dir = path.join(root, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${name}.json`),
    JSON.stringify({ at: new Date().toISOString(), ...data }, null, 2) + "\n",
  );
}
