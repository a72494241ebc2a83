import { expect, test, type Browser, type Page } from "@playwright/test";
import type pg from "pg";
import sharp from "sharp";
import { outbox } from "../support/outbox";
import { NO_ABUSE_LIMITS, startShop, type ShopProcess } from "../support/shop-process.mjs";
import { courier, createAdminIn, setStatus, signInAsAdmin } from "./fixtures";
import { allow } from "./time-allowed";

// Issue 46: staff make an order for a customer met on WhatsApp (a ready-made sign and a custom design from the
// customiser), send its pay link (the outbox without WhatsApp keys), the customer opens it on a phone and pays
// with the test gateway; the order joins the normal flow (stock taken at payment, invoice on dispatch). An
// expired link refuses payment. In a shop of its own: the owner adds the shop's GSTIN for the invoice.

const ADMIN = { email: "chat-orders-admin@neonlights.in", password: "orders taken in chats glow" };
const SHOP_GSTIN = "09ABCDE1234F1ZY"; // Uttar Pradesh
const PHONE = `9${String(Date.now()).slice(-9)}`;
const EMAIL = `chat.${PHONE}@example.in`;

let app: ShopProcess;
let client: pg.Client;
const product = { id: "", name: "" };

test.beforeAll(async () => {
  // A second shop on a busy machine: its own embedded PostgreSQL takes a while to start.
  test.setTimeout(allow(240_000));
  app = await startShop({ ...NO_ABUSE_LIMITS });
  createAdminIn(app, ADMIN);
  client = await app.db();
  const r = await client.query<{ id: string; name: string }>(
    "select id, name from products where is_active order by name limit 1",
  );
  Object.assign(product, r.rows[0]);
  await client.query("update products set stock_quantity = 20 where id = $1", [product.id]);
});
test.afterAll(async () => {
  await client?.end();
  await app?.stop();
});

const query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
  client.query<R>(text, values);
const stock = async () =>
  (await query<{ s: number }>("select stock_quantity as s from products where id = $1", [product.id]))
    .rows[0]!.s;

/** A page of this spec's shop, `width` wide; signed in as its Owner when `admin`. */
async function shopPage(browser: Browser, width: number, admin = false): Promise<Page> {
  const page = await browser.newPage({ baseURL: app.url, viewport: { width, height: 900 } });
  if (admin) await signInAsAdmin(page, ADMIN, app.url);
  return page;
}

/** Fill the customer's card on Chat Orders. */
async function fillCustomer(admin: Page, email = EMAIL) {
  await admin.getByLabel("Chat", { exact: true }).selectOption("whatsapp");
  await admin.getByLabel("Full name").fill("Farah Sheikh");
  await admin.getByLabel("Phone (mobile)").fill(PHONE);
  await admin.getByLabel("E-mail").fill(email);
  await admin.getByLabel("Address line 1").fill("4 Linking Road");
  await admin.getByLabel("City").fill("New Delhi");
  await admin.getByLabel("State").selectOption("delhi");
  await admin.getByLabel("PIN code").fill("110001");
}

/** Add one medium line of the spec's product. */
async function addProductLine(admin: Page) {
  await admin.getByLabel("Product", { exact: true }).selectOption(product.id);
  await admin.getByRole("button", { name: "Add line" }).click();
  await expect(admin.getByRole("list", { name: "Order lines" })).toContainText(product.name);
}

/** The order page link of the WhatsApp message in the outbox, for this checkout. */
async function linkFromWhatsApp(checkoutId: string): Promise<string> {
  const link = () => {
    const [m] = outbox(app.dataDir).messages(`pay-link-link-whatsapp-${checkoutId}`);
    return /https?:\/\/[^"\s]+\/orders\/[0-9a-f]{64}/.exec(JSON.stringify(m ?? ""))?.[0] ?? "";
  };
  await expect.poll(link, { timeout: 20_000 }).toMatch(/\/orders\/[0-9a-f]{64}$/);
  return new URL(link()).pathname;
}

const checkoutOf = async (email: string) =>
  (
    await query<{ checkout_id: string }>(
      "select checkout_id from orders where customer_email = $1 union select checkout_id from custom_neon_orders where customer_email = $1",
      [email],
    )
  ).rows[0]!.checkout_id;

test("a WhatsApp customer's order with a custom design: pay link sent, paid on a phone, invoiced", async ({
  browser,
}) => {
  test.setTimeout(allow(180_000));
  const admin = await shopPage(browser, 1280, true);
  // The shop's GSTIN, so a dispatched order gets its tax invoice.
  await admin.goto("/admin/settings/legal");
  await admin.getByLabel("GSTIN (optional)").fill(SHOP_GSTIN);
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expect(admin.getByText(/saved/i).first()).toBeVisible();
  // The customiser, opened for a staff order, hands its design to Chat Orders.
  await admin.goto("/customize?for=staff&text=Farah%27s%20Cafe&color=pink&size=M");
  await admin.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await admin.getByRole("link", { name: "Use in staff order" }).click();
  await expect(admin).toHaveURL(/\/admin\/orders\/new\?text=Farah/);
  await expect(admin.getByRole("heading", { name: "Chat Orders", exact: true })).toBeVisible();
  await admin.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const lines = admin.getByRole("list", { name: "Order lines" });
  await expect(lines).toContainText("Farah's Cafe");
  await addProductLine(admin);
  await fillCustomer(admin);
  // A discount within the staff limit, with the reason the audit trail keeps.
  await admin.getByLabel("Discount (₹, optional)").fill("100");
  await admin.getByLabel("Reason for the discount").fill("Regular customer from Instagram days");
  await admin.screenshot({ path: "test-results/chat-orders-new-1280.png", fullPage: true });
  const before = await stock();
  await admin.getByRole("button", { name: "Make order and pay link" }).click();
  const made = admin.getByLabel("Order made");
  await expect(made).toContainText(/awaiting payment until/);
  expect(await stock()).toBe(before); // nothing taken before payment

  await made.getByRole("button", { name: "Send by WhatsApp" }).click();
  await expect(admin.getByText("Pay link sent by WhatsApp.")).toBeVisible();
  const checkoutId = await checkoutOf(EMAIL);
  const link = await linkFromWhatsApp(checkoutId);
  await admin.reload();
  const row = admin
    .getByRole("list", { name: "Chat orders" })
    .getByRole("listitem")
    .filter({ hasText: PHONE });
  await expect(row).toContainText("Awaiting payment");
  await expect(row).toContainText("Chat: WhatsApp");

  // The customer opens the link on a phone and pays through the test gateway.
  const page = await shopPage(browser, 390);
  await page.goto(link);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const card = page.locator("#pay-link");
  await expect(card).toContainText(/Pay ₹[\d,]+ for this order/);
  await expect(page.getByRole("list", { name: "Orders in this payment" })).toContainText("Farah's Cafe");
  await page.screenshot({ path: "test-results/chat-order-pay-390.png", fullPage: true });
  await card.getByRole("button", { name: /^Pay ₹/ }).click();
  const dialog = page.getByRole("dialog", { name: "Test payment" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Success" }).click();
  await expect(page.locator("#pay-link")).toContainText("Paid: thank you!");
  await page.screenshot({ path: "test-results/chat-order-paid-390.png", fullPage: true });
  expect(await stock()).toBe(before - 1); // taken at payment

  // Staff find it in Purchase Details as a paid chat order; dispatched, it has its invoice.
  const orderId = (await query<{ id: string }>("select id from orders where checkout_id = $1", [checkoutId]))
    .rows[0]!.id;
  await admin.goto(`/admin/purchases?q=${PHONE}`);
  await expect(admin.getByRole("row").filter({ hasText: PHONE })).toContainText("Chat (WhatsApp): Paid");
  await admin.goto(`/admin/purchases?order=${orderId}`);
  const orderDialog = admin.getByRole("dialog");
  await expect(orderDialog).toContainText("Chat (WhatsApp): Paid");
  await setStatus(admin, "Confirmed");
  await setStatus(admin, "In Production");
  await setStatus(admin, "Dispatched", { fill: courier("Delhivery", `CHAT${PHONE.slice(-6)}`) });
  await expect(orderDialog.getByRole("region", { name: "Tax Invoices" })).toContainText(
    /Tax Invoice NL\/\d{4}-\d{2}\/\d{5}/,
  );
  await admin.screenshot({ path: "test-results/chat-order-admin-1280.png", fullPage: true });

  // The dashboard splits the period's sales by channel: the ready-made order and the custom sign, paid
  // (through the test gateway: test orders shown).
  await admin.goto("/admin?range=30&test=1");
  const channels = admin
    .getByRole("heading", { name: "Sales by channel: website vs chat (orders)" })
    .locator("..");
  await expect(channels).toContainText(/Chat [\d.]+% \(2, ₹[\d,]+\)/);
  await channels.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: "test-results/chat-orders-dashboard-1280.png" });
  // The limits staff work within, in Settings > Order limits.
  await admin.goto("/admin/settings/limits");
  await expect(admin.getByLabel("Staff Discount Limit (%)")).toHaveValue("10");
  await expect(admin.getByLabel("Pay Link Open (hours)")).toHaveValue("48");
});

test("an expired pay link refuses payment", async ({ browser }) => {
  test.setTimeout(allow(120_000));
  const email = `late.${PHONE}@example.in`;
  const admin = await shopPage(browser, 390, true);
  await admin.goto("/admin/orders/new");
  await admin.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await addProductLine(admin);
  await fillCustomer(admin, email);
  await admin.screenshot({ path: "test-results/chat-orders-new-390.png", fullPage: true });
  await admin.getByRole("button", { name: "Make order and pay link" }).click();
  const url = await admin.getByLabel("Order made").getByLabel("Pay link").inputValue();
  const checkoutId = await checkoutOf(email);

  const page = await shopPage(browser, 390);
  await page.goto(new URL(url).pathname);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.locator("#pay-link")).toContainText(/Pay ₹[\d,]+ for this order/);
  // The link's time runs out while the page is open: Pay is refused with the reason.
  await query("update pay_links set expires_at = now() - interval '1 minute' where checkout_id = $1", [
    checkoutId,
  ]);
  await page
    .locator("#pay-link")
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(page.getByText("This payment link has expired and the order is cancelled.")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Test payment" })).toHaveCount(0);
  await page.reload();
  await expect(page.locator("#pay-link")).toContainText("This order cannot be paid");
  await expect(page.locator("#pay-link").getByRole("button")).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/chat-order-expired-1280.png", fullPage: true });
});

test("an Instagram customer's logo: staff add its quote, make the chat order, the customer pays", async ({
  browser,
}) => {
  test.setTimeout(allow(150_000));
  const email = `logo.${PHONE}@example.in`;
  const admin = await shopPage(browser, 1280, true);
  // The customer sent the logo in the chat: staff add the quote with its price.
  await admin.goto("/admin/logo-quotes");
  await admin.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const add = admin.getByRole("form", { name: "Add a logo quote" });
  const logo = await sharp({ create: { width: 240, height: 120, channels: 4, background: "#ff2a6d" } })
    .png()
    .toBuffer();
  await add
    .locator('input[name="logo"]')
    .setInputFiles({ name: "cafe-logo.png", mimeType: "image/png", buffer: logo });
  await add.getByLabel("Customer's full name").fill("Kabir Rao");
  await add.getByLabel("Customer's mobile").fill(PHONE);
  await add.getByLabel("Customer's e-mail").fill(email);
  await add.getByLabel("Size").selectOption("L");
  await add.getByLabel("Price (₹, optional: the sign without delivery)").fill("5400");
  await add.getByRole("button", { name: "Add quote" }).click();
  const make = add.getByRole("link", { name: /^Make a chat order for LQ[0-9A-F]{8}$/ });
  await expect(make).toBeVisible();
  const ref = (await make.textContent())!.replace("Make a chat order for ", "");
  await expect(admin.getByRole("list", { name: "Logo quotes" })).toContainText(ref);
  await admin.screenshot({ path: "test-results/logo-quote-added-1280.png", fullPage: true });

  // Chat Orders opens with the quote as a line and its customer filled in.
  await make.click();
  await expect(admin).toHaveURL(/\/admin\/orders\/new\?quote=/);
  await admin.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(admin.getByRole("list", { name: "Order lines" })).toContainText(
    `1 × Logo sign, Large (70cm): quote ${ref} for Kabir Rao · quoted ₹5,400`,
  );
  await expect(admin.getByLabel("Full name")).toHaveValue("Kabir Rao");
  await expect(admin.getByLabel("E-mail")).toHaveValue(email);
  await admin.getByLabel("Chat", { exact: true }).selectOption("instagram");
  await admin.getByLabel("Address line 1").fill("12 Residency Road");
  await admin.getByLabel("City").fill("Bengaluru");
  await admin.getByLabel("State").selectOption("karnataka");
  await admin.getByLabel("PIN code").fill("560025");
  await admin.getByRole("button", { name: "Make order and pay link" }).click();
  const url = await admin.getByLabel("Order made").getByLabel("Pay link").inputValue();
  await admin.screenshot({ path: "test-results/chat-order-logo-made-1280.png", fullPage: true });

  // The customer pays on a phone; the quote is then ordered, its logo the order's picture.
  const page = await shopPage(browser, 390);
  await page.goto(new URL(url).pathname);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByText(`Custom Neon: "Logo (quote ${ref})"`)).toBeVisible();
  await page
    .locator("#pay-link")
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Test payment" });
  await dialog.getByRole("button", { name: "Success" }).click();
  await expect(page.locator("#pay-link")).toContainText("Paid: thank you!");
  await page.screenshot({ path: "test-results/chat-order-logo-paid-390.png", fullPage: true });
  await admin.goto("/admin/logo-quotes");
  const card = admin.getByRole("listitem").filter({ hasText: ref });
  await expect(card).toContainText("Ordered");
  await expect(card.getByRole("link", { name: "Open the custom order" })).toBeVisible();
  await admin.setViewportSize({ width: 390, height: 900 });
  await admin.screenshot({ path: "test-results/logo-quotes-admin-390.png", fullPage: true });
});
