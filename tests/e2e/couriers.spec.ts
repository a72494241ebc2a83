import { expect, test } from "@playwright/test";
import { NO_ABUSE_LIMITS, startShop, type ShopProcess } from "../support/shop-process.mjs";
import {
  FAKE_COURIERS,
  fakeShiprocketEnv,
  startFakeShiprocket,
  type FakeShiprocket,
} from "../support/fake-shiprocket";
import { cartLine, fillCart, fillCheckoutForm } from "./checkout-form";
import { createAdminIn, openOrder, signInAsAdmin } from "./fixtures";

// Shipping through the courier (issue 28) in a shop of its own with the fake Shiprocket: on a phone the
// checkout says "Get it by …" for a served PIN and, before the order, that an unserved PIN cannot be
// delivered; staff book the courier from the order dialog and see the AWB and the label.

const ADMIN = { email: "couriers-admin@neonlights.in", password: "parcels travel far and wide" };
let app: ShopProcess;
let fake: FakeShiprocket;
let product: { id: string; name: string; medium_price: number };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fake = await startFakeShiprocket({
    routes: { "400050": [FAKE_COURIERS.delhivery, FAKE_COURIERS.bluedart] },
  });
  app = await startShop({ ...NO_ABUSE_LIMITS, ...fakeShiprocketEnv(fake) });
  createAdminIn(app, ADMIN);
  const client = await app.db();
  const r = await client.query(
    "select id, name, medium_price from products where is_active order by name limit 1",
  );
  product = r.rows[0];
  await client.query("update products set stock_quantity = 50 where id = $1", [product.id]);
  await client.end();
});
test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

test("a phone shopper sees the courier's date for a PIN, and is told before ordering that a PIN is not served; staff book the courier", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await fillCart(
    page,
    [cartLine(product, { quantity: 1, price: product.medium_price, color: "Pink" })],
    app.url,
  );
  await page.goto(`${app.url}/checkout`);
  await fillCheckoutForm(page, { pincode: "793001", city: "Shillong", state: "Meghalaya" });
  await expect(
    page.getByText("Sorry, our couriers do not deliver to this PIN code yet.", { exact: false }),
  ).toBeVisible();
  await page.screenshot({ path: "test-results/couriers-unserved-390.png", fullPage: true });

  await page.getByLabel("PIN Code").fill("400050");
  await page.getByLabel("City").fill("Mumbai");
  await expect(page.getByText(/^Get it by (Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} [A-Z][a-z]{2}$/)).toBeVisible();
  await page.screenshot({ path: "test-results/couriers-get-it-by-390.png", fullPage: true });
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=NL[0-9A-F]{8}$/);
  const displayId = new URL(page.url()).searchParams.get("orderId")!;

  // Staff have made the sign: the order is in production, ready to ship.
  const client = await app.db();
  await client.query("update orders set status = 'in_production' where id::text ilike $1", [
    `${displayId.slice(2).toLowerCase()}-%`,
  ]);
  await client.end();

  const staff = await browser.newPage({ viewport: { width: 1280, height: 900 }, baseURL: app.url });
  await signInAsAdmin(staff, ADMIN, app.url);
  const dialog = await openOrder(staff, displayId);
  await dialog.getByRole("button", { name: "Book courier" }).click();
  await expect(staff.getByText(/Booked with Delhivery Surface, AWB \d+/).first()).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Shipping label (PDF)" })).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Order timeline" })).toContainText("→ Dispatched");
  await staff.screenshot({ path: "test-results/couriers-booked-1280.png", fullPage: true });
});
