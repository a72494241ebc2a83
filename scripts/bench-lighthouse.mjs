#!/usr/bin/env node
// `npm run bench:lighthouse [-- /customize "/checkout#cart" ...]`
// Builds the shop if needed, starts the production app on a free port with a fresh DATA_DIR (demo
// catalogue), and runs Lighthouse (mobile defaults: simulated slow 4G and 4x CPU slowdown) RUNS times
// per page in the system Chromium. Prints the median performance, accessibility, best-practices and
// SEO scores and the JavaScript each page loads (bytes over the wire, gzipped), and writes
// bench/results/lighthouse.json.
//
// A page written as "/checkout#cart" is measured with a filled cart (one demo product put in the
// browser's localStorage before Lighthouse loads the page, storage reset off).
//
// With no page arguments it measures the pages the performance budget names: /, /products, a product page,
// /contact, a policy page, /customize and /checkout with a filled cart. Page arguments replace that list
// ("product" stands for the first product in the sitemap).
//
// Each page with a budget in scripts/perf-budgets.mjs (minimum scores, most JavaScript) is checked against
// its medians at the end; a missed budget, or a page that could not be measured, exits with status 1.
//
// Environment: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 5),
// LIGHTHOUSE_THROTTLING=devtools: slow 4G and the 4x CPU slowdown are applied to the load itself and every
// figure is observed rather than simulated (Lighthouse's "devtools" method; more variance). For comparing
// changes that move work across the first paint (docs/performance.md, issue 33). Its results go to
// bench/results/lighthouse-devtools.json and no budget is checked: the budgets are for the default method.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";
import { freePort, freshDataDir, root, startShop } from "./bench-support.mjs";
import { budgetOf, PAGE_BUDGETS } from "./perf-budgets.mjs";

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 5);
const APPLIED = process.env.LIGHTHOUSE_THROTTLING === "devtools";
const SUFFIX = APPLIED ? "-devtools" : "";
const DEFAULT_PAGES = PAGE_BUDGETS.map((b) => b.page);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

if (!fs.existsSync(chromePath)) {
  console.error(
    `Lighthouse needs Chromium; none at ${chromePath}. Install it (apt-get install -y chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = freshDataDir("neon-lighthouse");
console.log(`Starting the shop on ${base} (DATA_DIR ${dataDir}); builds first if needed...`);
let shop;
let budgetMissed = false;
const stop = async () => {
  await shop?.stop({ timeoutMs: 15_000 });
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGINT", () => stop().then(() => process.exit(130)));

try {
  shop = await startShop(
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    { stdout: "inherit", stderr: "inherit" },
  );

  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const productPath = sitemap.match(/<loc>[^<]*?(\/products\/[0-9a-f-]{36})<\/loc>/)?.[1];
  if (!productPath) throw new Error("no product found in the sitemap");
  const asked = process.argv.slice(2).filter((a) => a.startsWith("/") || a === "product");
  const pages = (asked.length ? asked : DEFAULT_PAGES).map((p) => (p === "product" ? productPath : p));
  // Warm the server (first renders, database caches) before measuring.
  for (const p of pages) await fetch(base + p).then((r) => r.text());

  const productId = productPath.split("/").pop();
  const product = await (await fetch(`${base}${productPath}`)).text();
  const productName = product.match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1] ?? "Neon sign";
  /** Put one line in the cart of the browser Lighthouse is about to drive. */
  async function fillCart(cdpPort) {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
    try {
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${base}/robots.txt`);
      const line = {
        id: `${productId}-M-Blue-0-1`,
        name: productName,
        price: 2499,
        image: "/placeholder.svg",
        quantity: 1,
        type: "product",
        productConfig: {
          size: "M",
          color: "Blue",
          brightnessController: false,
          productType: "Standard",
          originalProductId: productId,
        },
      };
      await page.evaluate((v) => localStorage.setItem("neon-cart", v), JSON.stringify([line]));
      await page.close();
    } finally {
      await browser.close();
    }
  }

  const results = [];
  for (const p of pages) {
    const runs = [];
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt++) {
      const i = runs.length;
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      });
      try {
        const withCart = p.endsWith("#cart");
        if (withCart) await fillCart(chrome.port);
        const r = await lighthouse(base + p.replace(/#cart$/, ""), {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          disableStorageReset: withCart,
          ...(APPLIED ? { throttlingMethod: "devtools" } : {}),
        });
        const lhr = r.lhr;
        if (lhr.runtimeError || CATEGORIES.some((c) => lhr.categories[c]?.score == null)) {
          // A run that failed (e.g. the page did not paint in time) is not a score of 0: run again.
          console.log(`  ${p} run failed (${lhr.runtimeError?.code ?? "no score"}); trying again`);
          continue;
        }
        const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
          (it) => it.resourceType === "Script",
        );
        const run = {
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
          ),
          jsBytes: scripts.reduce((n, it) => n + (it.transferSize ?? 0), 0),
          jsRequests: scripts.length,
          fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
          lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
          tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
          cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
          failing: Object.entries(lhr.categories)
            .filter(([c]) => c !== "performance")
            .flatMap(([, cat]) =>
              cat.auditRefs
                .filter((a) => a.weight > 0 && (lhr.audits[a.id]?.score ?? 1) < 1)
                .map((a) => a.id),
            ),
          warnings: lhr.runWarnings,
          lhr,
        };
        runs.push(run);
        console.log(
          `  ${p} run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(", ")}, JS ${(run.jsBytes / 1024).toFixed(1)} KB`,
        );
      } finally {
        await chrome.kill();
      }
    }
    results.push({
      page: p,
      runs: runs.length,
      median: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
      jsBytesGzip: median(runs.map((r) => r.jsBytes)),
      jsRequests: median(runs.map((r) => r.jsRequests)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
      failingAudits: [...new Set(runs.flatMap((r) => r.failing))],
    });
    // Keep the full Lighthouse report of the median run (by performance score), without its screenshots.
    const byScore = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
    const medianRun = byScore[Math.floor((byScore.length - 1) / 2)];
    if (medianRun) {
      const lhr = medianRun.lhr;
      for (const id of ["final-screenshot", "screenshot-thumbnails", "full-page-screenshot"])
        delete lhr.audits[id];
      delete lhr.fullPageScreenshot;
      delete lhr.i18n;
      const slug =
        p
          .replace(/#/g, "-")
          .replace(/[^a-z0-9-]+/gi, "-")
          .replace(/^-+|-+$/g, "") || "home";
      const dir = path.join(root, "bench", "results", `lighthouse${SUFFIX}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, `${slug.replace(/products-[0-9a-f-]{36}/, "product")}.json`),
        JSON.stringify(lhr),
      );
    }
  }

  console.log(
    `\nLighthouse ${RUNS} runs per page, mobile ${APPLIED ? "with applied (devtools) throttling" : "defaults"}, median:`,
  );
  console.log("page".padEnd(52) + "perf  a11y  best  seo   JS(gz)  #JS    FCP     LCP     TBT   CLS");
  for (const r of results) {
    const m = r.median;
    console.log(
      r.page.padEnd(52) +
        [m.performance, m.accessibility, m["best-practices"], m.seo]
          .map((v) => String(v).padEnd(6))
          .join("") +
        `${(r.jsBytesGzip / 1024).toFixed(1).padStart(6)} KB ${String(r.jsRequests).padStart(3)} ${String(r.fcpMs).padStart(6)}ms ${String(r.lcpMs).padStart(6)}ms ${String(r.tbtMs).padStart(5)}ms ${r.cls}`,
    );
    if (r.failingAudits.length) console.log(`    failing: ${r.failingAudits.join(", ")}`);
  }
  // The budgets: every median score at least its minimum, the JavaScript at most its ceiling.
  const verdicts = results.map((r) => {
    const budget = APPLIED ? undefined : budgetOf(r.page, productPath);
    if (!budget) return { page: r.page, missed: [] };
    const missed =
      r.runs === 0
        ? ["no run could be measured"]
        : [
            ...Object.entries(budget.scores)
              .filter(([c, min]) => r.median[c] < min)
              .map(([c, min]) => `${c} ${r.median[c]} < ${min}`),
            ...(budget.jsKB !== undefined && r.jsBytesGzip / 1024 > budget.jsKB
              ? [`JavaScript ${(r.jsBytesGzip / 1024).toFixed(1)} KB > ${budget.jsKB} KB`]
              : []),
          ];
    return { page: r.page, budget, missed };
  });
  console.log("\nBudgets (scripts/perf-budgets.mjs):");
  for (const v of verdicts) {
    if (!v.budget) console.log(`  ${v.page}: no budget`);
    else console.log(`  ${v.page}: ${v.missed.length ? `MISSED: ${v.missed.join(", ")}` : "met"}`);
  }
  budgetMissed = verdicts.some((v) => v.missed.length > 0);
  const out = path.join(root, "bench", "results", `lighthouse${SUFFIX}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouse: JSON.parse(
          fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"),
        ).version,
        chromium: chromePath,
        runsPerPage: RUNS,
        budgets: Object.fromEntries(verdicts.map((v) => [v.page, v.budget ?? null])),
        budgetMissed,
        results: results.map((r, i) => ({ ...r, budgetMissed: verdicts[i].missed })),
      },
      null,
      2,
    ) + "\n",
  );
  console.log(`\nWrote ${path.relative(root, out)}`);
} finally {
  await stop();
}
if (budgetMissed) {
  console.error("\nA performance budget was missed (see above): exit status 1.");
  process.exit(1);
}
