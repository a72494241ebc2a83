import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startShop, type ShopProcess } from "../support/shop-process.mjs";
import { createAdmin, expect, signInAsAdmin, test } from "./fixtures";

// Two app instances on one PostgreSQL and one shared DATA_DIR (uploads), as in docs/deployment.md.
test.describe.configure({ mode: "serial" });

const SYSTEM_PG = "postgres://postgres@127.0.0.1:5432/test";
const ADMIN = { email: "multi@neonlights.in", password: "two instances one database" };

let admin: pg.Client;
let dbName = "";
let dataDir = "";
let a: ShopProcess;
let b: ShopProcess;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  admin = new pg.Client({ connectionString: SYSTEM_PG });
  try {
    await admin.connect();
  } catch {
    test.skip(true, "no PostgreSQL on 127.0.0.1:5432");
    return;
  }
  dbName = `multi_${Date.now()}`;
  await admin.query(`create database ${dbName}`);
  dataDir = path.resolve("test-data", `multi-${Date.now()}`);
  const env = { DATA_DIR: dataDir, DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}` };
  // Both start at once: migrations and seeding take turns under an advisory lock.
  [a, b] = await Promise.all([startShop(env), startShop(env)]);
  createAdmin(ADMIN, env);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  if (dbName) await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin?.end();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("both instances seeded one catalogue, not two", async () => {
  const { rows } = await admin.query(`select 1`); // keep the admin connection used
  expect(rows.length).toBe(1);
  const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${dbName}` });
  await c.connect();
  const r = await c.query(
    "select (select count(*)::int from categories) c, (select count(*)::int from bestselling_products) b",
  );
  await c.end();
  expect(r.rows[0]).toEqual({ c: 5, b: 6 });
});

test("a session made on one instance works on the other, and an order placed through one shows live on the other's dashboard", async ({
  browser,
}) => {
  // Cookies belong to the host, not the port: one browser context talks to both instances.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page, ADMIN, a.url);

  // The same session cookie, served by instance B (server side: behind one load balancer both
  // instances share an origin; here their ports differ, so the per-tab marker in sessionStorage is
  // not shared and the browser pages stay on their own instance).
  const fromB = await context.request.get(`${b.url}/admin`, { maxRedirects: 0 });
  expect(fromB.status()).toBe(200); // not a redirect to the login
  const eventsFromB = await context.request
    .get(`${b.url}/api/admin/events`, { maxRedirects: 0, timeout: 5_000 })
    .catch(() => null);
  expect(eventsFromB === null || eventsFromB.status() === 200).toBe(true);

  // An admin signed in on instance B watches its dashboard; an order is placed through instance A.
  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  await signInAsAdmin(pageB, ADMIN, b.url);
  const card = pageB.getByRole("region", { name: "Total Orders" });
  const before = Number((await card.locator("p").first().textContent())?.trim());

  const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${dbName}` });
  await c.connect();
  const product = (await c.query("select id from products where is_active and stock_quantity > 0 limit 1"))
    .rows[0] as { id: string };
  await c.end();
  const res = await fetch(`${a.url}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: a.url },
    body: JSON.stringify({
      idempotencyKey: crypto.randomBytes(16).toString("hex"),
      form: {
        name: "Two Instances",
        phone: "9876543210",
        email: "two@example.in",
        address1: "1 Road",
        city: "Agra",
        state: "uttar-pradesh",
        pincode: "282001",
        paymentMethod: "cod",
      },
      items: [
        {
          id: "l",
          name: "x",
          price: 1,
          image: "",
          quantity: 1,
          type: "product",
          productConfig: {
            size: "M",
            color: "Blue",
            brightnessController: false,
            productType: "Standard",
            originalProductId: product.id,
          },
        },
      ],
    }),
  });
  expect(res.status).toBe(201);
  await expect(card.locator("p").first()).toHaveText(String(before + 1));
  await context.close();
  await contextB.close();
});
