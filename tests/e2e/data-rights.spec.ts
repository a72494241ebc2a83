import fs from "node:fs";
import { emlText, outbox } from "../support/outbox";
import { cartLine, checkoutCod, fillCart } from "./checkout-form";
import { e2eDataDir as dataDir, expect, shopProduct, test } from "./fixtures";
import { allow } from "./time-allowed";

// "My data" (issue 32) on a phone: from the order page, ask with the order's e-mail, type the one-time code
// from the outbox, download the export, withdraw the WhatsApp consent; then the privacy notice.

test.use({ viewport: { width: 390, height: 844 } });

const PHONE = `8${String(Date.now()).slice(-9)}`;
const EMAIL = `mydata.${PHONE}@example.in`;
const { product } = shopProduct("where is_active order by name", 30);

/** The code mailed to EMAIL by the latest request (the outbox holds every test's mails). */
function codeFor(email: string): string {
  const box = outbox(dataDir);
  const mine = box.rawMails("data-code-").filter((raw) => new RegExp(`^To: ${email}`, "im").test(raw));
  return /is (\d{6})\./.exec(emlText(mine.at(-1) ?? ""))?.[1] ?? "";
}

test("a shopper downloads their data with a one-time code from the outbox, at 390 px", async ({
  page,
  browser,
}) => {
  test.setTimeout(allow(120_000));
  await fillCart(page, [cartLine(product, { quantity: 1 })]);
  const orderId = await checkoutCod(
    page,
    { name: "Kavya Menon", phone: PHONE, email: EMAIL, city: "Kochi", state: "Kerala", pincode: "682001" },
    async () => page.getByLabel("Send me order updates on WhatsApp").check(),
  );
  const link = () => outbox(dataDir).link("orders", { prefix: "order-confirmation-", mention: orderId });
  await expect.poll(link, { timeout: 20_000 }).toMatch(/\/orders\/[0-9a-f]{64}$/);

  // The order page repeats the declarations and leads to My data.
  await page.goto(link());
  await expect(page.getByRole("heading", { name: "Product declarations" })).toBeVisible();
  await expect(page.getByText("Country of origin: India")).toBeVisible();
  await page.getByRole("link", { name: "My data" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "My data" })).toBeVisible();

  // A wrong contact shape is refused in place; a real one gets the same answer whether held or not.
  const contact = page.getByLabel("E-mail or phone number used for your orders");
  await contact.fill("not a contact");
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText("Enter a valid e-mail, or a 10-digit mobile number.")).toBeVisible();
  await contact.fill(EMAIL);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText(/If we hold data for this contact, we have sent a 6-digit code/)).toBeVisible();
  await expect.poll(() => codeFor(EMAIL), { timeout: 20_000 }).toMatch(/^\d{6}$/);
  await page.screenshot({ path: "test-results/my-data-code-390.png", fullPage: true });

  // A wrong code is refused; the right one opens the data.
  const code = codeFor(EMAIL);
  await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(
    page.getByText("That code is not right. Check the e-mail and try again.").first(),
  ).toBeVisible();
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(`Signed in for 30 minutes as ${EMAIL}`)).toBeVisible();

  // The export: every table, this order with its contact.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data (JSON)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const body = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as {
    orders: { customerEmail: string; customerName: string }[];
    order_items: unknown[];
    consents: { kind: string }[];
  };
  expect(body.orders).toEqual([
    expect.objectContaining({ customerEmail: EMAIL, customerName: "Kavya Menon" }),
  ]);
  expect(body.order_items).toHaveLength(1);
  expect(body.consents).toEqual([expect.objectContaining({ kind: "whatsapp-updates" })]);

  // The WhatsApp consent, withdrawn with one click.
  const consents = page.getByRole("list").filter({ hasText: "WhatsApp updates about order" });
  await expect(consents).toContainText(orderId);
  await page.screenshot({ path: "test-results/my-data-open-390.png", fullPage: true });
  await consents.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Withdrawn. We will not do this again.")).toBeVisible();
  await expect(page.getByText("Nothing to withdraw")).toBeVisible();

  // On a wide screen, and the privacy notice it links to.
  const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await wide.newPage();
  await desk.goto("/privacy-policy");
  await expect(
    desk.getByRole("heading", { name: "What we collect, why, for how long and with whom" }),
  ).toBeVisible();
  await expect(desk.getByText("8 years after the financial year of the sale").first()).toBeVisible();
  await desk.screenshot({ path: "test-results/privacy-notice-1280.png", fullPage: true });
  await desk.goto("/my-data");
  await desk.screenshot({ path: "test-results/my-data-start-1280.png", fullPage: true });
  await page.goto("/privacy-policy");
  await page.screenshot({ path: "test-results/privacy-notice-390.png", fullPage: true });
  await wide.close();
});
