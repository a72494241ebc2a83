// `npm run bench:documents`: heavy documents must not slow the shop (issue 41, decision 048). The built shop,
// behind a proxy (TRUST_PROXY=loopback), gets DOCS tax invoices; then a stranger asks for their PDFs at RATE a
// second (REQUESTS in all) from NETWORKS rotated IPv6 /64s (X-Forwarded-For, a new address inside one of them
// every time), while a shopper on their own address loads /products every 200 ms. Prints /products p50/p95
// without the flood and during it, and what the flood was answered (200, 429, 503) and how fast.
// BENCH_SHOP_ROOT=<folder> runs the same against another checkout of the shop (e.g. a commit before this one).
import crypto from "node:crypto";
import pLimit from "p-limit";
import { NO_ABUSE_LIMITS, startShop, writeResult } from "./bench-support.mjs";

const REQUESTS = Number(process.env.DOC_FLOOD_REQUESTS ?? 600);
const RATE = Number(process.env.DOC_FLOOD_RATE ?? 11);
const DOCS = Number(process.env.DOC_FLOOD_DOCUMENTS ?? 300);
const NETWORKS = Number(process.env.DOC_FLOOD_NETWORKS ?? 12);
const QUIET_SECONDS = Number(process.env.DOC_QUIET_SECONDS ?? 15);
// A valid GSTIN for Karnataka (check character included): the shop issues tax invoices.
const SHOP_GSTIN = "29ABCDE1234F1ZW";

const shop = await startShop(
  { TRUST_PROXY: "loopback", PAYMENT_MODE: "test", ...NO_ABUSE_LIMITS },
  process.env.BENCH_SHOP_ROOT ? { root: process.env.BENCH_SHOP_ROOT } : {},
);
console.log(
  `Shop on ${shop.url} (TRUST_PROXY=loopback)${process.env.BENCH_SHOP_ROOT ? `, from ${process.env.BENCH_SHOP_ROOT}` : ""}`,
);

async function call(path, { method = "GET", body, headers = {} } = {}) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${shop.url}${path}`, {
      method,
      body,
      redirect: "manual",
      headers: { Origin: shop.url, ...headers },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, bytes, ms: performance.now() - t0 };
  } catch (err) {
    return { status: 0, bytes: Buffer.from(String(err)), ms: performance.now() - t0 };
  }
}

let n = 0;
/** An address nobody else uses: each set-up request from a network of its own. */
const freshNetwork = () => `2001:db8:1:${(++n).toString(16)}::1`;
/** The flood's address: a random one inside one of NETWORKS /64s. */
const floodAddress = (i) =>
  `2001:db8:41:${(i % NETWORKS).toString(16)}:${crypto.randomBytes(8).toString("hex").match(/.{4}/g).join(":")}`;

// Set-up: the shop's GSTIN, DOCS paid orders (placed through the checkout), and their tax invoices.
const client = await shop.db();
await client.query(
  `update shop_settings set settings = jsonb_set(settings, '{legal,gstin}', to_jsonb($1::text)), updated_at = now()`,
  [SHOP_GSTIN],
);
// Stock for every order (the demo catalogue holds a few units of each sign).
await client.query(`update products set stock_quantity = 100000`);
const sitemap = (await call("/sitemap.xml")).bytes.toString();
const productIds = [...sitemap.matchAll(/\/products\/([0-9a-f-]{36})/g)].map((m) => m[1]);
const place = pLimit(4);
let failure = "";
const placed = await Promise.all(
  Array.from({ length: DOCS }, (_, i) =>
    place(async () => {
      const body = JSON.stringify({
        idempotencyKey: crypto.randomBytes(16).toString("hex"),
        form: {
          name: `Shopper ${i}`,
          phone: String(6_000_000_000 + crypto.randomInt(0, 3_999_999_999)),
          email: `s${i}.${crypto.randomBytes(3).toString("hex")}@example.in`,
          address1: `${i} Residency Road`,
          city: "Bengaluru",
          state: "karnataka",
          pincode: "560025",
          preferredDate: "",
          paymentMethod: "cod",
        },
        items: [
          {
            id: `${productIds[i % productIds.length]}-${i}`,
            name: "Sign",
            price: 1,
            image: "",
            quantity: 1,
            type: "product",
            productConfig: {
              size: "M",
              color: "Pink",
              brightnessController: false,
              productType: "Standard",
              originalProductId: productIds[i % productIds.length],
            },
          },
        ],
      });
      const r = await call("/api/checkout", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "X-Forwarded-For": freshNetwork() },
      });
      if (r.status !== 201 && !failure) failure = `${r.status} ${r.bytes.toString().slice(0, 200)}`;
      return r.status === 201;
    }),
  ),
);
console.log(
  `${placed.filter(Boolean).length} of ${DOCS} orders placed${failure ? `; first refusal: ${failure}` : ""}`,
);
await client.query(`update orders set payment_status = 'paid', status = 'confirmed'`);
const tokens = (await client.query(`select access_token from orders`)).rows.map((r) => r.access_token);
await Promise.all(
  tokens.map((token) =>
    place(() =>
      call(`/orders/${token}/invoice`, {
        method: "POST",
        body: new URLSearchParams(),
        headers: { "X-Forwarded-For": freshNetwork() },
      }),
    ),
  ),
);
const docs = (
  await client.query(
    `select i.id, o.access_token as token, i.kind from invoices i join orders o on o.id = i.order_id order by i.number`,
  )
).rows;
console.log(`${docs.length} documents issued (${docs[0]?.kind ?? "none"})`);
if (docs.length === 0) throw new Error("no documents to download");

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => {
  const s = sorted(xs);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]) : 0;
};

/** The shopper: /products every 200 ms (after each answer) until `done()`. */
async function shopper(done) {
  const times = [];
  let errors = 0;
  while (!done()) {
    const r = await call("/products", { headers: { "X-Forwarded-For": "198.51.100.20" } });
    if (r.status !== 200) errors++;
    times.push(r.ms);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { times, errors };
}

// Warm-up: the catalogue's caches and the code paths.
for (let i = 0; i < 10; i++) await call("/products");

// 1. No flood.
const quietEnd = Date.now() + QUIET_SECONDS * 1000;
const quiet = await shopper(() => Date.now() > quietEnd);

// 2. The flood: REQUESTS downloads at RATE a second, each document in turn (the first pass draws them).
let flooding = true;
const during = shopper(() => !flooding);
const answers = {};
const floodTimes = [];
const t0 = performance.now();
await Promise.all(
  Array.from({ length: REQUESTS }, async (_, i) => {
    await new Promise((resolve) => setTimeout(resolve, (i * 1000) / RATE));
    const d = docs[i % docs.length];
    const r = await call(`/orders/${d.token}/documents/${d.id}`, {
      headers: { "X-Forwarded-For": floodAddress(i) },
    });
    answers[r.status] = (answers[r.status] ?? 0) + 1;
    if (r.status === 200) floodTimes.push(r.ms);
  }),
);
const floodSeconds = (performance.now() - t0) / 1000;
flooding = false;
const loud = await during;
const kept = await client
  .query(`select count(*)::int as n from invoice_pdfs`)
  .then((r) => r.rows[0].n)
  .catch(() => null);
await client.end();
await shop.stop();

const result = {
  requests: REQUESTS,
  ratePerSecond: RATE,
  documents: docs.length,
  networks: NETWORKS,
  floodSeconds: Math.round(floodSeconds * 10) / 10,
  floodAnswers: answers,
  floodPdfP50Ms: pct(floodTimes, 0.5),
  floodPdfP95Ms: pct(floodTimes, 0.95),
  pdfsKept: kept,
  productsQuiet: {
    requests: quiet.times.length,
    errors: quiet.errors,
    p50Ms: pct(quiet.times, 0.5),
    p95Ms: pct(quiet.times, 0.95),
  },
  productsDuringFlood: {
    requests: loud.times.length,
    errors: loud.errors,
    p50Ms: pct(loud.times, 0.5),
    p95Ms: pct(loud.times, 0.95),
  },
};
console.log(`
Flood: ${REQUESTS} PDF downloads of ${docs.length} documents at ${RATE}/s from ${NETWORKS} rotated /64s, ${result.floodSeconds} s
  answers ${JSON.stringify(answers)}; PDFs served p50 ${result.floodPdfP50Ms} ms, p95 ${result.floodPdfP95Ms} ms; PDFs kept ${kept ?? "n/a"}
/products without the flood: p50 ${result.productsQuiet.p50Ms} ms, p95 ${result.productsQuiet.p95Ms} ms (${quiet.times.length} requests, ${quiet.errors} errors)
/products during the flood:  p50 ${result.productsDuringFlood.p50Ms} ms, p95 ${result.productsDuringFlood.p95Ms} ms (${loud.times.length} requests, ${loud.errors} errors)
Goal: /products p95 under 200 ms during the flood.`);
writeResult(process.env.BENCH_SHOP_ROOT ? "documents-other-root" : "documents", result);
