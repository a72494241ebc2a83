// `npm run bench:checkout`: place orders concurrently against a production build and report orders per
// second and p50/p95 latency, then check the database: no stock went negative, stock taken equals
// stock ordered, no checkout or order was duplicated, a contended product sold exactly its stock, and
// a webhook replayed concurrently over HTTP (raw body through Express) changed the order once.
//
// Options: --orders N (default 400)  --concurrency C (default 16)  --contended N (default 60 requests
// for a product with stock 25)  --keep (keep the data folder)
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { freePort, NO_ABUSE_LIMITS, root, startShop } from "./bench-support.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const ORDERS = arg("orders", 400);
const CONCURRENCY = arg("concurrency", 16);
const CONTENDED = arg("contended", 60);
const CONTENDED_STOCK = 25;
const WEBHOOK_SECRET = "bench-webhook-secret";

const port = await freePort();
const dataDir = path.join(root, "test-data", `bench-checkout-${Date.now()}`);
fs.mkdirSync(dataDir, { recursive: true });
const base = `http://127.0.0.1:${port}`;

console.log(`Starting the production build on ${base} (data in ${path.relative(root, dataDir)})...`);
let shop;
let failed = false;
const stopApp = async () => {
  await shop?.stop();
  if (!process.argv.includes("--keep") && !failed) fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGINT", () => stopApp().then(() => process.exit(130)));

try {
  shop = await startShop(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PAYMENT_MODE: "test",
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      NODE_ENV: "production",
      ...NO_ABUSE_LIMITS,
    },
    { stdout: "inherit", stderr: "inherit" },
  );
  const client = await shop.db();

  const { rows: products } = await client.query(
    "select id, name, medium_price from products where is_active order by name",
  );
  const contended = products[0];
  const others = products.slice(1);
  await client.query("update products set stock_quantity = 100000");
  await client.query("update products set stock_quantity = $2 where id = $1", [
    contended.id,
    CONTENDED_STOCK,
  ]);
  const { rows: startStock } = await client.query("select id, stock_quantity from products");
  const stockBefore = new Map(startStock.map((r) => [r.id, r.stock_quantity]));

  const form = (i, method = "cod") => ({
    name: `Bench Shopper ${i}`,
    phone: `9${String(100000000 + i).slice(-9)}`,
    email: `bench${i}@example.in`,
    address1: `${i} Bench Road`,
    city: "Bengaluru",
    state: "karnataka",
    pincode: "560001",
    paymentMethod: method,
  });
  const line = (p, quantity = 1, size = "M") => ({
    id: `${p.id}-${size}-${crypto.randomBytes(4).toString("hex")}`,
    name: p.name,
    price: 1,
    image: "",
    quantity,
    type: "product",
    productConfig: {
      size,
      color: "Pink",
      brightnessController: Math.random() < 0.3,
      productType: "Standard",
      originalProductId: p.id,
    },
  });
  const customLine = (i) => ({
    id: `custom-${i}`,
    name: `Custom Neon: "Bench ${i}"`,
    price: 1,
    image: "",
    quantity: 1,
    type: "custom",
    customConfig: {
      text: `Bench ${i}`,
      font: "orbitron",
      color: "pink",
      size: "M",
      hasDimmer: false,
      backingShape: "cut-to-shape",
    },
  });

  async function post(url, body) {
    const t0 = performance.now();
    const r = await fetch(`${base}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await r.json().catch(() => ({}));
    return { status: r.status, data, ms: performance.now() - t0 };
  }

  async function pool(n, worker) {
    let next = 0;
    const results = new Array(n);
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, n) }, async () => {
        for (;;) {
          const i = next++;
          if (i >= n) return;
          results[i] = await worker(i);
        }
      }),
    );
    return results;
  }

  // Phase 1: mixed orders; every 10th attempt is sent twice at once with the same key (a double click).
  const keys = [];
  const t1 = performance.now();
  const phase1 = await pool(ORDERS, async (i) => {
    const key = crypto.randomBytes(16).toString("hex");
    keys.push(key);
    const p = others[i % others.length];
    const items = [line(p, 1 + (i % 3))];
    if (i % 4 === 0) items.push(line(others[(i + 3) % others.length]));
    if (i % 5 === 0) items.push(customLine(i));
    const body = { idempotencyKey: key, form: form(i, i % 7 === 0 ? "razorpay" : "cod"), items };
    if (i % 10 === 0) {
      const [a, b] = await Promise.all([post("/api/checkout", body), post("/api/checkout", body)]);
      if (a.data.checkout?.checkoutId !== b.data.checkout?.checkoutId)
        throw new Error(`double submit gave two checkouts for ${key}`);
      return { ...a, ms: Math.max(a.ms, b.ms), requests: 2 };
    }
    return { ...(await post("/api/checkout", body)), requests: 1 };
  });
  const seconds1 = (performance.now() - t1) / 1000;
  const bad = phase1.filter((r) => r.status !== 201 && r.status !== 200);
  if (bad.length)
    throw new Error(`${bad.length} orders failed, e.g. ${bad[0].status} ${JSON.stringify(bad[0].data)}`);

  // Phase 2: many shoppers at once for a product with little stock.
  const t2 = performance.now();
  const phase2 = await pool(CONTENDED, (i) =>
    post("/api/checkout", {
      idempotencyKey: crypto.randomBytes(16).toString("hex"),
      form: form(10_000 + i),
      items: [line(contended, 1)],
    }),
  );
  const seconds2 = (performance.now() - t2) / 1000;
  const sold = phase2.filter((r) => r.status === 201).length;
  const refused = phase2.filter((r) => r.status === 409).length;

  // Phase 3: an online order paid by a webhook replayed 3 times at once, over HTTP.
  const online = phase1.find((r) => r.data.checkout?.payment)?.data.checkout;
  const payload = JSON.stringify({
    entity: "event",
    event: "payment.captured",
    payload: {
      payment: {
        entity: {
          id: "pay_Bench1",
          order_id: online.payment.razorpayOrderId,
          amount: online.totalAmount * 100,
          currency: "INR",
          status: "captured",
        },
      },
    },
  });
  const signature = crypto.createHmac("sha256", WEBHOOK_SECRET).update(payload).digest("hex");
  const hooks = await Promise.all(
    [1, 2, 3].map(async () => {
      const t0 = performance.now();
      const r = await fetch(`${base}/api/razorpay/webhook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": signature,
          "x-razorpay-event-id": "evt_bench_1",
        },
        body: payload,
      });
      return { status: r.status, body: await r.json(), ms: performance.now() - t0 };
    }),
  );
  const tampered = await fetch(`${base}/api/razorpay/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-razorpay-signature": signature,
      "x-razorpay-event-id": "evt_bench_2",
    },
    body: payload.replace("pay_Bench1", "pay_Bench2"),
  });

  // Checks in the database.
  const checks = [];
  const check = (name, ok, detail = "") => checks.push({ name, ok, detail });
  const { rows: neg } = await client.query("select count(*)::int n from products where stock_quantity < 0");
  check("no stock went negative", neg[0].n === 0);
  const { rows: taken } = await client.query(`
    select p.id, p.stock_quantity, coalesce(sum(oi.quantity) filter (where o.status <> 'cancelled'), 0)::int ordered
    from products p left join order_items oi on oi.product_id = p.id left join orders o on o.id = oi.order_id
    group by p.id, p.stock_quantity`);
  const mismatch = taken.filter((r) => stockBefore.get(r.id) - r.stock_quantity !== r.ordered);
  check(
    "stock taken equals quantity ordered, for every product",
    mismatch.length === 0,
    mismatch.length ? `${mismatch.length} products differ` : "",
  );
  const { rows: dupKeys } = await client.query(
    "select count(*)::int n from (select idempotency_key from checkouts group by 1 having count(*) > 1) d",
  );
  check("no idempotency key has two checkouts", dupKeys[0].n === 0);
  const { rows: perKey } = await client.query(
    "select count(*)::int n from checkouts where idempotency_key = any($1)",
    [keys],
  );
  check(
    "one checkout per attempt (double submits included)",
    perKey[0].n === ORDERS,
    `${perKey[0].n} checkouts for ${ORDERS} attempts`,
  );
  const { rows: dupOrders } = await client.query(
    "select count(*)::int n from (select checkout_id from orders group by 1 having count(*) > 1) d",
  );
  check("no checkout has two regular orders", dupOrders[0].n === 0);
  const { rows: contendedLeft } = await client.query("select stock_quantity from products where id = $1", [
    contended.id,
  ]);
  check(
    `contended product: exactly its stock sold (${CONTENDED} shoppers, stock ${CONTENDED_STOCK})`,
    sold === Math.min(CONTENDED, CONTENDED_STOCK) &&
      refused === CONTENDED - sold &&
      contendedLeft[0].stock_quantity === CONTENDED_STOCK - sold,
    `${sold} sold, ${refused} refused, stock left ${contendedLeft[0].stock_quantity}`,
  );
  const { rows: hist } = await client.query(
    "select count(*)::int n from order_status_history h join orders o on o.id = h.order_id where o.razorpay_order_id = $1 and h.to_value = 'paid'",
    [online.payment.razorpayOrderId],
  );
  const { rows: paid } = await client.query("select payment_status from checkouts where id = $1", [
    online.checkoutId,
  ]);
  check(
    "webhook replayed 3x concurrently over HTTP: paid once",
    hooks.every((h) => h.status === 200) &&
      hooks.filter((h) => h.body.status === "applied").length === 1 &&
      hist[0].n === 1 &&
      paid[0].payment_status === "paid",
    `answers ${hooks.map((h) => h.body.status).join("/")}, slowest ${Math.max(...hooks.map((h) => h.ms)).toFixed(0)} ms`,
  );
  check("webhook with a body that does not match its signature is refused", tampered.status === 400);
  await client.end();

  const lat = phase1.map((r) => r.ms).sort((a, b) => a - b);
  const pct = (q) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))];
  const requests = phase1.reduce((n, r) => n + r.requests, 0);
  console.log(
    `\nCheckout benchmark (production build, embedded PostgreSQL, ${CONCURRENCY} concurrent shoppers)`,
  );
  console.log(
    `  orders placed:     ${ORDERS} checkouts (${requests} requests incl. double submits) in ${seconds1.toFixed(2)} s`,
  );
  console.log(`  throughput:        ${(ORDERS / seconds1).toFixed(1)} orders/s`);
  console.log(
    `  latency:           p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms, max ${lat[lat.length - 1].toFixed(1)} ms`,
  );
  console.log(
    `  contention:        ${CONTENDED} shoppers for ${CONTENDED_STOCK} units in ${seconds2.toFixed(2)} s: ${sold} sold, ${refused} refused`,
  );
  console.log("\nChecks:");
  for (const c of checks)
    console.log(`  ${c.ok ? "PASS" : "FAIL"}  ${c.name}${c.detail ? ` (${c.detail})` : ""}`);
  failed = checks.some((c) => !c.ok);
} catch (err) {
  failed = true;
  console.error(`\nThe benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await stopApp();
}
process.exit(failed ? 1 : 0);
