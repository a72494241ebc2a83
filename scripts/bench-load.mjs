// `npm run bench:load`: checkout under load. 20 orders a second for 60 seconds (BENCH_LOAD_SECONDS,
// BENCH_ORDER_RATE) while 50 connections browse the catalogue. Prints orders per second, order latency
// p50/p95, browsing throughput and latency, and checks: no oversell, no duplicate order, no 5xx.
import crypto from "node:crypto";
import autocannon from "autocannon";
import { NO_ABUSE_LIMITS, startShop, writeResult } from "./bench-support.mjs";

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_ORDER_RATE ?? 20);
const BROWSERS = Number(process.env.BENCH_BROWSE_CONNECTIONS ?? 50);
const LIMITED_STOCK = 200;
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]) : 0;
};

const shop = await startShop(NO_ABUSE_LIMITS);
try {
  const db = await shop.db();
  const { rows } = await db.query("select id from products where is_active order by name limit 2");
  const [plenty, limited] = rows.map((r) => r.id);
  await db.query("update products set stock_quantity = 1000000 where id = $1", [plenty]);
  await db.query("update products set stock_quantity = $2 where id = $1", [limited, LIMITED_STOCK]);

  const form = {
    name: "Load Tester",
    phone: "9876543210",
    email: "load@example.in",
    address1: "1 Road",
    city: "Pune",
    state: "maharashtra",
    pincode: "411001",
    paymentMethod: "cod",
  };
  const line = (id, quantity) => ({
    id: "l",
    name: "x",
    price: 1,
    image: "",
    quantity,
    type: "product",
    productConfig: {
      size: "M",
      color: "Blue",
      brightnessController: false,
      productType: "Standard",
      originalProductId: id,
    },
  });
  const latencies = [];
  const statuses = {};
  const keys = new Set();
  let placedOk = 0;
  const inFlight = [];
  const send = async (key, items) => {
    const t = performance.now();
    const res = await fetch(`${shop.url}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.url },
      body: JSON.stringify({ idempotencyKey: key, form, items }),
    }).catch(() => null);
    const status = res ? res.status : 0;
    if (res) await res.arrayBuffer();
    latencies.push(performance.now() - t);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 201) placedOk++;
  };

  console.log(`Load: ${RATE} orders/s for ${SECONDS}s while ${BROWSERS} connections browse...`);
  const productPage = `/products/${plenty}`;
  const browsing = new Promise((resolve, reject) =>
    autocannon(
      {
        url: shop.url,
        connections: BROWSERS,
        duration: SECONDS,
        headers: { "accept-encoding": "gzip" },
        requests: [{ path: "/" }, { path: "/products" }, { path: productPage }, { path: "/products?q=neon" }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < SECONDS * 1000) {
    const key = crypto.randomBytes(16).toString("hex");
    keys.add(key);
    const items = n % 4 === 0 ? [line(limited, 1 + (n % 3))] : [line(plenty, 1)];
    inFlight.push(send(key, items));
    if (n % 10 === 0) inFlight.push(send(key, items)); // a retry of the same attempt
    n++;
    const next = started + (n * 1000) / RATE;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  const browse = await browsing;

  const check = await db.query(
    `select (select min(stock_quantity) from products) as min_stock,
            (select stock_quantity from products where id = $1) as limited_left,
            (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id where i.product_id = $1 and o.status <> 'cancelled') as limited_sold,
            (select count(*)::int from checkouts) as checkouts,
            (select count(*)::int from (select idempotency_key from checkouts group by 1 having count(*) > 1) d) as duplicate_keys`,
    [limited],
  );
  await db.end();
  const c = check.rows[0];
  const result = {
    seconds: SECONDS,
    targetRate: RATE,
    attempts: keys.size,
    requests: latencies.length,
    ordersPerSecond: Number((placedOk / elapsed).toFixed(1)),
    orderP50Ms: q(latencies, 0.5),
    orderP95Ms: q(latencies, 0.95),
    statuses,
    browse: {
      rps: Math.round(browse.requests.average),
      p50Ms: browse.latency.p50,
      p97_5Ms: browse.latency.p97_5,
      errors: browse.errors,
      non2xx: browse.non2xx,
    },
    checks: {
      noNegativeStock: c.min_stock >= 0,
      noOversell: c.limited_left + c.limited_sold === LIMITED_STOCK,
      oneCheckoutPerAttempt: c.checkouts <= keys.size && c.duplicate_keys === 0,
      no5xx:
        Object.keys(statuses).every((s) => Number(s) < 500 && Number(s) !== 0) &&
        browse.non2xx === 0 &&
        browse.errors === 0,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult("load", result);
  if (!Object.values(result.checks).every(Boolean)) process.exitCode = 1;
} finally {
  await shop.stop();
}
