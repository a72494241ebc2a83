// `npm start`: build when no current build exists, then start the shop.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(root, "build", ".source-hash");
const entry = path.join(root, "build", "server", "index.js");

/** A hash of every file the build depends on. */
function sourceHash() {
  const hash = crypto.createHash("sha256");
  const walk = (dir) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      const st = fs.statSync(p);
      if (st.isDirectory()) walk(p);
      else hash.update(path.relative(root, p)).update(fs.readFileSync(p));
    }
  };
  for (const d of ["app", "server", "public"])
    if (fs.existsSync(path.join(root, d))) walk(path.join(root, d));
  for (const f of ["package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"]) {
    if (fs.existsSync(path.join(root, f))) hash.update(f).update(fs.readFileSync(path.join(root, f)));
  }
  return hash.digest("hex");
}

const current = sourceHash();
const built = fs.existsSync(stampFile) && fs.existsSync(entry) ? fs.readFileSync(stampFile, "utf8") : "";
if (built !== current) {
  console.log("Building the shop (first start or the code changed)...");
  const r = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(1);
  }
  fs.writeFileSync(stampFile, current);
}

process.env.NODE_ENV ??= "production";
const { run } = await import(entry);
await run();
