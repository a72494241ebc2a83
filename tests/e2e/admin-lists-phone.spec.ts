import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Issue 27: the admin lists built with admin-list.tsx fit 390 px without sideways scrolling.
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("the admin lists fit a 390 px screen", async ({ newAdminPage }) => {
  const phone = await newAdminPage(390);
  for (const path of [
    "/admin/products",
    "/admin/categories",
    "/admin/bestselling",
    "/admin/banners",
    "/admin/logo-quotes",
    "/admin/reviews",
    "/admin/discount-codes",
    "/admin/offers",
  ]) {
    await phone.goto(path);
    await phone.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await overflow(phone), path).toBeLessThanOrEqual(0);
  }
});
