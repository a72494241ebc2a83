// CI only. `.ci/run` loads this into every Node.js process of a test run (NODE_OPTIONS=--import): npm, the
// npm scripts, vitest and its workers, tsx, the build, Playwright and its workers, every shop started by a test.
// Each process appends "<its Node version> <its entry file>" to CI_NODE_LOG (printed and checked by .ci/run),
// and a process running another Node than CI_EXPECT_NODE stops at once, so a run meant for Node 24 cannot
// quietly test a piece of the shop on the machine's Node 20.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const entry = process.argv[1];
  const what = entry
    ? path.relative(root, entry).startsWith("..")
      ? entry
      : path.relative(root, entry)
    : `node ${process.execArgv.join(" ")}`.trim();
  if (process.env.CI_NODE_LOG) fs.appendFileSync(process.env.CI_NODE_LOG, `${process.version}\t${what}\n`);
  const expected = process.env.CI_EXPECT_NODE;
  if (expected && process.version !== expected) {
    process.stderr.write(
      `\n.ci/node-check: ${what} runs on Node ${process.version}; this run is for ${expected}.\n`,
    );
    process.exit(1);
  }
}
