// `npm run bench:admin`: the admin orders page with 10,000 orders in the database.
// Starts the production build (built first when missing) on a free port with a fresh DATA_DIR (its own
// embedded PostgreSQL and demo catalogue), inserts 10,000 orders (1-3 lines each) and 2,000 custom
// orders with SQL, signs in an admin by a session row, then times sequential GETs of the page
// (server-rendered HTML and the client-navigation .data request) for the usual views and the owner
// dashboard (7/30/90-day figures in SQL), in interleaved rounds after warm-up, and the CSV export.
// Prints the median and p95 per view. Options: BENCH_ORDERS (10000), BENCH_RUNS (40), KEEP_BENCH_DATA=1.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { root, startShop } from "./bench-support.mjs";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const CUSTOM = Math.round(ORDERS / 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

if (!fs.existsSync(path.join(root, "build", "server"))) {
  console.log("No production build yet: npm run build");
  const b = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

// The shop's output is kept and shown only when it fails to start.
const shop = await startShop(
  { LOG_LEVEL: "warn", NODE_ENV: "production" },
  { stdout: "pipe", stderr: "pipe", dataDirPrefix: "bench-admin" },
);
const base = shop.url;

async function stop(code) {
  await shop.stop({ keepData: Boolean(process.env.KEEP_BENCH_DATA) });
  process.exit(code);
}

try {
  const db = await shop.db();

  const t0 = performance.now();
  await db.query("begin");
  await db.query(
    `create temporary table bench_names as
     select * from unnest(array['Priya','Rahul','Ananya','Vikram','Sneha','Arjun','Kavya','Rohan','Isha','Aditya','Meera','Karan']) f(first),
                   unnest(array['Sharma','Verma','Iyer','Reddy','Khan','Singh','Nair','Patel','Gupta','Das','Joshi','Mehta']) l(last)`,
  );
  await db.query(
    `insert into orders (customer_name, customer_email, customer_phone, shipping_address, subtotal, delivery_fee, total_amount,
                         payment_method, payment_status, status, created_at, updated_at)
     select n.first || ' ' || n.last,
            lower(n.first) || '.' || lower(n.last) || g || '@example.com',
            '+919' || lpad((100000000 + g * 7919 % 899999999)::text, 9, '0'),
            jsonb_build_object('address1', g || ', MG Road', 'city', 'Bareilly', 'state', 'uttar-pradesh', 'pincode', '243001'),
            1499 * (1 + g % 3), 299, 1499 * (1 + g % 3) + 299,
            case when g % 3 = 0 then 'razorpay' else 'cod' end,
            case when g % 9 = 0 then 'failed' when g % 3 = 0 then 'paid' else (array['pending','paid','failed','refunded'])[1 + g % 4] end,
            (array['pending','confirmed','in_production','dispatched','delivered','cancelled','rto'])[1 + g % 7],
            now() - (g * interval '50 minutes'), now()
     from generate_series(1, $1::int) g
     join lateral (select * from bench_names offset (g % 144) limit 1) n on true`,
    [ORDERS],
  );
  await db.query(
    `insert into order_items (order_id, product_id, product_name, quantity, price, product_image, product_config)
     select o.id, p.id, p.name, 1, 1499, null,
            jsonb_build_object('size', 'M', 'color', 'Blue', 'brightnessController', false, 'productType', 'Standard', 'originalProductId', p.id)
     from orders o
     cross join lateral generate_series(1, 1 + (o.subtotal / 1499 - 1)) k
     join lateral (select id, name from products order by id offset (k + abs(hashtext(o.id::text)) % 10) limit 1) p on true`,
  );
  await db.query(
    `insert into custom_neon_orders (customer_name, customer_email, customer_phone, shipping_address, delivery_fee, total_amount,
                                     payment_method, payment_status, status, custom_text, font_style, neon_color, size, has_dimmer,
                                     backing_shape, base_price, dimmer_price, backing_price, character_price, created_at, updated_at)
     select 'Custom ' || g, 'custom' || g || '@example.com', '+918' || lpad((100000000 + g * 104729 % 899999999)::text, 9, '0'),
            jsonb_build_object('address1', g || ', Civil Lines', 'city', 'Lucknow', 'state', 'uttar-pradesh', 'pincode', '226001'),
            299, 2999 + 299, 'cod', 'pending',
            (array['pending','confirmed','in_production','dispatched','delivered','cancelled'])[1 + g % 6],
            'Sign ' || g, 'orbitron', 'pink', 'M', false, 'cut-to-shape', 2999, 0, 0, 0,
            now() - (g * interval '4 hours'), now()
     from generate_series(1, $1::int) g`,
    [CUSTOM],
  );
  const token = crypto.randomBytes(32).toString("base64url");
  const {
    rows: [admin],
  } = await db.query(
    `insert into admin_users (email, password_hash) values ('bench@example.com', 'not-a-hash') returning id`,
  );
  await db.query(
    `insert into sessions (id_hash, user_id, expires_at) values ($1, $2, now() + interval '12 hours')`,
    [crypto.createHash("sha256").update(token).digest("hex"), admin.id],
  );
  await db.query("commit");
  await db.query("analyze orders; analyze order_items; analyze custom_neon_orders");
  const counts =
    await db.query(`select (select count(*) from orders)::int orders, (select count(*) from order_items)::int items,
                                        (select count(*) from custom_neon_orders)::int custom`);
  const sample = await db.query(
    `select id, customer_phone, customer_email from orders order by created_at desc offset ${Math.floor(ORDERS / 2)} limit 1`,
  );
  await db.end();
  console.log(`Inserted ${JSON.stringify(counts.rows[0])} in ${Math.round(performance.now() - t0)} ms`);

  const headers = { cookie: `neon_admin=${token}` };
  const s = sample.rows[0];
  const views = [
    ["first page", "/admin/purchases"],
    ["search by phone", `/admin/purchases?q=${encodeURIComponent(s.customer_phone.slice(3))}`],
    ["search by name", "/admin/purchases?q=sharma"],
    ["search by email", `/admin/purchases?q=${encodeURIComponent(s.customer_email.slice(0, 8))}`],
    ["search by order id", `/admin/purchases?q=NL${s.id.slice(0, 8).toUpperCase()}`],
    ["status + method + dates", "/admin/purchases?status=confirmed&method=cod&from=2020-01-01&to=2100-01-01"],
    ["page 100", "/admin/purchases?page=100"],
    ["details dialog open", `/admin/purchases?order=${s.id}`],
    ["custom orders first page", "/admin/custom-neon"],
    ["abandoned attempts view", "/admin/purchases?show=attempts"],
    ["dashboard, 30 days", "/admin"],
    ["dashboard, 90 days", "/admin?range=90"],
    ["dashboard, 90 days + test orders", "/admin?range=90&test=1"],
  ];

  async function time(url) {
    const start = performance.now();
    const r = await fetch(`${base}${url}`, { headers, redirect: "manual" });
    const body = await r.arrayBuffer();
    const ms = performance.now() - start;
    if (r.status !== 200) throw new Error(`${url}: HTTP ${r.status}`);
    return { ms, bytes: body.byteLength };
  }
  const stats = (xs) => {
    const a = [...xs].sort((x, y) => x - y);
    const q = (p) => a[Math.min(a.length - 1, Math.floor(p * a.length))];
    return { median: Math.round(q(0.5) * 10) / 10, p95: Math.round(q(0.95) * 10) / 10 };
  };

  // Every view and request kind, measured in interleaved rounds (noise from other processes spreads
  // evenly), after warm-up rounds (JIT, connection pool, PostgreSQL caches).
  const cases = views.flatMap(([name, url]) => [
    { view: name, request: "HTML", url, ms: [], bytes: 0 },
    {
      view: name,
      request: ".data",
      url: url.replace(/^(\/admin(?:\/[a-z-]+)?)(?=\?|$)/, "$1.data"),
      ms: [],
      bytes: 0,
    },
  ]);
  for (let round = 0; round < 8; round++) for (const c of cases) await time(c.url);
  for (let round = 0; round < RUNS; round++) {
    for (const c of cases) {
      const r = await time(c.url);
      c.ms.push(r.ms);
      c.bytes = r.bytes;
    }
  }
  const results = cases.map((c) => ({
    view: c.view,
    request: c.request,
    ...stats(c.ms),
    kb: Math.round(c.bytes / 1024),
  }));
  const csv = [];
  let csvBytes = 0;
  for (let i = 0; i < 3; i++) {
    const r = await time("/api/admin/orders.csv?kind=order");
    csv.push(r.ms);
    csvBytes = r.bytes;
  }
  results.push({
    view: "CSV export, all orders",
    request: "download",
    ...stats(csv),
    kb: Math.round(csvBytes / 1024),
  });

  console.log(
    `\nAdmin orders page, ${ORDERS.toLocaleString("en-IN")} orders, ${RUNS} sequential requests per view (ms):`,
  );
  console.table(results);
  const main = results.find((r) => r.view === "first page" && r.request === "HTML");
  console.log(`Median server time of /admin/purchases (HTML): ${main.median} ms (goal < 150 ms)`);
  for (const view of ["dashboard, 30 days", "dashboard, 90 days"]) {
    const d = results.find((r) => r.view === view && r.request === "HTML");
    console.log(`Median server render of the ${view} (HTML): ${d.median} ms (goal < 150 ms)`);
  }
  const out = path.join(root, "bench", "results", process.env.BENCH_RESULT_NAME ?? "admin.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify({ at: new Date().toISOString(), orders: ORDERS, runs: RUNS, results }, null, 2) + "\n",
  );
  await stop(0);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await stop(1);
}
