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
import { allow } from "./time-allowed";

// Shipping through the courier (issue 28) in a shop of its own with the fake Shiprocket: on a phone the
// checkout says "Get it by …" for a served PIN and, before the order, that an unserved PIN cannot be
// delivered; staff book the courier from the order dialog and see the AWB and the label.

const WEBHOOK_TOKEN = "e2e-courier-webhook-token-0123456789";
const SHOTS = "/tmp/shots-couriers";
const ADMIN = { email: "couriers-admin@neonlights.in", password: "parcels travel far and wide" };
let app: ShopProcess;
let fake: FakeShiprocket;
let product: { id: string; name: string; medium_price: number };

test.beforeAll(async () => {
  test.setTimeout(allow(240_000));
  fake = await startFakeShiprocket({
    routes: { "400050": [FAKE_COURIERS.delhivery, FAKE_COURIERS.bluedart] },
  });
  app = await startShop({
    ...NO_ABUSE_LIMITS,
    ...fakeShiprocketEnv(fake),
    SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
  });
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
  // One long journey: checkout, courier settings, booking, a failed delivery answered, the shipments view.
  test.setTimeout(allow(150_000));
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
  // The owner sets the courier: a new pickup location registered with Shiprocket, a heavier Medium box.
  await staff.goto(`${app.url}/admin/settings/courier`);
  await staff.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The settings' Courier card (its heading's card).
  const courier = staff
    .getByRole("heading", { name: "Courier", level: 2, exact: true })
    .locator("xpath=ancestor::div[contains(@class, 'rounded-xl')][1]");
  await courier.getByLabel("Shiprocket Pickup Location").fill("Badaun Workshop");
  await courier
    .getByRole("group", { name: "Ready-made signs: Medium" })
    .getByLabel("Weight (kg)")
    .fill("1.5");
  await staff.getByRole("button", { name: "Save Settings" }).click();
  await expect(staff.getByText("Settings saved successfully")).toBeVisible();
  await courier.getByRole("button", { name: "Register with Shiprocket" }).click();
  await expect(staff.getByText(/registered with Shiprocket as "Badaun Workshop"/)).toBeVisible();
  expect(fake.pickupLocations.has("Badaun Workshop")).toBe(true);
  await courier.screenshot({ path: `${SHOTS}/settings-courier-1280.png` });
  await staff.setViewportSize({ width: 390, height: 900 });
  await courier.screenshot({ path: `${SHOTS}/settings-courier-390.png` });
  await staff.setViewportSize({ width: 1280, height: 900 });

  const dialog = await openOrder(staff, displayId);
  // Staff see each courier serving the PIN with its price and days (COD: only those collecting cash).
  await expect(dialog.getByRole("combobox", { name: /Courier \(price to the shop/ })).toContainText(
    "Delhivery Surface: ₹54, 4 days (cheapest)",
  );
  await expect(dialog.getByText("Parcel: 40 × 40 × 8 cm, 1.5 kg")).toBeVisible();
  await dialog.getByRole("button", { name: "Book courier" }).scrollIntoViewIfNeeded();
  await staff.screenshot({ path: `${SHOTS}/courier-choice-1280.png` });
  await staff.setViewportSize({ width: 390, height: 900 });
  await dialog.getByRole("button", { name: "Book courier" }).scrollIntoViewIfNeeded();
  await staff.screenshot({ path: `${SHOTS}/courier-choice-390.png` });
  await staff.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: "Book courier" }).click();
  await expect(staff.getByText(/Booked with Delhivery Surface, AWB \d+/).first()).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Shipping label (PDF)" })).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Order timeline" })).toContainText("→ Dispatched");
  await staff.screenshot({ path: "test-results/couriers-booked-1280.png", fullPage: true });

  // The courier could not deliver (NDR): the webhook, with the shop's token (a forged one changes nothing).
  const booked = await staff
    .getByText(/Booked with Delhivery Surface, AWB \d+/)
    .first()
    .textContent();
  const awb = /AWB (\d+)/.exec(booked ?? "")![1]!;
  // Sent from the registered pickup location, in the settings' Medium box.
  expect([...fake.shipments.values()].find((s) => s.awb === awb)!.body).toMatchObject({
    pickup_location: "Badaun Workshop",
    length: 40,
    weight: 1.5,
  });
  fake.setTracking(awb, 21, "UNDELIVERED - CUSTOMER NOT AVAILABLE");
  const hook = (token: string) =>
    staff.request.post(`${app.url}/api/courier-updates`, {
      headers: { "x-api-key": token, "content-type": "application/json" },
      data: { awb, shipment_status_id: 21 },
    });
  expect((await hook("forged-token-forged-token-0000")).status()).toBe(401);
  expect((await hook(WEBHOOK_TOKEN)).status()).toBe(200);

  // The shopper answers on their order page, on a phone.
  const db2 = await app.db();
  const token = (
    await db2.query("select access_token from orders where id::text ilike $1", [
      `${displayId.slice(2).toLowerCase()}-%`,
    ])
  ).rows[0].access_token as string;
  await db2.end();
  await page.goto(`${app.url}/orders/${token}`);
  await expect(page.getByRole("heading", { name: "We could not deliver your order" })).toBeVisible();
  await page.getByRole("radio", { name: "Change my address or phone, then try again" }).check();
  await page.getByLabel("New address line 1").fill("Flat 4B, Sunrise Apartments");
  await page.getByLabel("New mobile number").fill("98765 43210");
  await page.screenshot({ path: `${SHOTS}/ndr-answer-390.png`, fullPage: true });
  await page.getByRole("button", { name: "Send my answer" }).click();
  await expect(page.getByText(/Your answer: Change my address or phone/)).toBeVisible();
  // The order itself now carries the new address.
  await expect(page.getByText(/Flat 4B, Sunrise Apartments/).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ndr-answered-390.png`, fullPage: true });
  await expect.poll(() => fake.ndrActions.filter((a) => a.awb === awb).length, { timeout: 20_000 }).toBe(1);
  expect(fake.ndrActions.find((a) => a.awb === awb)).toMatchObject({
    action: "re-attempt",
    phone: "9876543210",
    address1: "Flat 4B, Sunrise Apartments",
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/ndr-answered-1280.png`, fullPage: true });

  // Staff see it under Shipments, Delivery failed.
  await staff.goto(`${app.url}/admin/shipments?group=ndr`);
  await expect(staff.getByRole("link", { name: `#${displayId}` })).toBeVisible();
  await expect(staff.getByText(/Shopper: New address or phone/)).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/shipments-ndr-1280.png`, fullPage: true });
  // Another order ready for the courier: listed under Ready to ship.
  const db3 = await app.db();
  await db3.query(
    `insert into orders (customer_name, customer_email, customer_phone, shipping_address, subtotal, total_amount, payment_method, status)
     values ('Ravi Kumar', 'ravi@example.in', '+919812345678', '{"address1":"5 Hill Road","city":"Mumbai","state":"maharashtra","pincode":"400050"}', 1999, 1999, 'cod', 'in_production')`,
  );
  await db3.end();
  await staff.goto(`${app.url}/admin/shipments`);
  await expect(staff.getByRole("list", { name: "Orders ready to ship" })).toContainText("Ravi Kumar");
  await staff.screenshot({ path: `${SHOTS}/shipments-ready-1280.png`, fullPage: true });
  await staff.setViewportSize({ width: 390, height: 900 });
  await staff.goto(`${app.url}/admin/shipments?group=ndr`);
  await staff.screenshot({ path: `${SHOTS}/shipments-ndr-390.png`, fullPage: true });
  await staff.goto(`${app.url}/admin/shipments`);
  await staff.screenshot({ path: `${SHOTS}/shipments-ready-390.png`, fullPage: true });
});
