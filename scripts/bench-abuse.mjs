// `npm run bench:abuse`: a stranger floods checkout and payment holds (rotating phones, emails, delivery
// addresses and X-Forwarded-For), hammers the admin sign-in and streams huge chunked bodies, while 20 real
// shoppers, each on their own address, buy. Prints the units the attacker holds, the real shoppers' success
// rate and p95, the shop's /products p95 during a burst of failed sign-ins, and the app's peak memory.
// Real shoppers and the attacker are told apart by their network address: Linux routes all of 127/8 to
// loopback, so each connects from its own 127.x.y.z (localAddress), as different machines would.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { startShop, writeResult } from "./bench-support.mjs";

const SHOPPERS = 20;
const ATTACK_ROUNDS = 3;

const shop = await startShop({ PAYMENT_MODE: "test" });
const { hostname, port } = new URL(shop.url);
console.log(`Shop on ${shop.url} (default limits)`);

/** One HTTP request from a chosen local address. */
function request(from, method, path, { body, headers = {}, chunked } = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: hostname,
        port,
        method,
        path,
        localAddress: from,
        headers: { origin: shop.url, ...headers },
        agent: false,
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve({ status: res.statusCode, body: data, ms: performance.now() - t0 }));
      },
    );
    req.on("error", (e) => resolve({ status: 0, body: String(e), ms: performance.now() - t0 }));
    if (chunked) return chunked(req);
    req.end(body);
  });
}
const json = (from, path, payload, extra = {}) =>
  request(from, "POST", path, {
    body: JSON.stringify(payload),
    headers: { "content-type": "application/json", ...extra },
  });

// Peak memory of the app process, sampled every 50 ms.
let peakRssMb = 0;
const sampler = setInterval(() => {
  try {
    const kb = Number(
      /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${shop.child.pid}/status`, "utf8"))?.[1] ?? 0,
    );
    peakRssMb = Math.max(peakRssMb, kb / 1024);
  } catch {
    /* exited */
  }
}, 50);

// The catalogue, from the sitemap (product ids) and each page's stock.
const sitemap = (await request("127.0.0.1", "GET", "/sitemap.xml")).body;
const ids = [...sitemap.matchAll(/\/products\/([0-9a-f-]{36})/g)].map((m) => m[1]);
const stock = {};
for (const id of ids) {
  const page = (await request("127.0.0.1", "GET", `/products/${id}`)).body;
  stock[id] = Number(
    /"availability":"https:\/\/schema\.org\/(InStock|OutOfStock)"/.exec(page)?.[1] === "InStock"
      ? (/Stock:\s*(?:<!-- -->)?(\d+)/.exec(page)?.[1] ?? 1)
      : 0,
  );
}
const inStock = ids.filter((id) => stock[id] > 0);
console.log(
  `${ids.length} products, ${inStock.length} in stock, ${Object.values(stock).reduce((a, b) => a + b, 0)} units`,
);

let n = 0;
const person = () => {
  n++;
  return {
    name: `Person ${n}`,
    phone: String(6_000_000_000 + crypto.randomInt(0, 3_999_999_999)),
    email: `p${n}.${crypto.randomBytes(3).toString("hex")}@example.in`,
    address1: `${n} Residency Road ${crypto.randomBytes(2).toString("hex")}`,
    city: "Bengaluru",
    state: "karnataka",
    pincode: "560025",
    preferredDate: "",
  };
};
const line = (id, quantity) => ({
  id: `${id}-${crypto.randomBytes(3).toString("hex")}`,
  name: "Sign",
  price: 1,
  image: "",
  quantity,
  type: "product",
  productConfig: {
    size: "M",
    color: "Pink",
    brightnessController: false,
    productType: "Standard",
    originalProductId: id,
  },
});
const checkout = (from, items, method, extra) =>
  json(
    from,
    "/api/checkout",
    {
      idempotencyKey: crypto.randomBytes(16).toString("hex"),
      form: { ...person(), paymentMethod: method },
      items,
    },
    extra,
  );

// The attack: from one address, try to hold every product's whole stock, online and on delivery.
const ATTACKER = "127.0.0.2";
let heldByAttacker = 0;
const attackStatuses = {};
async function attack() {
  for (let round = 0; round < ATTACK_ROUNDS; round++) {
    await Promise.all(
      inStock.map(async (id, i) => {
        const method = i % 2 ? "cod" : "razorpay";
        const spoof = { "x-forwarded-for": `10.${round}.${i}.${crypto.randomInt(1, 254)}` };
        const r = await checkout(ATTACKER, [line(id, Math.max(1, stock[id]))], method, spoof);
        attackStatuses[r.status] = (attackStatuses[r.status] ?? 0) + 1;
        if (r.status === 201) heldByAttacker += Math.max(1, stock[id]);
      }),
    );
  }
}

// Failed sign-ins in a burst, and huge chunked bodies, while the shop must keep serving pages.
async function loginFlood() {
  await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      request(ATTACKER, "POST", "/admin/login", {
        body: `email=owner%40neonlights.in&password=guess${i}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    ),
  );
}
async function hugeBodies() {
  const chunk = Buffer.alloc(1024 * 1024, 97);
  await Promise.all(
    Array.from({ length: 3 }, () =>
      request(ATTACKER, "POST", "/admin/login", {
        headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
        chunked: (req) => {
          let sent = 0;
          const pump = () => {
            while (sent < 150) {
              sent++;
              if (!req.write(chunk)) return req.once("drain", pump);
            }
            req.end();
          };
          req.on("error", () => undefined);
          pump();
        },
      }),
    ),
  );
}

// The real shoppers: each on its own address, one or two units of a product still in stock, COD.
const shopperTimes = [];
let served = 0;
async function realShoppers() {
  await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, i) => {
      const from = `127.0.1.${i + 1}`;
      await new Promise((r) => setTimeout(r, i * 40));
      const id = inStock[i % inStock.length];
      const r = await checkout(from, [line(id, 1)], "cod");
      shopperTimes.push(r.ms);
      if (r.status === 201) served++;
      else console.log(`  shopper ${i + 1} refused: ${r.status} ${r.body.slice(0, 160)}`);
    }),
  );
}

const pageTimes = [];
async function browse(untilDone) {
  while (!untilDone()) {
    const r = await request(`127.0.2.${crypto.randomInt(1, 250)}`, "GET", "/products");
    pageTimes.push(r.ms);
  }
}

const t0 = performance.now();
let done = false;
const browsing = browse(() => done);
await Promise.all([attack(), loginFlood(), hugeBodies(), realShoppers()]);
done = true;
await browsing;
clearInterval(sampler);
const seconds = (performance.now() - t0) / 1000;

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0;
const result = {
  attackerUnitsHeld: heldByAttacker,
  attackerCap: 10,
  attackerAnswers: attackStatuses,
  realShoppers: SHOPPERS,
  realShoppersServed: served,
  realShopperSuccessRate: served / SHOPPERS,
  realShopperP95Ms: Math.round(p95(shopperTimes)),
  productsPageP95Ms: Math.round(p95(pageTimes)),
  productsPageRequests: pageTimes.length,
  peakRssMb: Math.round(peakRssMb),
  seconds: Math.round(seconds * 10) / 10,
};
console.log(`
Attacker held ${result.attackerUnitsHeld} units (cap ${result.attackerCap}); answers ${JSON.stringify(attackStatuses)}
Real shoppers served ${served}/${SHOPPERS} (${Math.round(result.realShopperSuccessRate * 100)}%), p95 ${result.realShopperP95Ms} ms
/products during the attack: p95 ${result.productsPageP95Ms} ms over ${pageTimes.length} requests
Peak memory of the app: ${result.peakRssMb} MB RSS
Goals: attacker <= cap, 100% served, p95 < 1000 ms, RSS < 400 MB`);
writeResult("abuse", result);
await shop.stop();
