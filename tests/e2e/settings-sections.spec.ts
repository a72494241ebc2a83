import { expect, test, type Page } from "@playwright/test";
import { startFakeRazorpay, TEST_RAZORPAY, type FakeRazorpay } from "../support/fake-razorpay";
import { startShop, type ShopProcess } from "../support/shop-process.mjs";
import { createAdminIn, signInAsAdmin } from "./fixtures";
import { allow } from "./time-allowed";

// Issue 42 through the real pages, in a shop of its own (its settings and keys change here): the settings are
// sections, each a page with its own form; a section saves only its fields, so an owner editing one section
// does not undo what another tab saved in another section meanwhile. The Owner enters Razorpay's keys in
// Settings > Keys (from the go-live checklist), they are checked against a fake Razorpay and never shown again.

let app: ShopProcess;
let razorpay: FakeRazorpay;
const admin = { email: "e2e-sections@neonlights.in", password: "sections journey passphrase" };

test.beforeAll(async () => {
  test.setTimeout(allow(300_000));
  razorpay = await startFakeRazorpay();
  app = await startShop({ RAZORPAY_API_BASE: razorpay.url });
  createAdminIn(app, admin);
});
test.afterAll(async () => {
  await app?.stop();
  await razorpay?.close();
});

async function ownerPage(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await signInAsAdmin(page, admin, app.url);
}

async function stored(): Promise<{ store: { name: string }; legal: { legalName: string } }> {
  const client = await app.db();
  try {
    return (await client.query("select settings from shop_settings where id = 1")).rows[0].settings;
  } finally {
    await client.end();
  }
}

test("each section saves on its own: another tab's save in another section is kept", async ({
  page,
  browser,
}) => {
  test.setTimeout(allow(120_000));
  await ownerPage(page, 390);
  await page.goto(`${app.url}/admin/settings`);
  const sections = page.getByRole("navigation", { name: "Settings sections" });
  await page.screenshot({ path: test.info().outputPath("settings-overview-390.png"), fullPage: true });
  await sections.getByRole("link", { name: /^Store/ }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/store$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Only the Store section's groups are on its page.
  await expect(page.getByRole("heading", { name: "Store Details", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Legal", level: 2 })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Store", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByLabel("Store Name").fill("Glow Sections");

  // Meanwhile another tab saves the Legal and tax section.
  const other = await browser.newPage();
  await ownerPage(other, 1280);
  await other.goto(`${app.url}/admin/settings/legal`);
  await other.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await other.getByLabel("Legal Name").fill("Glow Lights LLP");
  await other.getByRole("button", { name: "Save Settings" }).click();
  await expect(other.getByText("Settings saved successfully")).toBeVisible();
  await other.screenshot({ path: test.info().outputPath("settings-legal-1280.png"), fullPage: true });

  // The first tab heard of it (live updates) and keeps what was typed: its section did not change.
  await expect(page.getByLabel("Store Name")).toHaveValue("Glow Sections");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved successfully")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("settings-store-390.png"), fullPage: true });
  const s = await stored();
  expect(s.store.name).toBe("Glow Sections");
  expect(s.legal.legalName).toBe("Glow Lights LLP");

  // The section menu leads to the others; a bad value is refused next to its field.
  await page
    .getByRole("navigation", { name: "Settings sections" })
    .getByRole("link", { name: "Shipping" })
    .click();
  await expect(page).toHaveURL(/\/admin\/settings\/shipping$/);
  await page.getByLabel("Free Delivery From (₹)").fill("lots");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Free delivery threshold must be a whole number")).toBeVisible();
  await other.close();
});

test("the Owner enters Razorpay's keys from the go-live checklist: checked, sealed, shown as their last 4 characters only", async ({
  page,
}) => {
  test.setTimeout(allow(120_000));
  await ownerPage(page, 390);
  const checklist = page.getByRole("region", { name: "Go-live checklist" });
  const payment = checklist.getByRole("listitem").filter({ hasText: "Payment keys" });
  await expect(payment).toContainText("Enter the key id and key secret");
  await payment.getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/settings\/keys#keys-razorpay$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  const card = page.locator("#keys-razorpay");
  await card.getByLabel("Key id").fill(TEST_RAZORPAY.keyId);
  await card.getByRole("button", { name: "Save keys" }).click();
  // Half a pair is refused next to the missing field.
  await expect(card.getByText("Enter the key secret too: Razorpay needs it with the key id.")).toBeVisible();
  await card.getByLabel("Key secret", { exact: true }).fill(TEST_RAZORPAY.keySecret);
  await card.getByRole("button", { name: "Save keys" }).click();
  await expect(page.getByText("Saved: Razorpay key id, Razorpay key secret.")).toBeVisible();

  // Never shown again: the fields are empty, their last 4 characters say which key is saved.
  await page.reload();
  const secret = page.locator("#keys-razorpay").getByLabel("Key secret", { exact: true });
  await expect(secret).toHaveValue("");
  await expect(secret).toHaveAttribute("placeholder", `•••• ${TEST_RAZORPAY.keySecret.slice(-4)}`);
  expect(await page.content()).not.toContain(TEST_RAZORPAY.keySecret);
  await page.locator("#keys-razorpay").getByRole("button", { name: "Check connection" }).click();
  await expect(page.getByText("Razorpay accepted the keys (test mode).")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("settings-keys-390.png"), fullPage: true });

  const client = await app.db();
  try {
    const rows = (await client.query("select name, sealed from service_keys order by name")).rows;
    expect(rows.map((r) => r.name)).toEqual(["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET"]);
    expect(JSON.stringify(rows)).not.toContain(TEST_RAZORPAY.keySecret);
  } finally {
    await client.end();
  }

  // The checklist's step is done, without a restart.
  await page.goto(`${app.url}/admin`);
  await expect(
    page
      .getByRole("region", { name: "Go-live checklist" })
      .getByRole("listitem")
      .filter({ hasText: "Payment keys" }),
  ).toContainText("Razorpay keys are set");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${app.url}/admin/settings/keys`);
  await page.screenshot({ path: test.info().outputPath("settings-keys-1280.png"), fullPage: true });
});
