import type { Page } from "@playwright/test";
import { outbox } from "../support/outbox";
import { cartLine, checkoutCod as checkout, fillCart } from "./checkout-form";
import { courier, e2eDataDir as dataDir, expect, openOrder, setStatus, shopProduct, test } from "./fixtures";

// The shopper's own order page: reached from the link in the confirmation e-mail (in a browser that did
// not place the order), following the order as staff confirm and dispatch it; cancelling a fresh order
// from its page puts the stock back; "Find my order" answers without revealing anything.

test.use({
  adminCredentials: { email: "order-page-admin@neonlights.in", password: "order pages glow in the dark" },
});

const PHONE = `8${String(Date.now()).slice(-9)}`;
const EMAIL = `buyer.${PHONE}@example.in`;

const { product, stock, query } = shopProduct("where is_active order by name desc", 30);

/** A preferred delivery date well after any estimate: 30 days from now (YYYY-MM-DD). */
const PREFERRED = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const PREFERRED_SHOWN = new Date(`${PREFERRED}T00:00:00Z`).toLocaleDateString("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

async function checkoutCod(page: Page, quantity: number, email = EMAIL): Promise<string> {
  await fillCart(page, [cartLine(product, { quantity, color: "Pink" })]);
  return checkout(
    page,
    {
      name: "Kavya Rao",
      phone: PHONE,
      email,
      city: "Mysuru",
      state: "Karnataka",
      pincode: "570001",
    },
    () => page.getByLabel("Preferred Delivery Date").fill(PREFERRED),
  );
}

/** The order-page link from the shopper's confirmation e-mail in the outbox (sent by the shop's job worker). */
async function linkFromEmail(orderId: string): Promise<string> {
  const link = () => outbox(dataDir).link("orders", { prefix: "order-confirmation-", mention: orderId });
  await expect.poll(link, { timeout: 20_000 }).toMatch(/\/orders\/[0-9a-f]{64}$/);
  return link();
}

test("the link in the e-mail opens the order anywhere, and its timeline follows staff's changes", async ({
  page,
  browser,
  newAdminPage,
}) => {
  const orderId = await checkoutCod(page, 2);
  // The confirmation page lists the items and links to the order page.
  const items = page
    .getByRole("heading", { name: "Your Items" })
    .locator("xpath=ancestor::*[contains(@class,'rounded')][1]");
  await expect(items).toContainText(product.name);
  await expect(items).toContainText("Qty 2");
  await expect(page.getByRole("link", { name: "Track your order" })).toHaveAttribute(
    "href",
    /^\/orders\/[0-9a-f]{64}$/,
  );

  const link = await linkFromEmail(orderId);
  // Another browser: nothing in its storage, only the link.
  const elsewhere = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shopper = await elsewhere.newPage();
  const res = await shopper.goto(link);
  expect(res!.headers()["cache-control"]).toBe("private, no-store");
  expect(res!.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(shopper.getByRole("heading", { level: 1 })).toContainText(`#${orderId}`);
  await expect(shopper.getByRole("list", { name: "Items" })).toContainText(product.name);
  await expect(shopper.getByRole("list", { name: "Items" })).toContainText("2 ×");
  await expect(shopper.getByLabel("Charges")).toContainText("Total");
  // The preferred date the e-mail prints is on the page too (issue 42).
  await expect(shopper.getByText(`Preferred date: ${PREFERRED_SHOWN}`)).toBeVisible();
  const status = shopper.getByRole("list", { name: "Order status" });
  await expect(status.locator('[aria-current="step"]')).toContainText("Order placed");
  await expect(shopper.getByRole("button", { name: "Cancel order" })).toBeVisible();
  await shopper.screenshot({ path: "test-results/order-page-390.png", fullPage: true });

  const admin = await newAdminPage();
  await openOrder(admin, orderId, { search: PHONE });
  await setStatus(admin, "Confirmed");
  await setStatus(admin, "In Production");
  await setStatus(admin, "Dispatched", { fill: courier("Delhivery", "DLV445566") });

  await shopper.reload();
  await expect(status.locator('[aria-current="step"]')).toContainText("Dispatched");
  await expect(status).toContainText("Confirmed");
  await expect(status).toContainText("In production");
  await expect(shopper.getByText("DLV445566")).toBeVisible();
  await expect(shopper.getByRole("link", { name: "Track your parcel" })).toHaveAttribute(
    "href",
    "https://www.delhivery.com/track-v2/package/DLV445566",
  );
  // Production has started: no more online cancellation.
  await expect(shopper.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await shopper.setViewportSize({ width: 1280, height: 900 });
  await shopper.screenshot({ path: "test-results/order-page-1280.png", fullPage: true });

  // A link that is not an order's: a clear 404 page, never someone else's order.
  const wrong = await shopper.goto(link.replace(/[0-9a-f]$/, (c) => (c === "0" ? "1" : "0")));
  expect(wrong!.status()).toBe(404);
  await expect(shopper.getByRole("heading", { name: "Order not found" })).toBeVisible();
  await elsewhere.close();
});

test("a shopper cancels a fresh order from its page and the stock comes back", async ({ page }) => {
  const before = await stock();
  const orderId = await checkoutCod(page, 3);
  expect(await stock()).toBe(before - 3);
  await page.getByRole("link", { name: "Track your order" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${orderId}`);
  await page.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Nothing has been charged for this order.");
  await dialog.getByLabel("Reason (optional)").fill("Ordered twice by mistake");
  await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(
    page.getByRole("list", { name: "Order status" }).locator('[aria-current="step"]'),
  ).toContainText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  expect(await stock()).toBe(before);
  const h = await query(
    "select h.note from order_status_history h join orders o on o.id = h.order_id where o.customer_phone = $1 and h.to_value = 'cancelled'",
    [`+91${PHONE}`],
  );
  expect(h.rows.map((r) => r.note).join(" ")).toContain("Ordered twice by mistake");
});

test("find my order answers the same for any well-formed details and explains bad ones", async ({ page }) => {
  await page.goto("/orders");
  await expect(page.getByRole("heading", { name: "Find my order" })).toBeVisible();
  await page.getByLabel("Order number").fill("hello");
  await page.getByLabel("Phone number or e-mail used for the order").fill("12");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("Enter the order number from your e-mail")).toBeVisible();
  await expect(
    page.getByText("Enter the 10-digit phone number or the e-mail used for the order."),
  ).toBeVisible();
  await page.getByLabel("Order number").fill("NL00000000");
  await page.getByLabel("Phone number or e-mail used for the order").fill(EMAIL);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("If these details match an order");
});

test("without JavaScript, find my order still shows the server's field errors and its answer", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/orders");
  await page.getByLabel("Order number").fill("hello");
  await page.getByLabel("Phone number or e-mail used for the order").fill("12");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("Enter the order number from your e-mail")).toBeVisible();
  await expect(page.getByLabel("Order number")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Order number").fill("NL00000000");
  await page.getByLabel("Phone number or e-mail used for the order").fill(EMAIL);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("If these details match an order");
  await context.close();
});
