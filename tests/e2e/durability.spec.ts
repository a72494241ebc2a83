import crypto from "node:crypto";
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

// Orders keep arriving while the app (or its database) is killed; after a restart every order that was
// acknowledged to a client is present and complete, and no checkout is half-written.
test.describe.configure({ mode: "serial" });

type Ack = { checkoutId: string; orderIds: string[]; totalAmount: number };

const form = {
  name: "Durable Shopper",
  phone: "9876543210",
  email: "durable@example.in",
  address1: "1 Fort Road",
  city: "Badaun",
  state: "uttar-pradesh",
  pincode: "243601",
  paymentMethod: "cod",
};

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
        const res = await fetch(`${app.url}/api/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: app.url },
          body: JSON.stringify({
            idempotencyKey: crypto.randomBytes(16).toString("hex"),
            form,
            items: [
              {
                id: "l",
                name: "x",
                price: 1,
                image: "",
                quantity: 2,
                type: "product",
                productConfig: {
                  size: "M",
                  color: "Pink",
                  brightnessController: false,
                  productType: "Standard",
                  originalProductId: productId,
                },
              },
            ],
          }),
        });
        if (res.status === 201) acks.push(((await res.json()) as { checkout: Ack }).checkout);
        else await res.arrayBuffer();
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

test("orders acknowledged before a SIGKILL of the app are all there after the restart", async () => {
  test.setTimeout(300_000);
  const dataDir = path.resolve("test-data", `durable-app-${Date.now()}`);
  const app = await startShop({ DATA_DIR: dataDir, ...NO_ABUSE_LIMITS });
  const product = await prepare(dataDir);
  const load = placeOrdersUntilDown(app, product.id, 4);
  await expect.poll(() => load.acks.length, { timeout: 60_000 }).toBeGreaterThan(20);
  app.child.kill("SIGKILL");
  await app.exited;
  await load.stop();

  const again = await startShop({ DATA_DIR: dataDir, ...NO_ABUSE_LIMITS });
  await checkIntegrity(dataDir, load.acks, product.id, product.medium_price);
  await again.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("orders acknowledged before a SIGKILL of the embedded PostgreSQL are all there after the restart", async () => {
  test.setTimeout(300_000);
  const dataDir = path.resolve("test-data", `durable-db-${Date.now()}`);
  const app = await startShop({ DATA_DIR: dataDir, ...NO_ABUSE_LIMITS });
  const product = await prepare(dataDir);
  const load = placeOrdersUntilDown(app, product.id, 4);
  await expect.poll(() => load.acks.length, { timeout: 60_000 }).toBeGreaterThan(20);
  process.kill(embeddedPostgresAddress(dataDir).pid, "SIGKILL");
  // The app keeps running but can no longer place orders; stop the load and the app.
  await expect.poll(async () => (await fetch(`${app.url}/healthz`)).status, { timeout: 15_000 }).toBe(503);
  app.child.kill("SIGKILL");
  await app.exited;
  await load.stop();

  const again = await startShop({ DATA_DIR: dataDir, ...NO_ABUSE_LIMITS });
  await checkIntegrity(dataDir, load.acks, product.id, product.medium_price);
  await again.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
