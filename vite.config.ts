import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";
import routes from "./app/routes";

const appDir = fileURLToPath(new URL("./app", import.meta.url));

/** The shop's layout route and its pages, as app/routes.ts lists them (pages live in their feature folders). */
const shopLayout = routes.find((r) => r.file.endsWith("/shop-layout.tsx"));
if (!shopLayout)
  throw new Error("app/routes.ts has no shop layout (features/storefront/routes/shop-layout.tsx)");
const SHOP_LAYOUT = `${appDir}/${shopLayout.file}`;
const SHOP_PAGES = (shopLayout.children ?? []).map((r) => `${appDir}/${r.file}`);

/** React, React DOM and React Router: every page needs them, they change only with an upgrade. */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)\//;

const SHOP_PACKAGES =
  /\/node_modules\/(lucide-react|clsx|tailwind-merge|class-variance-authority|@radix-ui\/react-slot|@radix-ui\/react-compose-refs)\//;

/**
 * The browser build's chunks (decision 022). Rollup's default makes one chunk per set of pages sharing a
 * module, which gave the home page ~30 small files before its first paint. Instead: the framework in one
 * chunk; everything the shop's frame (root + header, footer, cart) or at least two storefront pages import
 * statically in one "shop" chunk; what one page alone uses stays in that page's chunk; lazy imports (cart
 * drawer, cart rules with zod) stay lazy.
 */
function storefrontChunks() {
  let shared: Set<string> | null = null;
  return (id: string, { getModuleInfo, getModuleIds }: Rollup.ManualChunkMeta): string | undefined => {
    if (FRAMEWORK.test(id)) return "framework";
    if (/\.css($|\?)/.test(id)) return undefined; // the stylesheet stays with the root route, as before
    shared ??= sharedStorefrontModules(getModuleInfo, [...getModuleIds()]);
    return shared.has(id) ? "shop" : undefined;
  };
}

function sharedStorefrontModules(getModuleInfo: Rollup.GetModuleInfo, ids: string[]): Set<string> {
  const reach = (start: string) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of getModuleInfo(id)?.importedIds ?? []) stack.push(next);
    }
    return seen;
  };
  const frame = new Set([...reach(`${appDir}/root.tsx`), ...reach(SHOP_LAYOUT)]);
  const counts = new Map<string, number>();
  // The customiser, checkout and the after-sale pages (order page, find my order, logo quotes) bring their
  // own heavy code (zod, pricing, phone numbers, Radix Select): not counted, so the catalogue pages never
  // download it.
  const pages = SHOP_PAGES.filter(
    (id) =>
      ids.includes(id) &&
      !/\/(customize|checkout|order-confirmation|order-page|find-order|logo-quote-page|quote-page)\.tsx$/.test(
        id,
      ),
  );
  // The four policy pages count as one: what only they share (the policy layout) stays in their own chunk.
  const groups = new Map<string, Set<string>>();
  for (const page of pages) {
    const group = /\/(privacy-policy|terms-of-service|return-policy|shipping-info)\.tsx$/.test(page)
      ? "policies"
      : page;
    const members = groups.get(group) ?? new Set<string>();
    for (const id of reach(page)) if (id !== page) members.add(id);
    groups.set(group, members);
  }
  for (const members of groups.values()) for (const id of members) counts.set(id, (counts.get(id) ?? 0) + 1);
  const out = new Set<string>();
  for (const id of frame) out.add(id);
  for (const [id, n] of counts) if (n >= 2) out.add(id);
  for (const id of [`${appDir}/root.tsx`, SHOP_LAYOUT, ...pages]) out.delete(id);
  // Only the app's own modules and a few small packages surely used: a package reached through a barrel
  // (radix-ui re-exports every primitive) is not necessarily used, and Rollup's helper modules (\0...)
  // must stay where the framework chunk can import them without a cycle.
  for (const id of out) if (!id.startsWith(`${appDir}/`) && !SHOP_PACKAGES.test(id)) out.delete(id);
  return out;
}

/**
 * Writes a brotli (best quality) and a gzip (-9) copy beside each JavaScript and CSS file of the browser
 * build; server/precompressed.ts serves them (decision 022).
 */
function precompress(): Plugin {
  return {
    name: "neon-precompress",
    apply: "build",
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const file = path.join(options.dir!, name);
        const body = fs.readFileSync(file);
        const br = zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        fs.writeFileSync(`${file}.br`, br);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The server build's worker threads: every module under app/ named `*-worker.server.ts` is an entry of its own,
 * build/server/<name>-worker.js, sharing the server's chunks (app/platform/worker-entry.server.ts finds it;
 * decision 048). React Router names the server's entry index.js, so the workers are emitted by name here.
 */
function serverWorkers(): Plugin {
  return {
    name: "neon-server-workers",
    apply: "build",
    buildStart() {
      for (const file of fs.readdirSync(appDir, { recursive: true, encoding: "utf8" })) {
        if (!/-worker\.server\.ts$/.test(file)) continue;
        const fileName = path.basename(file).replace(/\.server\.ts$/, ".js");
        this.emitFile({ type: "chunk", id: path.join(appDir, file), fileName });
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./server/main.ts" }
      : { output: { manualChunks: storefrontChunks() } },
    target: isSsrBuild ? "node20" : "es2022",
    minify: process.env.NO_MINIFY ? false : undefined,
    // SOURCEMAP=1 npm run build: source maps of the browser build, to see what each chunk holds.
    sourcemap: !isSsrBuild && Boolean(process.env.SOURCEMAP),
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [serverWorkers()] : [precompress()])],
}));
