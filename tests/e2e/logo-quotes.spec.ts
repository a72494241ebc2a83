import sharp from "sharp";
import { outbox } from "../support/outbox";
import { fillCheckoutForm } from "./checkout-form";
import { e2eDataDir as dataDir, expect, shopDatabase, test } from "./fixtures";

// Logo quotes (issue 18): a shopper sends a logo for a quote, staff price it, and the shopper pays that
// price with the test gateway from the link in the e-mail; it becomes a custom order for staff.

test.use({
  adminCredentials: { email: "quotes-admin@neonlights.in", password: "logos priced in neon light" },
});

const PHONE = `6${String(Date.now()).slice(-9)}`;
const EMAIL = `logo.${PHONE}@example.in`;

const query = shopDatabase();

/** The quote link from the shopper's e-mail in the outbox. */
async function quoteLinkFromEmail(): Promise<string> {
  const link = () => outbox(dataDir).link("quotes", { mention: EMAIL });
  await expect.poll(link, { timeout: 20_000 }).toMatch(/\/quotes\/[0-9a-f]{64}$/);
  return new URL(link()).pathname;
}

test("a logo quote asked for, priced by staff and paid with the test gateway", async ({
  page,
  newAdminPage,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/customize/logo");
  await expect(page.getByRole("heading", { name: "Get a quote for your logo" })).toBeVisible();
  // A picture that is not PNG or JPG is refused with a clear message.
  await page.getByLabel("Logo (PNG or JPG, up to 5 MB)").setInputFiles({
    name: "logo.webp",
    mimeType: "image/webp",
    buffer: await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer(),
  });
  await page.getByLabel("Full Name").fill("Neha Kapoor");
  await page.getByLabel("Phone Number").fill(PHONE);
  await page.getByLabel("Email Address").fill(EMAIL);
  await page.getByRole("button", { name: "Ask for a quote" }).click();
  await expect(page.getByText("The logo must be a PNG or JPG picture.")).toBeVisible();

  await page.getByLabel("Logo (PNG or JPG, up to 5 MB)").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 600, height: 300, channels: 4, background: "#ff2d95" } })
      .png()
      .toBuffer(),
  });
  await page.getByLabel("Full Name").fill("Neha Kapoor");
  await page.getByLabel("Phone Number").fill(PHONE);
  await page.getByLabel("Email Address").fill(EMAIL);
  await page.getByRole("radio", { name: /Large/ }).first().check();
  await page.getByLabel(/Notes/).fill("Pink and white, for a cafe wall");
  await page.screenshot({ path: "test-results/logo-quote-form-390.png", fullPage: true });
  await page.getByRole("button", { name: "Ask for a quote" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /We have your logo \(quote LQ[0-9A-F]{8}\)/ }),
  ).toBeVisible();

  // Staff price it.
  const admin = await newAdminPage();
  await admin.goto("/admin/logo-quotes");
  const card = admin.getByRole("listitem").filter({ hasText: EMAIL });
  await expect(card).toContainText("Waiting for a price");
  await expect(card).toContainText("Pink and white, for a cafe wall");
  await card.getByLabel("Price (₹, the sign without delivery)").fill("3200");
  await card.getByLabel("Message to the shopper (optional)").fill("Two colours included.");
  await card.getByRole("button", { name: "Send Price" }).click();
  // The form gives way to the price (the shopper's e-mail is queued with it).
  await expect(card).toContainText("₹3,200");
  await expect(card).toContainText("Priced by quotes-admin@neonlights.in");
  await admin.screenshot({ path: "test-results/logo-quotes-admin-1280.png", fullPage: true });

  // The shopper opens the e-mail's link and pays online with the test gateway.
  const link = await quoteLinkFromEmail();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: /Logo quote LQ/ })).toBeVisible();
  await expect(page.getByText("₹3,200").first()).toBeVisible();
  await expect(page.getByText("Two colours included.")).toBeVisible();
  await fillCheckoutForm(page, {
    name: "Neha Kapoor",
    phone: PHONE,
    email: EMAIL,
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  });
  await page.screenshot({ path: "test-results/logo-quote-checkout-390.png", fullPage: true });
  // Cash on delivery adds its charge; online, the quoted price and delivery only.
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await expect(page.getByLabel("Charges")).toContainText("Cash on delivery charge");
  await page.getByRole("radio", { name: /Online Payment/ }).click();
  await expect(page.getByLabel("Charges")).toContainText("Total₹3,499");
  await expect(page.getByLabel("Charges")).not.toContainText("Cash on delivery charge");
  await page.getByRole("button", { name: "Pay Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Test payment" });
  await expect(dialog).toBeVisible();
  // The quoted price plus standard delivery (₹299 below the free-delivery threshold), nothing else.
  await expect(dialog).toContainText("₹3,499");
  await dialog.getByRole("button", { name: "Success" }).click();
  await expect(page.getByText("Order Placed Successfully!", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=/);

  const r = await query(
    "select o.base_price, o.total_amount, o.payment_status, o.is_test, q.state from logo_quotes q join custom_neon_orders o on o.id = q.custom_order_id where q.customer_email = $1",
    [EMAIL],
  );
  expect(r.rows).toEqual([
    { base_price: 3200, total_amount: 3499, payment_status: "paid", is_test: true, state: "ordered" },
  ]);

  // The quote now points to its order; it cannot be paid again.
  await page.goto(link);
  await expect(page.getByText("You have ordered this sign.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/logo-quote-ordered-1280.png", fullPage: true });

  // Staff find it among the custom orders, with the logo as its picture.
  await admin.goto(`/admin/custom-neon?q=${PHONE}`);
  await expect(admin.getByRole("row").filter({ hasText: "Logo (quote LQ" })).toHaveCount(1);
});

for (const width of [390, 1280]) {
  test(`the quote page at ${width} px: a styled logo picker naming the file, the shop's radios, the reply time from settings`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/customize/logo");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // The default reply time, until the owner changes it in the settings (quotes.replyHours).
    await expect(page.getByTestId("reply-time")).toHaveText("We reply within 24 hours.");
    await expect(page.getByText("Choose your logo")).toBeVisible();
    await page.getByLabel("Logo (PNG or JPG, up to 5 MB)").setInputFiles({
      name: "cafe-logo.png",
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f0f" } })
        .png()
        .toBuffer(),
    });
    await expect(page.getByText("Chosen: cafe-logo.png")).toBeVisible();
    const large = page.getByRole("radio", { name: /Large/ }).first();
    await large.check();
    await expect(large).toBeChecked();
    // The native radio is drawn by the shop (no browser default look): appearance none, a primary border.
    expect(await large.evaluate((el) => getComputedStyle(el).appearance)).toBe("none");
    await page.screenshot({ path: `/tmp/shots-helper7/logo-quote-${width}.png`, fullPage: true });
  });
}
