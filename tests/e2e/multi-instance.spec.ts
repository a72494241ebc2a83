import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startS3Emulator, type S3Emulator } from "../support/s3-emulator.mjs";
import { NO_ABUSE_LIMITS, startShop, type ShopProcess } from "../support/shop-process.mjs";
import { outbox } from "../support/outbox";
import { placeCodOrder } from "./checkout-request";
import { createAdmin, expect, signInAsAdmin, test } from "./fixtures";
import { allow } from "./time-allowed";

// Two app instances as on two hosts (docs/deployment.md): each with its own DATA_DIR, sharing nothing but
// one PostgreSQL and one S3-compatible bucket. Both run the job queue's workers.
test.describe.configure({ mode: "serial" });

const SYSTEM_PG = "postgres://postgres@127.0.0.1:5432/test";
const ADMIN = { email: "multi@neonlights.in", password: "two instances one database" };
const SEED_IMAGES = path.resolve("seed", "images");

let admin: pg.Client;
let dbName = "";
const dataDirs: string[] = [];
let s3: S3Emulator | undefined;
let a: ShopProcess;
let b: ShopProcess;

const dbUrl = () => `postgres://postgres@127.0.0.1:5432/${dbName}`;

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl() });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(allow(300_000));
  admin = new pg.Client({ connectionString: SYSTEM_PG });
  try {
    await admin.connect();
  } catch {
    test.skip(true, "no PostgreSQL on 127.0.0.1:5432");
    return;
  }
  dbName = `multi_${Date.now()}`;
  await admin.query(`create database ${dbName}`);
  s3 = await startS3Emulator();
  const shared = { DATABASE_URL: dbUrl(), ...s3.env, ...NO_ABUSE_LIMITS };
  for (const name of ["a", "b"]) dataDirs.push(path.resolve("test-data", `multi-${name}-${Date.now()}`));
  // Both start at once: migrations, the queue's schema and seeding take turns under advisory locks.
  [a, b] = (await Promise.all(dataDirs.map((DATA_DIR) => startShop({ ...shared, DATA_DIR })))) as [
    ShopProcess,
    ShopProcess,
  ];
  createAdmin(ADMIN, { ...shared, DATA_DIR: dataDirs[0]! });
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.stop();
  if (dbName) await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin?.end();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

test("each instance is ready: database and image store reachable", async () => {
  for (const shop of [a, b]) {
    const r = await fetch(`${shop.url}/readyz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ ready: true });
  }
  // Nothing was written to a local uploads folder: the demo images went to the bucket.
  for (const d of dataDirs) expect(fs.existsSync(path.join(d, "uploads"))).toBe(false);
});

test("an image uploaded through instance A is served by instance B", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page, ADMIN, a.url);
  await page.goto(`${a.url}/admin/banners`);
  const title = `Two hosts ${crypto.randomBytes(3).toString("hex")}`;
  await page.getByLabel("Banner Title").fill(title);
  await page.getByLabel("Banner Image").setInputFiles(path.join(SEED_IMAGES, "banner-festive.jpg"));
  await page.getByRole("button", { name: "Upload Banner" }).click();
  await expect(page.getByText("Banner uploaded successfully")).toBeVisible();
  await context.close();

  const [banner] = await query<{ image_key: string; width: number }>(
    "select image_key, width from banners where title = $1",
    [title],
  );
  expect(banner).toBeDefined();
  const res = await fetch(`${b.url}/uploads/${banner!.image_key}/${banner!.width}.webp`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/webp");
  expect(res.headers.get("cache-control")).toContain("immutable");
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(8, 12).toString("ascii")).toBe("WEBP");
  // It is in the bucket, and in neither instance's folder.
  expect(fs.existsSync(path.join(s3!.directory, s3!.bucket))).toBe(true);
  for (const d of dataDirs) expect(fs.existsSync(path.join(d, "uploads", banner!.image_key))).toBe(false);
  // The offers carousel on instance B shows it.
  const shopper = await browser.newPage();
  await shopper.goto(`${b.url}/products`);
  const card = shopper
    .getByRole("region", { name: "Offers" })
    .getByRole("listitem")
    .filter({ hasText: title });
  await card.scrollIntoViewIfNeeded();
  const img = card.locator("img");
  await expect(img).toHaveAttribute("src", new RegExp(`^/uploads/${banner!.image_key}/`));
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
      timeout: 10_000,
    })
    .toBe(true);
  await shopper.close();
});

test("orders placed through both instances are mailed once each, although both run workers", async () => {
  const [product] = await query<{ id: string }>(
    "update products set stock_quantity = 1000 where id = (select id from products where is_active order by name limit 1) returning id",
  );
  const place = async (shop: ShopProcess) => {
    const r = await placeCodOrder(shop.url, product!.id);
    expect(r.status).toBe(201);
    return r.checkout!.checkoutId;
  };
  const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => place(i % 2 ? b : a)));

  const mailFiles = () => dataDirs.flatMap((d) => outbox(d).files("", ".eml"));
  const expected = ids.flatMap((id) => [`order-confirmation-${id}.eml`, `shop-notice-${id}.eml`]).sort();
  await expect
    .poll(() => mailFiles().filter((f) => expected.includes(f)).length, { timeout: 30_000 })
    .toBe(expected.length);
  // Each mail exists once across both hosts' outboxes: no instance sent one the other had sent.
  expect(
    mailFiles()
      .filter((f) => expected.includes(f))
      .sort(),
  ).toEqual(expected);
  const jobs = await query<{ state: string; n: number }>(
    "select state, count(*)::int as n from pgboss.job where data->>'checkoutId' = any($1) group by state",
    [ids],
  );
  expect(jobs).toEqual([{ state: "completed", n: 40 }]);
  const sends = await query<{ attempts: number; n: number }>(
    "select attempts, count(*)::int as n from message_deliveries where dedupe_key like any($1) group by attempts",
    [ids.map((id) => `%${id}`)],
  );
  expect(sends).toEqual([{ attempts: 1, n: 40 }]);
});

test("both instances seeded one catalogue, not two", async () => {
  const rows = await query(
    "select (select count(*)::int from categories) c, (select count(*)::int from bestselling_products) b",
  );
  expect(rows[0]).toEqual({ c: 5, b: 6 });
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

  const [product] = await query<{ id: string }>(
    "select id from products where is_active and stock_quantity > 0 limit 1",
  );
  expect((await placeCodOrder(a.url, product!.id)).status).toBe(201);
  await expect(card.locator("p").first()).toHaveText(String(before + 1));
  await context.close();
  await contextB.close();
});
