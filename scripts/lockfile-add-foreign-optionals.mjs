// Our npm registry mirror serves only the linux-x64 builds of platform packages (rollup, esbuild,
// tailwind oxide, ...), so `npm install` leaves the other platforms' optional packages out of
// package-lock.json and `npm ci` then refuses the lock file ("Missing: ... from lock file").
// This adds a lock entry (version, os, cpu, optional) for each such package, as the public registry
// would have. npm skips them on other platforms without fetching. Run after `npm install` changes
// the lock file: `node scripts/lockfile-add-foreign-optionals.mjs`. See docs/decisions/004.
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const pkgs = lock.packages;

const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "openharmony",
  "sunos",
  "win32",
  "aix",
  "netbsd",
  "wasm32",
  "cygwin",
];
const CPU = [
  "arm64",
  "arm",
  "x64",
  "ia32",
  "loong64",
  "ppc64",
  "riscv64",
  "s390x",
  "mips64el",
  "wasm32",
  "x86",
];
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  let os = parts.find((p) => OS.includes(p));
  if (os === "win32" || parts.includes("windows")) os = "win32";
  if (parts.includes("wasi") || parts.includes("wasm32")) return { cpu: ["wasm32"] };
  const cpu =
    parts.find((p) => CPU.includes(p)) ??
    (parts.includes("gnueabihf") || parts.includes("musleabihf") || parts.includes("eabi")
      ? "arm"
      : undefined);
  const out = {};
  if (os) out.os = [os === "x86" ? "win32" : os];
  if (cpu) out.cpu = [cpu === "x86" ? "ia32" : cpu];
  if (parts.includes("musl") || parts.some((p) => p.endsWith("musl"))) out.libc = ["musl"];
  else if (parts.some((p) => p.includes("gnu"))) out.libc = ["glibc"];
  return out;
}

const exact = (spec) => spec.replace(/^[\^~=]/, "");
let added = 0;
for (const [path, entry] of Object.entries(pkgs)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    // Resolution: nested under the parent first, then every ancestor, then the top level.
    const segments = path ? path.split("/node_modules/") : [];
    let found = false;
    for (let i = segments.length; i >= 0 && !found; i--) {
      const base = segments.slice(0, i).join("/node_modules/");
      const key = base ? `${base}/node_modules/${dep}` : `node_modules/${dep}`;
      if (pkgs[key]) found = true;
    }
    if (found) continue;
    const key = `node_modules/${dep}`;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue; // not a platform package: leave it to npm
    pkgs[key] = { version: exact(spec), ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`package-lock.json: added ${added} foreign-platform optional entries`);
