// `npm run bench:bundles` (after `npm run build`): the JavaScript each page of the shop and the admin
// loads, in gzipped bytes (gzip -9, as the build's .gz copies), so a change's cost shows per route.
//
// It reads React Router's build manifest (build/client/assets/manifest-*.js): each route's module and its
// `imports` (the closure of the chunks it imports statically), and the entry client that every page loads.
// Per route it prints:
//   route  the route's module and its imports, less the entry client's chunks (React, React Router)
//   page   what a first visit to the URL downloads: the entry client and every route of the match (root,
//          layouts, the page), each chunk counted once
//   lazy   chunks the page may import later (import() of the cart drawer, toasts, ...), not already in `page`
// and flags zod or sonner when one of their chunks is in a storefront page's `page` set.
//
//   node scripts/bench-bundles.mjs [--dir build/client] [--json out.json] [--compare before.json] [--raw]
// --json saves the figures; --compare prints the difference to saved figures beside each column; --raw
// measures the files as they are (by default the chunks' content hashes in import names are left out).
//
// Budgets (scripts/perf-budgets.mjs): a page's first view must stay within its JavaScript ceiling, measured
// as the build's brotli copies (what the server sends), and must not load zod or sonner up front. A missed
// budget exits with status 1; the same list is checked against Lighthouse by `npm run bench:lighthouse`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PAGE_BUDGETS } from "./perf-budgets.mjs";

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const clientDir = path.resolve(option("--dir") ?? "build/client");
const jsonOut = option("--json");
const compareWith = option("--compare");

const assetsDir = path.join(clientDir, "assets");
const manifestFile = fs.existsSync(assetsDir)
  ? fs.readdirSync(assetsDir).find((n) => /^manifest-[\w-]+\.js$/.test(n))
  : undefined;
if (!manifestFile) {
  console.error(`No React Router manifest in ${assetsDir}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifestText = fs.readFileSync(path.join(assetsDir, manifestFile), "utf8");
const manifest = JSON.parse(
  manifestText
    .replace(/^\s*window\.__reactRouterManifest\s*=\s*/, "")
    .replace(/;\s*$/, "")
    .trim(),
);

// Chunk URLs in the manifest are "/assets/x.js" (the build's public base is "/").
const fileOf = (url) => path.join(clientDir, url.replace(/^\//, ""));
// A chunk names the chunks it imports with their content hashes ("./shop-2gMUSaxA.js"). A change anywhere
// gives the chunks that import it new names, and the new hashes gzip a few bytes better or worse, in every
// chunk that imports them: measured as they are (--raw), each route drifts by tens of bytes. By default the
// hashes are read as one placeholder of the same length, so what is compared is the code.
const raw = args.includes("--raw");
const HASHED_NAME = /(["'/][\w.-]*?-)[\w-]{8}(\.(?:js|css)["'])/g;
const gzCache = new Map();
function gz(url) {
  let size = gzCache.get(url);
  if (size === undefined) {
    const text = fs.readFileSync(fileOf(url), "utf8");
    const body = raw ? text : text.replace(HASHED_NAME, "$1xxxxxxxx$2");
    size = zlib.gzipSync(body, { level: 9 }).length;
    gzCache.set(url, size);
  }
  return size;
}
const sum = (urls) => [...urls].reduce((n, u) => n + gz(u), 0);

// Static and dynamic imports between chunks, read from the chunks (Vite writes "./name-hash.js" specifiers).
const importsCache = new Map();
function chunkImports(url) {
  let found = importsCache.get(url);
  if (found) return found;
  const text = fs.readFileSync(fileOf(url), "utf8");
  const dir = path.posix.dirname(url);
  const resolve = (spec) => path.posix.join(dir, spec);
  const statics = new Set();
  const dynamics = new Set();
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.\.?\/[^"']+\.js)["']/g))
    statics.add(resolve(m[1]));
  for (const m of text.matchAll(/\bimport\(\s*["'](\.\.?\/[^"']+\.js)["']\s*\)/g))
    dynamics.add(resolve(m[1]));
  found = { statics, dynamics };
  importsCache.set(url, found);
  return found;
}
function staticClosure(urls) {
  const seen = new Set();
  const stack = [...urls];
  while (stack.length) {
    const url = stack.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    for (const next of chunkImports(url).statics) stack.push(next);
  }
  return seen;
}
function lazyOf(eager) {
  const lazy = new Set();
  const stack = [...eager].flatMap((u) => [...chunkImports(u).dynamics]);
  while (stack.length) {
    const url = stack.pop();
    if (eager.has(url) || lazy.has(url)) continue;
    lazy.add(url);
    const { statics, dynamics } = chunkImports(url);
    stack.push(...statics, ...dynamics);
  }
  return lazy;
}

const entry = new Set([manifest.entry.module, ...manifest.entry.imports]);
const routes = manifest.routes;
const ownChunks = (r) => new Set([r.module, ...(r.imports ?? [])]);

// The manifest's imports are meant to be the whole static closure; say so if a chunk imports more.
const warnings = [];
for (const [id, r] of Object.entries(routes)) {
  const listed = ownChunks(r);
  const missing = [...staticClosure(listed)].filter((u) => !listed.has(u));
  if (missing.length) warnings.push(`${id}: the chunks also import ${missing.join(", ")}`);
}

const chainOf = (id) => {
  const chain = [];
  for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r);
  return chain;
};
const isLayout = (id) => Object.values(routes).some((r) => r.parentId === id);
const urlOf = (id) => {
  const parts = chainOf(id)
    .map((r) => r.path)
    .filter(Boolean);
  const url = `/${parts.join("/")}`.replace(/\/+/g, "/");
  return isLayout(id) ? `${url} (layout)` : url;
};

const isShop = (id) => chainOf(id).some((r) => r.id.endsWith("/shop-layout"));
const isAdmin = (id) => chainOf(id).some((r) => r.id.endsWith("/admin-root"));
// Resource routes (API, feeds) have no component and load nothing in the browser.
const pages = Object.keys(routes).filter((id) => id !== "root" && routes[id].hasDefaultExport);

const figures = {};
function measure(id) {
  const chain = chainOf(id);
  const own = [...ownChunks(routes[id])].filter((u) => !entry.has(u));
  const page = new Set(entry);
  for (const r of chain) for (const u of ownChunks(r)) page.add(u);
  const lazy = lazyOf(page);
  const heavy = [...page].map((u) => path.posix.basename(u)).filter((n) => /^(zod|sonner)-/.test(n));
  return {
    url: urlOf(id),
    route: sum(own),
    page: sum(page),
    lazy: sum(lazy),
    heavy: heavy.map((n) => n.replace(/-[\w-]+\.js$/, "")),
  };
}
figures["entry.client"] = {
  url: "(every page)",
  route: sum(entry),
  page: sum(entry),
  lazy: sum(lazyOf(entry)),
  heavy: [],
};
figures.root = { ...measure("root"), url: "(root)" };
for (const id of pages) figures[id] = measure(id);

const before = compareWith ? JSON.parse(fs.readFileSync(compareWith, "utf8")).routes : undefined;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const delta = (id, key) => {
  if (!before) return "";
  const was = before[id]?.[key];
  if (was === undefined) return "  (new)";
  const d = figures[id][key] - was;
  return d === 0 ? "  ±0" : `  ${d > 0 ? "+" : ""}${d} B`;
};
const shortName = (id) => id.replace(/^features\//, "").replace(/\/routes\//, ": ");

function table(title, ids) {
  const rows = ids.map((id) => [
    shortName(id),
    figures[id].url,
    `${figures[id].route} B${delta(id, "route")}`,
    `${figures[id].page} B (${kb(figures[id].page)})${delta(id, "page")}`,
    `${figures[id].lazy} B${delta(id, "lazy")}`,
    figures[id].heavy.join(" "),
  ]);
  const head = ["route", "url", "route gz", "page gz", "lazy gz", "zod/sonner"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}

console.log(
  `JavaScript per route, gzip -9 bytes (${path.relative(process.cwd(), assetsDir) || "."}/${manifestFile})`,
);
console.log(
  "route: its module and imports beyond the entry client; page: entry client + root + layouts + route, each chunk once;",
);
console.log("lazy: chunks it may import() later. A storefront page listing zod/sonner loads them up front.");
table("Shared", ["entry.client", "root"]);
table(
  "Storefront",
  pages.filter((id) => isShop(id)),
);
table(
  "Admin",
  pages.filter((id) => isAdmin(id)),
);
const other = pages.filter((id) => !isShop(id) && !isAdmin(id));
if (other.length) table("Other", other);
for (const w of warnings) console.warn(`warning: ${w}`);

if (before) {
  const grew = pages.filter((id) => isShop(id) && before[id] && figures[id].page > before[id].page);
  console.log(
    grew.length
      ? `\nStorefront pages that grew: ${grew.map(shortName).join(", ")}`
      : "\nNo storefront page grew.",
  );
}
// Brotli as the build writes it (the .br copy beside each chunk; quality 11 when missing), hashes as they are.
const brCache = new Map();
function br(url) {
  let size = brCache.get(url);
  if (size === undefined) {
    const file = fileOf(url);
    size = fs.existsSync(`${file}.br`)
      ? fs.statSync(`${file}.br`).size
      : zlib.brotliCompressSync(fs.readFileSync(file)).length;
    brCache.set(url, size);
  }
  return size;
}
function firstView(id) {
  const set = new Set(entry);
  for (const r of chainOf(id)) for (const u of ownChunks(r)) set.add(u);
  return set;
}
console.log("\nBudgets (scripts/perf-budgets.mjs), first view in brotli bytes:");
const missed = [];
for (const b of PAGE_BUDGETS) {
  if (!routes[b.route]) {
    missed.push(`${b.page}: route ${b.route} is not in the manifest`);
    console.log(`  ${b.page.padEnd(16)} route ${b.route} not found`);
    continue;
  }
  const bytes = [...firstView(b.route)].reduce((n, u) => n + br(u), 0);
  const problems = [];
  if (b.jsKB !== undefined && bytes / 1024 > b.jsKB)
    problems.push(`${(bytes / 1024).toFixed(1)} KB > ${b.jsKB} KB`);
  if (b.noZod && figures[b.route].heavy.length)
    problems.push(`loads ${figures[b.route].heavy.join(" and ")} up front`);
  for (const p of problems) missed.push(`${b.page}: ${p}`);
  console.log(
    `  ${b.page.padEnd(16)} ${(bytes / 1024).toFixed(1).padStart(6)} KB brotli${b.jsKB !== undefined ? ` (at most ${b.jsKB} KB)` : ""}: ${problems.length ? `MISSED: ${problems.join(", ")}` : "met"}`,
  );
}

if (jsonOut) {
  fs.writeFileSync(jsonOut, `${JSON.stringify({ manifest: manifestFile, routes: figures }, null, 2)}\n`);
  console.log(`\nSaved to ${jsonOut}`);
}
if (missed.length) {
  console.error(`\nBudget missed: ${missed.join("; ")}. Exit status 1.`);
  process.exit(1);
}
