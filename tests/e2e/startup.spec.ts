import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { embeddedClient, embeddedPostgresAddress, startShop } from "../support/shop-process.mjs";
import { allow } from "./time-allowed";

// These start extra copies of the built shop; run them one at a time.
test.describe.configure({ mode: "serial" });

const freshDir = (name: string) => {
  const dir = path.resolve("test-data", `${name}-${Date.now()}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

test("a second start on the same DATA_DIR stops with a clear message and harms nothing", async ({ page }) => {
  test.setTimeout(allow(120_000));
  const dataDir = process.env.E2E_DATA_DIR!;
  const second = await startShop({ DATA_DIR: dataDir }, { waitHealthy: false });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("Another shop process");
  expect(second.output()).toContain("DATA_DIR");
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
});

test("after kill -9 of the app the next start keeps every committed row", async () => {
  test.setTimeout(allow(300_000));
  const dataDir = freshDir("kill9");
  const first = await startShop({ DATA_DIR: dataDir });
  const client = await embeddedClient(dataDir);
  await client.query(
    "insert into categories (name, description) values ('Durability check', 'committed before the crash')",
  );
  await client.end();
  first.child.kill("SIGKILL");
  await first.exited;

  const second = await startShop({ DATA_DIR: dataDir });
  const again = await embeddedClient(dataDir);
  const { rows } = await again.query(
    "select count(*)::int as n from categories where name = 'Durability check'",
  );
  const products = await again.query("select count(*)::int as n from products");
  await again.end();
  expect(rows[0].n).toBe(1);
  expect(products.rows[0].n).toBeGreaterThanOrEqual(12); // the demo catalogue was not seeded twice or lost
  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(0);
  // A clean stop also stops the embedded PostgreSQL.
  expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

  // /healthz answers 200 only while the database answers.
  const third = await startShop({ DATA_DIR: dataDir });
  expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
  process.kill(embeddedPostgresAddress(dataDir).pid, "SIGKILL");
  await expect.poll(async () => (await fetch(`${third.url}/healthz`)).status, { timeout: 15_000 }).toBe(503);
  await third.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("with DATABASE_URL the same code runs on an external PostgreSQL", async ({ browser }) => {
  test.setTimeout(allow(300_000));
  const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/test" });
  try {
    await admin.connect();
  } catch {
    test.skip(true, "no PostgreSQL on 127.0.0.1:5432");
    return;
  }
  const name = `e2e_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const dataDir = freshDir("external");
  try {
    const app = await startShop({
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}`,
    });
    const page = await browser.newPage();
    await page.goto(app.url);
    await expect(
      page.getByRole("region", { name: "Bestselling Neon Signs" }).getByRole("listitem"),
    ).toHaveCount(6);
    await page.close();
    expect(fs.existsSync(path.join(dataDir, "postgres"))).toBe(false);
    app.child.kill("SIGTERM");
    expect(await app.exited).toBe(0);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
