import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { allow } from "./time-allowed";

// The admin catalogue journey in the production build (playwright.config.ts): a category, a product with
// two images, its price, bestseller and active flag, a banner; every change reaching storefront pages that
// were opened before it, without a reload; then everything deleted again.

test.use({
  adminCredentials: { email: "e2e-catalogue@neonlights.in", password: "bright tubes for the catalogue" },
});
const SEED_IMAGES = path.resolve("seed", "images");
const run = Date.now().toString(36);
const CATEGORY = `E2E Category ${run}`;
const PRODUCT = `E2E Glow Sign ${run}`;
const BANNER = `E2E Offer ${run}`;

/** A storefront tab, opened now and never reloaded: a marker on `window` proves it. */
async function storefrontPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Subscribed to the public event stream (its headers arrived) before anything changes.
  const subscribed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/events" && r.status() === 200,
  );
  await page.goto(url);
  await subscribed;
  await page.evaluate(() => ((window as unknown as { neverReloaded: boolean }).neverReloaded = true));
  return page;
}

const stillSamePage = (page: Page) =>
  expect(page.evaluate(() => (window as unknown as { neverReloaded?: boolean }).neverReloaded)).resolves.toBe(
    true,
  );

async function openAdmin(page: Page, where: string, heading: string) {
  await page.goto(where);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
}

test("catalogue journey: category, product with images, price, bestseller, deactivate, banner, delete; storefront follows live", async ({
  browser,
  request,
  adminPage: admin,
  newAdminPage,
}) => {
  test.setTimeout(allow(180_000));
  const products = await storefrontPage(browser, "/products");
  const home = await storefrontPage(browser, "/");
  // A second admin tab, left open on the products list: it follows the changes made in the first one.
  const watcher = await newAdminPage();
  await openAdmin(watcher, "/admin/products", "Products");
  await expect(watcher.getByRole("status").filter({ hasText: "Live updates on" })).toBeVisible();
  const productCard = products
    .getByRole("list", { name: "Products" })
    .getByRole("listitem")
    .filter({ has: products.getByRole("heading", { name: PRODUCT }) });

  // ---- Category
  await openAdmin(admin, "/admin/categories", "Categories");
  await admin.getByRole("button", { name: "Add Category" }).click();
  const catDialog = admin.getByRole("dialog", { name: "Add New Category" });
  await catDialog.getByRole("button", { name: "Create Category" }).click();
  await expect(catDialog.getByText("Category name is required")).toBeVisible();
  await catDialog.getByLabel("Category Name").fill(CATEGORY);
  await catDialog.getByRole("button", { name: "Create Category" }).click();
  await expect(admin.getByText("Category created successfully")).toBeVisible();
  await expect(catDialog).toBeHidden();
  await expect(admin.getByRole("row", { name: new RegExp(CATEGORY) })).toContainText("No description");

  // ---- Product with two images
  await openAdmin(admin, "/admin/products", "Products");
  await admin.getByRole("button", { name: "Add Product" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(dialog.getByText("Please select a category")).toBeVisible();
  await expect(dialog.getByText("Please upload at least 1 image")).toBeVisible();
  await dialog.getByLabel("Category").click();
  await admin.getByRole("option", { name: CATEGORY }).click();
  await dialog.getByLabel("Product Name").fill(PRODUCT);
  await dialog.getByLabel("Description").fill("Made by the catalogue journey.");
  await dialog.getByLabel("Medium MRP").fill("2999");
  await dialog.getByLabel("Medium Price").fill("1999");
  await dialog.getByLabel("Stock Quantity").fill("5.5");
  // Stars come from buyers' published reviews only (issue 29): the form has no rating or review count.
  await expect(dialog.getByLabel(/Rating/)).toHaveCount(0);
  await expect(dialog.getByLabel(/Review Count/)).toHaveCount(0);
  await dialog
    .getByLabel("Upload Images")
    .setInputFiles([path.join(SEED_IMAGES, "game-on-1.jpg"), path.join(SEED_IMAGES, "level-up-1.jpg")]);
  await expect(dialog.getByRole("list", { name: "Chosen images" }).getByRole("listitem")).toHaveCount(2);
  // The second image becomes the primary one.
  const chosen = dialog.getByRole("list", { name: "Chosen images" }).getByRole("listitem");
  await expect(chosen.first()).toContainText("Primary");
  await expect(chosen.first().getByRole("img", { name: "New image: game-on-1.jpg" })).toBeVisible();
  await dialog.getByRole("button", { name: "Move image 2 earlier" }).click();
  await expect(chosen.first().getByRole("img", { name: "New image: level-up-1.jpg" })).toBeVisible();
  // The previews really show (object URLs are allowed by the page's Content-Security-Policy).
  await expect
    .poll(() =>
      chosen
        .first()
        .getByRole("img")
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(dialog.getByText("Stock quantity must be a whole number, 0 or more")).toBeVisible();
  // The invalid field points at its error; correcting it clears the error at once, without resubmitting.
  const stock = dialog.getByLabel("Stock Quantity");
  await expect(stock).toHaveAttribute("aria-invalid", "true");
  await expect(stock).toHaveAttribute("aria-describedby", "product-stockQuantity-error");
  await expect(dialog.locator("#product-stockQuantity-error")).toHaveText(
    "Stock quantity must be a whole number, 0 or more",
  );
  await expect(stock).toBeFocused();
  await stock.fill("-2");
  await expect(dialog.locator("#product-stockQuantity-error")).toHaveText(/Stock quantity must be/);
  await stock.fill("5");
  await expect(dialog.getByText("Stock quantity must be")).toBeHidden();
  await expect(stock).not.toHaveAttribute("aria-invalid");
  await expect(stock).not.toHaveAttribute("aria-describedby");
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(admin.getByText("Product created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = admin.getByRole("row", { name: new RegExp(PRODUCT) });
  await expect(row).toContainText("₹1,999");
  await expect(row).toContainText("Active");
  const imageSrc = await row.locator("img").getAttribute("src");
  expect(imageSrc).toMatch(/^\/uploads\/[0-9a-f]{32}\/\d+\.webp$/);
  expect((await request.get(imageSrc!)).status()).toBe(200);

  await expect(watcher.getByRole("row", { name: new RegExp(PRODUCT) })).toContainText("₹1,999");

  // The open products page shows it, without a reload.
  await expect(productCard).toBeVisible();
  await expect(productCard).toContainText("₹1,999");
  await expect(productCard).toContainText(CATEGORY);
  await stillSamePage(products);
  const href = await productCard.getByRole("link", { name: `View Details: ${PRODUCT}` }).getAttribute("href");
  expect(href).toMatch(/^\/products\/[0-9a-f-]{36}$/);

  // ---- A used category cannot be deleted
  await openAdmin(admin, "/admin/categories", "Categories");
  await admin.getByRole("button", { name: `Delete ${CATEGORY}` }).click();
  await admin
    .getByRole("alertdialog", { name: "Are you sure you want to delete this category?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(
    admin.getByText(
      "Failed to delete category: this category is in use by 1 product. Move or delete it first.",
    ),
  ).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(CATEGORY) })).toBeVisible();

  // ---- Edit the price
  await openAdmin(admin, "/admin/products", "Products");
  await admin.getByRole("button", { name: `Edit ${PRODUCT}` }).click();
  const edit = admin.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByRole("list", { name: "Chosen images" }).getByRole("listitem")).toHaveCount(2);
  await edit.getByLabel("Medium Price").fill("1799");
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(admin.getByText("Product updated successfully")).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(PRODUCT) })).toContainText("₹1,799");
  await expect(productCard).toContainText("₹1,799");
  await stillSamePage(products);

  // ---- Bestseller, moved to the top so the home page (first 6) shows it
  await openAdmin(admin, "/admin/bestselling", "Bestselling Products");
  await admin.getByRole("button", { name: "Add to Bestselling" }).click();
  await expect(admin.getByText("Please select a product.")).toBeVisible();
  await admin.getByLabel("Product", { exact: true }).click();
  await admin.getByRole("option", { name: new RegExp(PRODUCT) }).click();
  await admin.getByLabel("Badge Text").fill("E2E Pick");
  await admin.getByRole("button", { name: "Add to Bestselling" }).click();
  await expect(admin.getByText("Product added to bestselling list.")).toBeVisible();
  const list = admin.getByRole("list", { name: "Bestselling products" }).getByRole("listitem");
  await expect(list.last()).toContainText(PRODUCT);
  await expect(admin.getByRole("button", { name: `Move ${PRODUCT} down` })).toBeDisabled();
  const count = await list.count();
  for (let i = count - 1; i > 0; i--) {
    await admin.getByRole("button", { name: `Move ${PRODUCT} up` }).click();
    await expect(list.nth(i - 1)).toContainText(PRODUCT);
  }
  await expect(admin.getByRole("button", { name: `Move ${PRODUCT} up` })).toBeDisabled();
  const homeCard = home.getByRole("listitem").filter({ has: home.getByRole("heading", { name: PRODUCT }) });
  await expect(homeCard).toBeVisible();
  await expect(homeCard).toContainText("E2E Pick");
  await expect(homeCard).toContainText("₹1,799");
  await stillSamePage(home);

  // The bestseller switch hides it from the home page and shows it again.
  const bestSwitch = list.first().getByRole("switch");
  await bestSwitch.click();
  await expect(admin.getByText("Product deactivated successfully.")).toBeVisible();
  await expect(homeCard).toBeHidden();
  await bestSwitch.click();
  await expect(admin.getByText("Product activated successfully.")).toBeVisible();
  await expect(homeCard).toBeVisible();

  // ---- Deactivate the product: gone from the list, the home page and its own page (404)
  const detail = await storefrontPage(browser, href!);
  await expect(detail.getByRole("heading", { name: PRODUCT, level: 1 })).toBeVisible();
  await openAdmin(admin, "/admin/products", "Products");
  await admin.getByRole("button", { name: `Edit ${PRODUCT}` }).click();
  await admin
    .getByRole("dialog", { name: "Edit Product" })
    .getByRole("switch", { name: /Active/ })
    .click();
  await admin
    .getByRole("dialog", { name: "Edit Product" })
    .getByRole("button", { name: "Update Product" })
    .click();
  await expect(admin.getByText("Product updated successfully").first()).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(PRODUCT) })).toContainText("Inactive");
  await expect(productCard).toHaveCount(0);
  await expect(homeCard).toHaveCount(0);
  await expect(detail.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
  await stillSamePage(products);
  expect((await request.get(href!)).status()).toBe(404);

  // ---- Banner in the offers carousel
  await openAdmin(admin, "/admin/banners", "Banners");
  await admin.getByRole("button", { name: "Upload Banner" }).click();
  await expect(admin.getByText("Banner title is required")).toBeVisible();
  await expect(admin.getByText("Please select an image file")).toBeVisible();
  await admin.getByLabel("Banner Title").fill(BANNER);
  await admin.getByLabel("Link (optional)").fill("javascript:alert(1)");
  await admin.getByLabel("Banner Image").setInputFiles(path.join(SEED_IMAGES, "banner-festive.jpg"));
  await admin.getByRole("button", { name: "Upload Banner" }).click();
  await expect(
    admin.getByText("Enter an http(s) address or a path of this shop starting with /"),
  ).toBeVisible();
  await admin.getByLabel("Link (optional)").fill("/customize");
  await admin.getByRole("button", { name: "Upload Banner" }).click();
  await expect(admin.getByText("Banner uploaded successfully")).toBeVisible();
  const bannerRows = admin.getByRole("list", { name: "Banners" }).getByRole("listitem");
  await expect(bannerRows.last()).toContainText(BANNER);
  const offers = products.getByRole("region", { name: "Offers" });
  await expect(offers.getByRole("link", { name: `OFFER ${BANNER}` })).toBeVisible();
  await stillSamePage(products);
  // Moved to the front of the carousel.
  const bannerCount = await bannerRows.count();
  for (let i = bannerCount - 1; i > 0; i--) {
    await admin.getByRole("button", { name: `Move ${BANNER} up` }).click();
    await expect(bannerRows.nth(i - 1)).toContainText(BANNER);
  }
  await expect(offers.getByRole("listitem").first()).toContainText(BANNER);
  const bannerSrc = await bannerRows.first().locator("img").getAttribute("src");

  // ---- Delete everything again
  await admin.getByRole("button", { name: `Delete ${BANNER}` }).click();
  await admin
    .getByRole("alertdialog", { name: "Are you sure you want to delete this banner?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(admin.getByText("Banner deleted successfully")).toBeVisible();
  await expect(offers.getByRole("link", { name: `OFFER ${BANNER}` })).toHaveCount(0);
  expect((await request.get(bannerSrc!)).status()).toBe(404);

  await openAdmin(admin, "/admin/bestselling", "Bestselling Products");
  await admin.getByRole("button", { name: `Remove ${PRODUCT}` }).click();
  await expect(admin.getByText("Product removed from bestselling list.")).toBeVisible();
  await expect(admin.getByRole("list", { name: "Bestselling products" })).not.toContainText(PRODUCT);

  await openAdmin(admin, "/admin/products", "Products");
  await admin.getByRole("button", { name: `Delete ${PRODUCT}` }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Are you sure you want to delete this product?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(admin.getByRole("row", { name: new RegExp(PRODUCT) })).toBeVisible();
  await admin.getByRole("button", { name: `Delete ${PRODUCT}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("Product deleted successfully")).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(PRODUCT) })).toHaveCount(0);
  expect((await request.get(imageSrc!)).status()).toBe(404);

  await openAdmin(admin, "/admin/categories", "Categories");
  await admin.getByRole("button", { name: `Delete ${CATEGORY}` }).click();
  await admin
    .getByRole("alertdialog", { name: "Are you sure you want to delete this category?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(admin.getByText("Category deleted successfully")).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(CATEGORY) })).toHaveCount(0);
  await stillSamePage(products);
  await stillSamePage(home);
});

test("admin catalogue pages fit 390 px and 1280 px screens (screenshots)", async ({
  newAdminPage,
}, testInfo) => {
  test.setTimeout(allow(90_000));
  for (const width of [390, 1280]) {
    const page = await newAdminPage(width);
    for (const [where, heading] of [
      ["/admin/categories", "Categories"],
      ["/admin/products", "Products"],
      ["/admin/bestselling", "Bestselling Products"],
      ["/admin/banners", "Banners"],
    ] as const) {
      await openAdmin(page, where, heading);
      // Images loaded, then no sideways scrolling of the page itself (wide tables scroll inside their card).
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${where} at ${width} px`).toBeLessThanOrEqual(0);
      const file = testInfo.outputPath(`${where.split("/").pop()}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${where} ${width}px`, { path: file, contentType: "image/png" });
    }
    if (width === 390) {
      await openAdmin(page, "/admin/products", "Products");
      await page.getByRole("button", { name: "Add Product" }).click();
      await expect(page.getByRole("dialog", { name: "Add New Product" })).toBeVisible();
      const file = testInfo.outputPath("product-dialog-390.png");
      await page.screenshot({ path: file });
      await testInfo.attach("product dialog 390px", { path: file, contentType: "image/png" });
    }
    await page.context().close();
  }
});
