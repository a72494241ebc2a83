import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  embeddedClient,
  embeddedPostgresAddress,
  NO_ABUSE_LIMITS,
  startShop,
  type ShopProcess,
} from "../support/shop-process.mjs";
import { outbox } from "../support/outbox";
import { placeCodOrder } from "./checkout-request";
import { allow } from "./time-allowed";

// Orders keep arriving while the app (or its database) is killed; after a restart every order that was
// acknowledged to a client is present and complete, no checkout is half-written, and every order gets
// exactly one confirmation and one shop notice (the mail jobs were queued in the orders' transactions).
test.describe.configure({ mode: "serial" });

/** The queue's recovery after a kill, shortened (JOB_EXPIRE_SECONDS, JOB_MAINTENANCE_SECONDS in env.server.ts). */
const RECOVERY = { JOB_EXPIRE_SECONDS: "10", JOB_MAINTENANCE_SECONDS: "2" };

type Ack = { checkoutId: string; orderIds: string[]; totalAmount: number };

async function prepare(dataDir: string) {
  const c = await embeddedClient(dataDir);
  const { rows } = await c.query<{ id: string; medium_price: number }>(
    "update products set stock_quantity = 100000 where id = (select id from products where is_active order by name limit 1) returning id, medium_price",
  );
  await c.end();
  return rows[0]!;
}

/** Place COD orders from `workers` parallel clients until the app stops answering. */
function placeOrdersUntilDown(app: ShopProcess, productId: string, workers: number) {
  const acks: Ack[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      try {
        const r = await placeCodOrder(app.url, productId, { quantity: 2 });
        if (r.status === 201 && r.checkout) acks.push(r.checkout);
      } catch {
        // Connection refused or reset: the app is down.
        if (app.child.exitCode !== null || app.child.signalCode !== null) running = false;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return { acks, stop: async () => ((running = false), await done) };
}

async function checkIntegrity(dataDir: string, acks: Ack[], productId: string, unitPrice: number) {
  const c = await embeddedClient(dataDir);
  try {
    for (const a of acks) {
      const o = await c.query(
        "select o.id, o.total_amount, (select count(*)::int from order_items i where i.order_id = o.id) as items from orders o where o.checkout_id = $1",
        [a.checkoutId],
      );
      expect(o.rows.length, `acknowledged checkout ${a.checkoutId} is missing`).toBe(1);
      expect(o.rows[0].items).toBe(1);
      // The shipping policy's charges: ₹299 delivery below ₹5,000 of goods (free from it), ₹50 for cash on delivery.
      const goods = 2 * unitPrice;
      expect(o.rows[0].total_amount).toBe(goods + (goods >= 5000 ? 0 : 299) + 50);
    }
    // No half-written checkout: every checkout has its order and every order its line.
    const orphans = await c.query(`
      select (select count(*)::int from checkouts k where not exists (select 1 from orders o where o.checkout_id = k.id)
                                              and not exists (select 1 from custom_neon_orders co where co.checkout_id = k.id)) as empty_checkouts,
             (select count(*)::int from orders o where not exists (select 1 from order_items i where i.order_id = o.id)) as empty_orders`);
    expect(orphans.rows[0]).toEqual({ empty_checkouts: 0, empty_orders: 0 });
    // Stock taken matches the quantities ordered.
    const stock = await c.query(
      `select p.stock_quantity as stock, coalesce((select sum(i.quantity)::int from order_items i join orders o on o.id = i.order_id
        where i.product_id = p.id and o.status <> 'cancelled'), 0) as sold from products p where p.id = $1`,
      [productId],
    );
    expect(stock.rows[0].stock + stock.rows[0].sold).toBe(100000);
  } finally {
    await c.end();
  }
}

/**
 * Every order in the database (acknowledged or not: a COD checkout that committed is an order) has exactly
 * one confirmation and one shop notice in the outbox, and no mail job is left failed. Returns the
 * checkouts whose mail is missing, so a poll can wait for the queue to catch up after the restart.
 */
async function missingMail(dataDir: string, acks: Ack[]) {
  const c = await embeddedClient(dataDir);
  try {
    const { rows } = await c.query<{ id: string }>("select id from checkouts where payment_method = 'cod'");
    const ids = new Set(rows.map((r) => r.id));
    for (const a of acks)
      expect(ids.has(a.checkoutId), `acknowledged ${a.checkoutId} is in the database`).toBe(true);
    const failed = await c.query("select 1 from pgboss.job where name like 'mail-%' and state = 'failed'");
    expect(failed.rows).toHaveLength(0);
    const files = new Set(outbox(dataDir).files("", ".eml"));
    const expected = [...ids].flatMap((id) => [`order-confirmation-${id}.eml`, `shop-notice-${id}.eml`]);
    // Nothing else in the outbox: no second copy of any mail, no mail for an order that does not exist.
    expect([...files].filter((f) => !expected.includes(f))).toEqual([]);
    return expected.filter((f) => !files.has(f));
  } finally {
    await c.end();
  }
}

/**
 * After the restart the queue delivers what was pending when the app died, and records it: a job cut off
 * mid-send (its mail written, not yet marked sent) expires and is retried, and finds its mail already there.
 * (The expiry is 45 s for mail; these shops use 10 s, looked for every 2 s: `RECOVERY`.)
 */
async function expectEveryOrderMailedOnce(dataDir: string, acks: Ack[]) {
  const state = async () => {
    const missing = await missingMail(dataDir, acks);
    const c = await embeddedClient(dataDir);
    try {
      const { rows } = await c.query<{ unsent: number }>(
        "select count(*)::int as unsent from message_deliveries where sent_at is null",
      );
      return { missing, unsent: rows[0]!.unsent };
    } finally {
      await c.end();
    }
  };
  await expect.poll(state, { timeout: 150_000, intervals: [1_000] }).toEqual({ missing: [], unsent: 0 });
}

test("orders acknowledged before a SIGKILL of the app are all there after the restart", async () => {
  test.setTimeout(allow(420_000));
  const dataDir = path.resolve("test-data", `durable-app-${Date.now()}`);
  const app = await startShop({ DATA_DIR: dataDir, ...NO_ABUSE_LIMITS, ...RECOVERY });
  const product = await prepare(dataDir);
  const load = placeOrdersUntilDown(app, product.id, 4);
  await expect.poll(() => load.acks.length, { timeout: 60_000 }).toBeGreaterThan(20);
  app.child.kill("SIGKILL");
  await app.exited;
  await load.stop();

  const again = await startShop({ DATA_DIR: dataDir, ...NO_ABUSE_LIMITS, ...RECOVERY });
  await checkIntegrity(dataDir, load.acks, product.id, product.medium_price);
  await expectEveryOrderMailedOnce(dataDir, load.acks);
  await again.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("orders acknowledged before a SIGKILL of the embedded PostgreSQL are all there after the restart", async () => {
  test.setTimeout(allow(420_000));
  const dataDir = path.resolve("test-data", `durable-db-${Date.now()}`);
  const app = await startShop({ DATA_DIR: dataDir, ...NO_ABUSE_LIMITS, ...RECOVERY });
  const product = await prepare(dataDir);
  const load = placeOrdersUntilDown(app, product.id, 4);
  await expect.poll(() => load.acks.length, { timeout: 60_000 }).toBeGreaterThan(20);
  process.kill(embeddedPostgresAddress(dataDir).pid, "SIGKILL");
  // The app keeps running but can no longer place orders; stop the load and the app.
  await expect.poll(async () => (await fetch(`${app.url}/healthz`)).status, { timeout: 15_000 }).toBe(503);
  app.child.kill("SIGKILL");
  await app.exited;
  await load.stop();

  const again = await startShop({ DATA_DIR: dataDir, ...NO_ABUSE_LIMITS, ...RECOVERY });
  await checkIntegrity(dataDir, load.acks, product.id, product.medium_price);
  await expectEveryOrderMailedOnce(dataDir, load.acks);
  await again.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
