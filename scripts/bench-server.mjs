// `npm run bench:server`: product list and product page rendered per request vs the same bytes served as a
// static file by the same server (same compression). Prints the ratio of requests per second, p50/p97.5
// at half the peak rate, and errors. Goals: ratio >= 0.15, p97.5 <= 200 ms, 0 errors.
//
// On a shared machine the load changes from one run to the next, so the rendered and static runs
// alternate BENCH_ROUNDS times (default 3) and the medians are reported (each round's figures are kept in
// bench/results/server.json), together with the load average before and after.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { root, startShop, writeResult } from "./bench-support.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const loadBefore = os.loadavg();
const headers = { "accept-encoding": "gzip", accept: "text/html" };

function cannon(url, opts = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

const staticDir = path.join(root, "build", "client", "bench-static");
const shop = await startShop();
try {
  const listHtml = await (await fetch(`${shop.url}/products`)).text();
  const productPath = listHtml.match(/href="(\/products\/[0-9a-f-]{36})"/)?.[1];
  if (!productPath) throw new Error("no product link found on /products");
  const productHtml = await (await fetch(`${shop.url}${productPath}`)).text();
  // The static copies go where the server sends static files from (the build's client folder, served by
  // express.static with the same compression); /uploads serves image variants only.
  fs.mkdirSync(staticDir, { recursive: true });
  fs.writeFileSync(path.join(staticDir, "products.html"), listHtml);
  fs.writeFileSync(path.join(staticDir, "product.html"), productHtml);

  const pages = [
    {
      name: "product list",
      dynamic: "/products",
      static: "/bench-static/products.html",
      bytes: listHtml.length,
    },
    {
      name: "product page",
      dynamic: productPath,
      static: "/bench-static/product.html",
      bytes: productHtml.length,
    },
  ];
  const results = [];
  for (const p of pages) {
    await cannon(`${shop.url}${p.dynamic}`, { duration: 2 }); // warm up
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const dyn = await cannon(`${shop.url}${p.dynamic}`);
      const stat = await cannon(`${shop.url}${p.static}`);
      const half = Math.max(1, Math.floor(dyn.requests.average / 2));
      const paced = await cannon(`${shop.url}${p.dynamic}`, {
        overallRate: half,
        connections: Math.min(CONNECTIONS, 16),
      });
      rounds.push({
        dynamicRps: Math.round(dyn.requests.average),
        staticRps: Math.round(stat.requests.average),
        ratio: Number((dyn.requests.average / stat.requests.average).toFixed(3)),
        halfRateRps: half,
        p50ms: paced.latency.p50,
        p97_5ms: paced.latency.p97_5,
        errors: dyn.errors + dyn.non2xx + paced.errors + paced.non2xx + stat.errors + stat.non2xx,
        loadAverage1m: Number(os.loadavg()[0].toFixed(2)),
      });
    }
    const m = (k) => median(rounds.map((r) => r[k]));
    results.push({
      page: p.name,
      path: p.dynamic,
      htmlBytes: p.bytes,
      dynamicRps: m("dynamicRps"),
      staticRps: m("staticRps"),
      ratio: m("ratio"),
      halfRateRps: m("halfRateRps"),
      p50ms: m("p50ms"),
      p97_5ms: m("p97_5ms"),
      errors: rounds.reduce((n, r) => n + r.errors, 0),
      rounds,
    });
  }
  const loadAfter = os.loadavg();
  console.log(
    `\nServer benchmark (${DURATION}s per run, ${CONNECTIONS} connections, gzip; median of ${ROUNDS} rounds; ` +
      `load average ${loadBefore[0].toFixed(1)} before, ${loadAfter[0].toFixed(1)} after, ${os.cpus().length} cores)\n`,
  );
  console.log(
    "page          | dynamic rps | static rps | ratio (goal >= 0.15) | p50 @ half | p97.5 @ half (goal <= 200) | errors",
  );
  for (const r of results) {
    console.log(
      `${r.page.padEnd(13)} | ${String(r.dynamicRps).padStart(11)} | ${String(r.staticRps).padStart(10)} | ${String(r.ratio).padStart(20)} | ${String(r.p50ms).padStart(7)} ms | ${String(r.p97_5ms).padStart(23)} ms | ${r.errors}`,
    );
  }
  writeResult("server", {
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    loadAverage1m: { before: loadBefore[0], after: loadAfter[0] },
    cores: os.cpus().length,
    results,
  });
} finally {
  await shop.stop();
  fs.rmSync(staticDir, { recursive: true, force: true });
}
