// `npm run bench:growth`: how the product list and the admin orders page scale from 100 to 10,000 rows.
// Products: rows are added with SQL to a fresh shop and GET /products is timed (median of 15, gzip).
// Orders: runs bench-admin.mjs with BENCH_ORDERS = 100, 1000, 10000 and reads its results.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root, startShop, writeResult } from "./bench-support.mjs";

const SIZES = (process.env.BENCH_GROWTH_SIZES ?? "100,1000,10000").split(",").map(Number);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeGet(url, n = 15) {
  const ms = [];
  let bytes = 0;
  for (let i = 0; i < n + 2; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    const body = await res.arrayBuffer();
    if (i >= 2) ms.push(performance.now() - t);
    bytes = body.byteLength;
  }
  return { medianMs: Math.round(median(ms) * 10) / 10, bytes };
}

const products = [];
const shop = await startShop();
try {
  const client = await shop.db();
  for (const n of SIZES) {
    const { rows } = await client.query("select count(*)::int as n from products where is_active");
    const missing = n - rows[0].n;
    if (missing > 0) {
      await client.query(
        `with src as (select * from products where is_active order by created_at limit 1),
              ins as (
                insert into products (name, description, category_id, stock_quantity, rating, review_count, medium_price, medium_mrp, created_at)
                select src.name || ' #' || g, src.description, src.category_id, 10, 4.5, 10, src.medium_price, src.medium_mrp, now() - (g || ' minutes')::interval
                from src, generate_series(1, $1) g returning id)
         insert into product_images (product_id, image_key, width, height, alt_text, display_order)
         select ins.id, pi.image_key, pi.width, pi.height, pi.alt_text, 1 from ins,
           (select * from product_images where product_id = (select id from products where is_active order by created_at limit 1) order by display_order limit 1) pi`,
        [missing],
      );
    }
    const r = await timeGet(`${shop.url}/products`);
    products.push({ rows: n, ...r });
    console.log(
      `/products with ${n} active products: median ${r.medianMs} ms, ${Math.round(r.bytes / 1024)} KB of HTML`,
    );
  }
  await client.end();
} finally {
  await shop.stop();
}

const orders = [];
for (const n of SIZES) {
  const r = spawnSync(process.execPath, ["scripts/bench-admin.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BENCH_ORDERS: String(n), BENCH_RUNS: "15", BENCH_RESULT_NAME: `admin-${n}.json` },
  });
  if (r.status !== 0) throw new Error(`bench-admin failed for ${n} orders`);
  const data = JSON.parse(fs.readFileSync(path.join(root, "bench", "results", `admin-${n}.json`), "utf8"));
  const first = data.results.find((x) => x.view === "first page" && x.request === "HTML");
  orders.push({ rows: n, medianMs: first.median, p95Ms: first.p95 });
  console.log(`/admin/purchases with ${n} orders: median ${first.median} ms`);
}

console.log("\nGrowth (median server time, ms)");
console.log("rows    | /products | /admin/purchases");
for (let i = 0; i < SIZES.length; i++) {
  console.log(
    `${String(SIZES[i]).padEnd(7)} | ${String(products[i].medianMs).padStart(9)} | ${String(orders[i].medianMs).padStart(16)}`,
  );
}
writeResult("growth", { products, orders });
