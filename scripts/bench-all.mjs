// `npm run bench`: every benchmark, one after the other; results in bench/results/*.json.
import { spawnSync } from "node:child_process";
import { root } from "./bench-support.mjs";

const steps = [
  ["bench:lighthouse", ["/customize", "/checkout#cart"]],
  ["bench:server", []],
  ["bench:checkout", []],
  ["bench:load", []],
  ["bench:admin", []],
  ["bench:growth", []],
  ["bench:customizer", []],
];
const failed = [];
for (const [script, args] of steps) {
  console.log(`\n=== npm run ${script} ${args.join(" ")}`);
  const r = spawnSync("npm", ["run", script, ...(args.length ? ["--", ...args] : [])], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0) failed.push(script);
}
console.log(
  failed.length
    ? `\nFailed: ${failed.join(", ")}`
    : "\nAll benchmarks ran; see bench/results/ and docs/performance.md.",
);
process.exit(failed.length ? 1 : 0);
