import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { NO_ABUSE_LIMITS, startShop, type ShopProcess } from "../support/shop-process.mjs";
import {
  FAKE_COURIERS,
  fakeShiprocketEnv,
  startFakeShiprocket,
  type FakeShiprocket,
} from "../support/fake-shiprocket";
import { addBusinessDays, formatDeliveryDay } from "../../app/shared/business-days";
import { todayInIndia } from "../../app/shared/ist-dates";
import { cartLine, fillCart } from "./checkout-form";
import { allow } from "./time-allowed";

// Delivery dates for the shopper's PIN (issue 28) and every delivery promise from the shop settings
// (issue 27, item 3; decision 034), in a shop of its own with the fake Shiprocket.

let app: ShopProcess;
let fake: FakeShiprocket;
let product: { id: string; name: string; medium_price: number };

const SHOTS = "/tmp/shots-delivery-dates";
fs.mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(allow(240_000));
  fake = await startFakeShiprocket({
    routes: {
      "400050": [FAKE_COURIERS.delhivery, FAKE_COURIERS.bluedart], // cash on delivery with Delhivery
      "560001": [FAKE_COURIERS.bluedart], // prepaid only
    },
  });
  app = await startShop({ ...NO_ABUSE_LIMITS, ...fakeShiprocketEnv(fake) });
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

/** Today in India plus production days plus the courier's days in transit, as the shopper reads it. */
const day = (production: number, transit: number) =>
  formatDeliveryDay(addBusinessDays(addBusinessDays(todayInIndia(), production), transit));

/** Bring the PIN box to the bottom of the screen (above it: the buttons, or the customiser's sticky preview). */
async function showBox(page: Page) {
  await page
    .getByTestId("pin-delivery")
    .first()
    .evaluate((el) => {
      el.scrollIntoView({ block: "end" });
      window.scrollBy(0, 80);
    });
}

async function askPin(page: Page, pin: string) {
  const box = page.getByTestId("pin-delivery").first();
  await box.getByLabel("PIN code for delivery").fill(pin);
  await box.getByRole("button", { name: "Check" }).click();
  return box;
}

test("on a phone, the product page asks for a PIN and gives a date; an unserved PIN and no cash on delivery are said before checkout; the PIN follows the shopper", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await fillCart(
    page,
    [cartLine(product, { quantity: 1, price: product.medium_price, color: "Pink" })],
    app.url,
  );
  // Served before any script runs: the settings' window, with room kept for the answer.
  await page.goto(`${app.url}/products/${product.id}`);
  const box = page.getByTestId("pin-delivery");
  await expect(box).toContainText("Delivery in 7-14 business days");
  await expect(box).toContainText("Enter your PIN code for your delivery date.");
  const before = await box.boundingBox();

  await askPin(page, "1234");
  await expect(box).toContainText("Please enter a 6-digit PIN code.");

  await askPin(page, "400050");
  // Ready-made: 2 days to dispatch, then Delhivery's 4 days (the cheapest, which the shop books).
  await expect(box.getByText(`Get it by ${day(2, 4)}`)).toBeVisible();
  await expect(box).toContainText("Delivery to 400050 · Cash on delivery available");
  // The box did not grow or shrink with the answer (nothing below it moves).
  expect((await box.boundingBox())!.height).toBe(before!.height);
  await showBox(page);
  await page.screenshot({ path: `${SHOTS}/product-390.png`, fullPage: false });

  await askPin(page, "793001");
  await expect(box.getByText("Not serviceable")).toBeVisible();
  await expect(box).toContainText("Our couriers do not deliver to this PIN code yet.");
  expect((await box.boundingBox())!.height).toBe(before!.height);

  await askPin(page, "560001");
  await expect(box.getByText(`Get it by ${day(2, 2)}`)).toBeVisible();
  await expect(box).toContainText("Delivery to 560001 · Cash on delivery is not available here");
  expect((await box.boundingBox())!.height).toBe(before!.height);
  await showBox(page);
  await page.screenshot({ path: `${SHOTS}/product-no-cod-390.png`, fullPage: false });

  // The PIN is remembered: the customiser counts the custom sign's 5 making days for it at once.
  await askPin(page, "400050");
  await expect(box.getByText(`Get it by ${day(2, 4)}`)).toBeVisible();
  await page.goto(`${app.url}/customize`);
  const custom = page.getByTestId("pin-delivery");
  await expect(custom.getByLabel("PIN code for delivery")).toHaveValue("400050");
  await expect(custom.getByText(`Get it by ${day(5, 4)}`)).toBeVisible();
  await showBox(page);
  await page.screenshot({ path: `${SHOTS}/customize-390.png`, fullPage: false });

  // The cart says it too, and so does the checkout, whose PIN field is filled from it.
  await page.getByRole("button", { name: "Cart, 1 item" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByText(`Get it by ${day(2, 4)}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cart-390.png`, fullPage: false });
  await page.goto(`${app.url}/checkout`);
  await expect(page.getByLabel("PIN Code")).toHaveValue("400050");
  await expect(page.getByText(`Get it by ${day(2, 4)}`)).toBeVisible();
});

test("on a desktop the PIN box sits under the buttons of the product page, the customiser and the cart", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await fillCart(
    page,
    [cartLine(product, { quantity: 1, price: product.medium_price, color: "Pink" })],
    app.url,
  );
  await page.goto(`${app.url}/products/${product.id}`);
  const box = await askPin(page, "400050");
  await expect(box.getByText(`Get it by ${day(2, 4)}`)).toBeVisible();
  await showBox(page);
  await page.screenshot({ path: `${SHOTS}/product-1280.png`, fullPage: false });
  await page.goto(`${app.url}/customize`);
  await expect(page.getByTestId("pin-delivery").getByText(`Get it by ${day(5, 4)}`)).toBeVisible();
  await showBox(page);
  await page.screenshot({ path: `${SHOTS}/customize-1280.png`, fullPage: false });
  await page.getByRole("button", { name: "Cart, 1 item" }).click();
  await expect(page.getByRole("dialog").getByText(`Get it by ${day(2, 4)}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cart-1280.png`, fullPage: false });
});

test("every delivery promise follows the shop settings: home, contact, shipping info, terms, product FAQ and checkout", async ({
  page,
}) => {
  // The owner changes the rules: 1 day to dispatch, 6 to make a custom sign, 3-4 days in transit.
  const client = await app.db();
  await client.query(
    `update shop_settings set settings = jsonb_set(settings, '{shipping}', settings->'shipping' ||
       '{"readyDispatchDays": 1, "customMakingDays": 6, "standardDaysMin": 3, "standardDaysMax": 4}'::jsonb),
       updated_at = now()`,
  );
  await client.end();
  await fillCart(
    page,
    [cartLine(product, { quantity: 1, price: product.medium_price, color: "Pink" })],
    app.url,
  );

  // The settings copy of the shop is dropped on the change; each page is read again until it shows.
  const shows = async (path: string, text: string | RegExp) =>
    expect(async () => {
      await page.goto(`${app.url}${path}`);
      await expect(page.getByText(text).first()).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 40_000 });

  await shows("/", "Handcrafted and delivered to your door in 4-5 business days.");
  await shows("/contact", "Standard delivery takes 4-5 business days; custom designs take 9-10 days.");
  await shows("/shipping-info", /^Ready-made signs: delivered in 4-5 business days/);
  await shows("/shipping-info", /^Custom signs: delivered in 9-10 business days/);
  await shows("/shipping-info", "Ready-made signs in stock: dispatched within 1 business day");
  await shows("/terms-of-service", /custom orders take 6 business days to proof and make/);
  await shows(`/products/${product.id}`, "Delivery in 4-5 business days");
  await page.locator("details > summary").first().click();
  await expect(
    page.getByText(
      "Standard delivery takes 4-5 business days after your order is confirmed; custom designs take 9-10 days.",
    ),
  ).toBeVisible();
  await shows("/customize", "Delivery in 9-10 business days");
  // Checkout before a PIN: the settings' window for standard delivery.
  await shows("/checkout", "(4-5 business days)");
});
