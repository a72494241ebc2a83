// `npm run test:e2e`: Playwright journeys in the system Chromium against a production build started
// on a free port with a fresh DATA_DIR (and its own embedded PostgreSQL).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort, root } from "../tests/support/shop-process.mjs";

const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
if (!fs.existsSync(chrome)) {
  console.error(
    `\nThe browser tests need Chromium, and none was found at ${chrome}.\n` +
      `Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n` +
      `or point CHROME_PATH at a Chromium or Chrome binary.\n`,
  );
  process.exit(1);
}

const port = await freePort();
const dataDir = path.join(root, "test-data", `e2e-${Date.now()}`);
fs.mkdirSync(dataDir, { recursive: true });

const r = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, CHROME_PATH: chrome, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
});
if (r.status === 0 && !process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(r.status ?? 1);
