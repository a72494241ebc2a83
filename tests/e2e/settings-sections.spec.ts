import { expect, test, type Page } from "@playwright/test";
import { startShop, type ShopProcess } from "../support/shop-process.mjs";
import { createAdminIn, signInAsAdmin } from "./fixtures";

// Issue 42 through the real pages, in a shop of its own (its settings change here): the settings are
// sections, each a page with its own form; a section saves only its fields, so an owner editing one section
// does not undo what another tab saved in another section meanwhile.

let app: ShopProcess;
const admin = { email: "e2e-sections@neonlights.in", password: "sections journey passphrase" };

test.beforeAll(async () => {
  test.setTimeout(300_000);
  app = await startShop();
  createAdminIn(app, admin);
});
test.afterAll(async () => app?.stop());

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
  test.setTimeout(120_000);
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
