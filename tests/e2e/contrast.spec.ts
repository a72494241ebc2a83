import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { cartLine, fillCart } from "./checkout-form";
import { expect, test } from "./fixtures";
import { allow } from "./time-allowed";

// Issue 19: an automated WCAG AA check (axe-core) over every public page and the admin pages, at phone
// (390 px) and desktop (1280 px) widths, including the checkout with its field errors shown and a failed
// admin sign-in. Text contrast must be at least 4.5:1 (3:1 for large text).

const RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function axeViolations(page: Page) {
  // Colours are final once the entry animations and transitions have run (endless ones, such as a
  // skeleton's pulse, aside).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const r = await new AxeBuilder({ page }).withTags(RULES).analyze();
  return r.violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n")[1] ?? ""}`),
  }));
}

const PUBLIC_PAGES = [
  "/",
  "/products",
  "/customize",
  "/contact",
  "/orders",
  "/my-data",
  "/privacy-policy",
  "/terms-of-service",
  "/return-policy",
  "/shipping-info",
];
const ADMIN_PAGES = [
  "/admin",
  "/admin/categories",
  "/admin/products",
  "/admin/bestselling",
  "/admin/banners",
  "/admin/purchases",
  "/admin/custom-neon",
  "/admin/discount-codes",
  "/admin/offers",
  "/admin/settings",
  "/admin/settings/courier",
  "/admin/settings/keys",
  "/admin/vitals",
];

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("public pages, a product page and the checkout with errors pass axe's WCAG AA rules", async ({
      page,
    }) => {
      test.setTimeout(allow(180_000));
      const found: Record<string, unknown> = {};
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
        const v = await axeViolations(page);
        if (v.length) found[path] = v;
      }
      await page.goto("/products");
      // For people reviewing the offer cards (the whole 4:1 banner above its words).
      await page
        .getByRole("region", { name: "Offers" })
        .screenshot({ path: `test-results/offers-${width}.png` });
      const href = await page.locator('a[href^="/products/"]').first().getAttribute("href");
      await page.goto(href!);
      await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
      let v = await axeViolations(page);
      if (v.length) found["/products/:id"] = v;

      // The checkout with a cart and every field error shown.
      const id = href!.split("/").pop()!;
      await fillCart(page, [cartLine({ id, name: "Sign" })]);
      await page.goto("/checkout");
      await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
      await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByText("Please enter your full name.")).toBeVisible();
      v = await axeViolations(page);
      if (v.length) found["/checkout (errors)"] = v;
      expect(found).toEqual({});
    });

    test("admin pages and a failed sign-in pass axe's WCAG AA rules", async ({ page, newAdminPage }) => {
      test.setTimeout(allow(180_000));
      const found: Record<string, unknown> = {};
      await page.goto("/admin/login");
      await page.getByLabel("Email Address").fill("nobody@neonlights.in");
      await page.getByLabel("Password", { exact: true }).fill("wrong password here");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByText(/Invalid email or password|Too many/)).toBeVisible();
      let v = await axeViolations(page);
      if (v.length) found["/admin/login (error)"] = v;

      const admin = await newAdminPage(width);
      for (const path of ADMIN_PAGES) {
        await admin.goto(path);
        await expect(admin.locator("html[data-hydrated=true]")).toBeAttached();
        v = await axeViolations(admin);
        if (v.length) found[path] = v;
      }
      expect(found).toEqual({});
    });
  });
}
