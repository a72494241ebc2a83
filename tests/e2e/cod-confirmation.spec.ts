import { outbox } from "../support/outbox";
import { cartLine, checkoutCod, fillCart } from "./checkout-form";
import { placeCodOrder } from "./checkout-request";
import { e2eDataDir as dataDir, expect, openOrder, shopProduct, test } from "./fixtures";

// Issue 30 on a phone: a COD order's confirmation e-mail carries "Confirm my order" to the order page, where the
// shopper confirms in another browser (only the link); the order's timeline then shows it confirmed.

const PHONE = `9${String(Date.now()).slice(-9)}`;
const { product } = shopProduct("where is_active order by name", 30);

/** The e-mail's "Confirm my order" link (to the order page), once the job worker has written the mail. */
async function confirmLink(orderId: string): Promise<string> {
  const find = () => {
    for (const text of outbox(dataDir).mails("order-confirmation-"))
      if (text.includes(orderId)) {
        const m = /https?:\/\/\S+\/orders\/[0-9a-f]{64}\?cod=confirm#cod-confirmation/.exec(text);
        if (m) return m[0];
      }
    return "";
  };
  await expect.poll(find, { timeout: 20_000 }).toMatch(/cod=confirm/);
  return find();
}

test("a COD order is confirmed from the e-mail's link on a phone, and its timeline shows it", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await fillCart(page, [cartLine(product, { quantity: 1, color: "Blue" })]);
  const orderId = await checkoutCod(page, {
    name: "Meera Iyer",
    phone: PHONE,
    email: `meera.${PHONE}@example.in`,
  });

  const link = await confirmLink(orderId);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shopper = await phone.newPage();
  await shopper.goto(link);
  const ask = shopper.getByRole("heading", { name: "Please confirm your cash on delivery order" });
  await expect(ask).toBeVisible();
  await expect(shopper.getByRole("list", { name: "Order status" })).toContainText("Order placed");
  await shopper.screenshot({ path: "test-results/cod-confirmation-390-ask.png", fullPage: true });

  await shopper.getByRole("button", { name: "Confirm order" }).click();
  await expect(shopper.getByText("Thank you: your order is confirmed.")).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(shopper.getByText("Cash on delivery: Confirmed by you")).toBeVisible();
  const confirmed = shopper.getByRole("list", { name: "Order status" }).getByRole("listitem").nth(1);
  await expect(confirmed).toContainText("Confirmed");
  await expect(confirmed).toContainText(/\d{1,2}:\d{2}/);
  await shopper.screenshot({ path: "test-results/cod-confirmation-390-done.png", fullPage: true });

  // Pressing again (the link opened once more) is no longer offered; the page at 1280 px looks the same.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const wide = await desk.newPage();
  await wide.goto(link);
  await expect(wide.getByRole("button", { name: "Confirm order" })).toHaveCount(0);
  await expect(wide.getByText("Cash on delivery: Confirmed by you")).toBeVisible();
  await wide.screenshot({ path: "test-results/cod-confirmation-1280-done.png", fullPage: true });
  await phone.close();
  await desk.close();
});

test("'Cancel this order' asks before it cancels", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = `8${String(Date.now()).slice(-9)}`;
  await fillCart(page, [cartLine(product, { quantity: 1, color: "Blue" })]);
  const orderId = await checkoutCod(page, { name: "Kabir Rao", phone, email: `kabir.${phone}@example.in` });
  await page.goto(await confirmLink(orderId));
  await page.getByText("Cancel this order", { exact: true }).click();
  const ask = page.getByRole("form", { name: "Cancel this order?" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText("It cannot be undone");
  await page.screenshot({ path: "test-results/cod-cancel-asks-390.png", fullPage: true });
  // Nothing is cancelled until the second, explicit press.
  await expect(
    page.getByRole("heading", { name: "Please confirm your cash on delivery order" }),
  ).toBeVisible();
  await ask.getByRole("button", { name: "Yes, cancel this order" }).click();
  await expect(page.getByText(/Cash on delivery: Cancelled by you/)).toBeVisible();
});

test("staff see a COD order's confirmation and RTO risk, and confirm it by phone", async ({
  newAdminPage,
  baseURL,
}) => {
  const placed = await placeCodOrder(baseURL!, product.id);
  expect(placed.status).toBe(201);
  const displayId = placed.checkout!.orderPages[0]!.displayId;
  for (const width of [1280, 390]) {
    const page = await newAdminPage(width);
    const dialog = await openOrder(page, displayId);
    const section = dialog.getByRole("region", { name: "COD Confirmation and RTO Risk" });
    await expect(section).toContainText("Waiting for the shopper.");
    await expect(section.getByRole("group", { name: "RTO risk" })).toContainText(
      /RTO risk: (Low|Medium|High)/,
    );
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/cod-confirmation-admin-${width}.png` });
    if (width === 390) {
      await section.getByRole("button", { name: "Confirmed by phone" }).click();
      await expect(page.getByText("Confirmed by phone. The order is confirmed.")).toBeVisible();
      await expect(section).toContainText("Confirmed by staff");
      await expect(dialog.getByRole("list", { name: "Order timeline" })).toContainText("→ Confirmed");
    }
  }
});

test("the checkout nudges to pay online; the owner's settings and dashboard show COD confirmation", async ({
  page,
  newAdminPage,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await fillCart(page, [cartLine(product, { quantity: 1, color: "Blue" })]);
    await page.goto("/checkout");
    const online = page.getByText("Pay online and save ₹50");
    await expect(online).toBeVisible();
    await online.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/cod-checkout-nudge-${width}.png` });

    const admin = await newAdminPage(width);
    await admin.goto("/admin/settings/cod");
    await expect(admin.getByRole("heading", { name: "COD Confirmation" })).toBeVisible();
    await expect(admin.getByLabel("Reminder after (hours)", { exact: true })).toHaveValue("12");
    await expect(admin.getByLabel("Cancel after (hours)", { exact: true })).toHaveValue("48");
    await expect(admin.getByLabel("Online payment discount (₹)")).toHaveValue("0");
    await expect(admin.getByLabel("Pay online only from RTO risk")).toHaveValue("off");
    await admin.getByLabel("Reminder after (hours)", { exact: true }).scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `test-results/cod-settings-${width}.png` });
    await admin.goto("/admin");
    const figures = admin.getByRole("region", { name: /COD confirmation, last \d+ days/ });
    await expect(figures.getByRole("region", { name: "Confirmation rate" })).toBeVisible();
    await expect(figures.getByRole("region", { name: "Auto-cancelled" })).toBeVisible();
    await figures.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `test-results/cod-dashboard-${width}.png` });
  }
});

test("an unconfirmed COD order is paid online instead from its page on a phone, without the COD charge", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await fillCart(page, [cartLine(product, { quantity: 1, color: "Blue" })]);
  const phone = `8${String(Date.now()).slice(-9)}`;
  const orderId = await checkoutCod(page, {
    name: "Kabir Prepay",
    phone,
    email: `kabir.${phone}@example.in`,
  });
  const link = (await confirmLink(orderId)).replace(/\?.*$/, "");
  await page.goto(link);
  const card = page.locator("#pay-instead");
  await expect(card.getByRole("heading", { name: "Pay now instead" })).toBeVisible();
  // The order's own total (the COD charge of ₹50 included), and the server's price without it.
  const total = Number(
    (await page
      .getByLabel("Charges")
      .getByText(/^₹[\d,]+$/)
      .last()
      .textContent())!.replace(/[₹,]/g, ""),
  );
  const pay = card.getByRole("button", { name: `Pay ₹${(total - 50).toLocaleString("en-IN")} online` });
  await expect(card).toContainText("save ₹50");
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/cod-pay-instead-390.png", fullPage: true });
  await pay.click();
  const dialog = page.getByRole("dialog", { name: "Test payment" });
  await expect(dialog).toContainText(`₹${(total - 50).toLocaleString("en-IN")}`);
  await dialog.getByRole("button", { name: "Success" }).click();
  await expect(page.getByText("Thank you! Your payment is confirmed.")).toBeVisible();
  await expect(page.getByText("Paid online instead of cash on delivery")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByLabel("Charges")).not.toContainText("Cash on delivery charge");
  await expect(page.getByRole("list", { name: "Order status" })).toContainText("Confirmed");
  await page.screenshot({ path: "test-results/cod-pay-instead-390-paid.png", fullPage: true });
});
