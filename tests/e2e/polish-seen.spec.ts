import type { Locator, Page } from "@playwright/test";
import { outbox } from "../support/outbox";
import { cartLine, checkoutCod, fillCart, fillCheckoutForm } from "./checkout-form";
import { e2eDataDir as dataDir, expect, openOrder, shopDatabase, test } from "./fixtures";

// Issue 42, "Polish (each small, each seen)": the cart shows the chosen colour, phones are grouped, the admin
// orders table keeps its Details button in view, toasts on phones keep clear of the control in use, policies
// say when they last changed. Screenshots at 390 and 1280 px go to SHOTS_DIR (test-results/polish-shots).

test.use({
  adminCredentials: { email: "polish-admin@neonlights.in", password: "each small thing seen twice" },
});

const shots = process.env.SHOTS_DIR ?? "test-results/polish-shots";
const WIDTHS = [390, 1280] as const;
const query = shopDatabase();

/** The demo product with this name and its photos (colour and stored key), first photo first. */
async function demoProduct(name: string) {
  const r = await query<{ id: string; color: string | null; image_key: string }>(
    `select p.id, i.color, i.image_key from products p join product_images i on i.product_id = p.id
      where p.name = $1 order by i.display_order`,
    [name],
  );
  return { id: r.rows[0]!.id, photos: r.rows.map((x) => ({ color: x.color, key: x.image_key })) };
}

/** Whether two boxes overlap. */
function overlap(a: { x: number; y: number; width: number; height: number } | null, b: typeof a): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Scroll so `target` sits at the bottom of the screen, where a thumb presses it. */
async function toScreenBottom(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const height = page.viewportSize()!.height;
  await page.mouse.wheel(0, box.y + box.height - height + 16);
  // On a phone it gets there (on a wide screen the checkout's summary stays put beside the form).
  if (page.viewportSize()!.width <= 600)
    await expect.poll(async () => (await target.boundingBox())!.y).toBeGreaterThan(height - 140);
}

/** The toast (sonner's list item) with this title. */
const toastWith = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: title });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("the cart and the checkout show the chosen colour's photo, or that colour when no photo shows it", async ({
      page,
    }) => {
      const pink = await demoProduct("Good Vibes Only Neon Sign");
      const white = await demoProduct("Moon & Stars Neon Light");
      expect(pink.photos.every((p) => p.color === "Pink")).toBe(true);
      expect(white.photos.some((p) => p.color === "White")).toBe(true);

      await fillCart(page, []);
      for (const p of [pink, white]) {
        await page.goto(`/products/${p.id}`);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        await page.getByLabel("Color").selectOption("White");
        await page.getByRole("button", { name: "ADD TO CART" }).click();
        await expect(page.getByText("Added to Cart!")).toBeVisible();
      }
      await expect(page.getByRole("button", { name: "Cart, 2 items" })).toBeVisible();
      await toastWith(page, "Added to Cart!").last().getByRole("button", { name: "View cart" }).click();
      const lines = page
        .getByRole("dialog", { name: /Shopping Cart/ })
        .getByRole("list", { name: "Cart items" });
      const check = async (list: Locator) => {
        // The pink sign ordered in white: no pink photo, the white swatch instead.
        const pinkLine = list.getByRole("listitem").filter({ hasText: "Good Vibes Only" });
        await expect(pinkLine.getByRole("img", { name: "White (no photo in this colour)" })).toBeVisible();
        await expect(pinkLine.locator("img")).toHaveCount(0);
        // The white sign: its own white photo.
        const whiteLine = list.getByRole("listitem").filter({ hasText: "Moon & Stars" });
        const key = white.photos.find((p) => p.color === "White")!.key;
        await expect(whiteLine.locator("img")).toHaveAttribute("src", new RegExp(`/${key}/\\d+\\.webp$`));
      };
      await check(lines);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${shots}/cart-colour-${width}.png` });

      await page.goto("/checkout");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const summary = page.getByRole("list", { name: "Order items" });
      await check(summary);
      await summary.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/checkout-colour-${width}.png` });
    });

    test("toasts keep clear of the control in use and of the header", async ({ page }) => {
      const header = page.locator("header").first();
      // The customiser: Add to Cart pressed at the foot of the screen.
      await page.goto("/customize?text=Hello");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const add = page.getByRole("button", { name: "Add to Cart" });
      await toScreenBottom(page, add);
      await add.click();
      const added = toastWith(page, "Added to Cart!");
      await expect(added).toBeVisible();
      await page.waitForTimeout(500); // the toast's entrance
      expect(overlap(await added.boundingBox(), await add.boundingBox())).toBe(false);
      expect(overlap(await added.boundingBox(), await header.boundingBox())).toBe(false);
      await page.screenshot({ path: `${shots}/toast-customize-add-${width}.png` });
      await added.getByRole("button", { name: "Close toast" }).click();
      await expect(added).toHaveCount(0);

      // Download Preview pressed on the preview card, which stays under the header on phones.
      const download = page.getByRole("button", { name: "Download Preview" });
      await download.click();
      const downloaded = toastWith(page, "Downloaded!");
      await expect(downloaded).toBeVisible();
      await page.waitForTimeout(500);
      expect(overlap(await downloaded.boundingBox(), await download.boundingBox())).toBe(false);
      await page.screenshot({ path: `${shots}/toast-customize-download-${width}.png` });

      // The checkout: Place Order at the foot of the screen, refused (a product that is not sold here).
      await fillCart(page, [
        cartLine({ id: "00000000-0000-4000-8000-000000000042", name: "No Such Sign" }, { price: 1999 }),
      ]);
      await page.goto("/checkout");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await fillCheckoutForm(page, { email: `toast.${width}@example.in` });
      await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
      const place = page.getByRole("button", { name: "Place Order" });
      await toScreenBottom(page, place);
      await place.click();
      const failed = toastWith(page, "Order Failed");
      await expect(failed).toBeVisible();
      await page.waitForTimeout(500);
      expect(overlap(await failed.boundingBox(), await place.boundingBox())).toBe(false);
      expect(overlap(await failed.boundingBox(), await header.boundingBox())).toBe(false);
      await page.screenshot({ path: `${shots}/toast-checkout-${width}.png` });
    });
  });
}

test("phones are grouped on the order page and in the admin's list and details; Details stays in view at 1280 px", async ({
  page,
  adminPage,
  newAdminPage,
}) => {
  const white = await demoProduct("Moon & Stars Neon Light");
  await fillCart(page, [cartLine({ id: white.id, name: "Moon & Stars Neon Light" }, { color: "White" })]);
  const orderId = await checkoutCod(page, { phone: "94120 55678", email: "grouped.phone@example.in" });
  const stored = await query("select customer_phone from orders where customer_email = $1", [
    "grouped.phone@example.in",
  ]);
  expect(stored.rows.map((r) => r.customer_phone)).toContain("+919412055678");

  // The shopper's order page (from the confirmation e-mail).
  const link = () => outbox(dataDir).link("orders", { prefix: "order-confirmation-", mention: orderId });
  await expect.poll(link, { timeout: 20_000 }).toMatch(/\/orders\/[0-9a-f]{64}$/);
  await page.goto(link());
  await expect(page.getByText("+91 94120 55678 · grouped.phone@example.in")).toBeVisible();

  // Staff's list at 1280 px with the sidebar open: the phone grouped, the row's Details button in view.
  await adminPage.goto(`/admin/purchases?q=${orderId}`);
  await adminPage.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(adminPage.getByRole("navigation", { name: "Admin", exact: true })).toBeVisible();
  const row = adminPage.getByRole("row").filter({ hasText: orderId });
  await expect(row).toContainText("+91 94120 55678");
  await adminPage.goto("/admin/purchases");
  await adminPage.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const table = adminPage.locator("table").first();
  const box = (await table.locator("xpath=..").boundingBox())!;
  const details = adminPage.getByRole("link", { name: /^View details of order / });
  expect(await details.count()).toBeGreaterThan(0);
  for (const d of await details.all()) {
    const b = (await d.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(box.x);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  await adminPage.screenshot({ path: `${shots}/admin-orders-1280.png` });

  // The order's dialog: the phone grouped, its tel: link the digits.
  const dialog = await openOrder(adminPage, orderId);
  const phone = dialog.getByRole("link", { name: "+91 94120 55678" });
  await expect(phone).toHaveAttribute("href", "tel:+919412055678");
  await adminPage.screenshot({ path: `${shots}/admin-order-details-1280.png` });

  const narrow = await newAdminPage(390);
  await narrow.goto(`/admin/purchases?q=${orderId}`);
  await expect(narrow.getByRole("row").filter({ hasText: orderId })).toContainText("+91 94120 55678");
  await narrow.screenshot({ path: `${shots}/admin-orders-390.png` });
});

test("policies say when they last changed: their words' date, or the settings' last save when later", async ({
  page,
}) => {
  const saved = (await query("select updated_at from shop_settings where id = 1")).rows[0]!
    .updated_at as Date;
  const day = (d: Date) =>
    new Intl.DateTimeFormat("en-IN", {
      timeZone: "Asia/Kolkata",
      day: "numeric",
      month: "long",
      year: "numeric",
    }).format(d);
  const later = (words: string) =>
    day(new Date(Math.max(saved.getTime(), Date.parse(`${words}T00:00:00+05:30`))));
  for (const [path, shown] of [
    // Fixed words only: the date beside them in the code.
    ["/return-policy", "24 November 2026"],
    // Words and settings: the later of the two.
    ["/privacy-policy", later("2026-11-27")],
    ["/terms-of-service", later("2026-11-25")],
    ["/shipping-info", later("2026-11-25")],
    ["/review-policy", later("2026-11-25")],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(`Last updated: ${shown}`), path).toBeVisible();
  }
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/privacy-policy");
    await page.screenshot({ path: `${shots}/policy-${width}.png` });
  }
});
