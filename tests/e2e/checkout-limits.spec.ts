import { expect, test, type Page } from "@playwright/test";
import { startShop, type ShopProcess } from "../support/shop-process.mjs";
import { cartLine, fillCart, fillCheckoutForm } from "./checkout-form";

// A shop of its own with low limits, so the limits themselves can be met through the real page:
// two checkouts per hour per address, and orders up to ₹3,000.
let app: ShopProcess;
let product: { id: string; name: string };

test.beforeAll(async () => {
  app = await startShop({ CHECKOUT_RATE_PER_HOUR: "2", MAX_ORDER_TOTAL: "3000" });
  const client = await app.db();
  const r = await client.query("select id, name from products where name = 'Game On Neon Sign'");
  product = r.rows[0];
  await client.query("update products set stock_quantity = 50 where id = $1", [product.id]);
  await client.end();
});
test.afterAll(async () => {
  await app?.stop();
});

async function checkoutWith(page: Page, quantity: number, name: string) {
  await fillCart(page, [cartLine(product, { quantity })], app.url);
  await page.goto(`${app.url}/checkout`);
  await fillCheckoutForm(page, { name });
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
}

test("an order above the ceiling, then too many attempts, each get a message a shopper can act on", async ({
  page,
}) => {
  // 2 x ₹2,499 + delivery is above ₹3,000: refused, nothing placed, the cart kept.
  await checkoutWith(page, 2, "Big Order");
  const alert = page.getByRole("alert").filter({ hasText: "please contact us" });
  await expect(alert).toContainText("Orders above ₹3,000 can't be placed online: please contact us at");
  await expect(page).toHaveURL(/\/checkout$/);

  // The second attempt from this address is still allowed (and placed).
  await checkoutWith(page, 1, "Small Order");
  await expect(page).toHaveURL(/\/order-confirmation/);

  // The third within the hour: 429, and the page says how long to wait.
  await checkoutWith(page, 1, "One Too Many");
  await expect(page.getByText("Too Many Attempts", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Too many attempts from your connection" }),
  ).toContainText(/Please wait \d+ minutes and try again/);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
});
