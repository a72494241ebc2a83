import { expect, test } from "@playwright/test";

// Issue 19: the catalogue's search narrows the list while the shopper types (debounced), keeps the address
// in step, shows the spec's empty message, and still works without JavaScript by pressing Enter.

test("typing narrows the list, the address follows, and a miss shows the spec's message", async ({
  page,
}) => {
  await page.goto("/products");
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  const cards = page.getByRole("list", { name: "Products" }).getByRole("listitem");
  const before = await cards.count();
  expect(before).toBeGreaterThan(1);
  const box = page.getByRole("searchbox", { name: "Search products" });
  await box.pressSequentially("Game On", { delay: 60 });
  await expect(page).toHaveURL(/[?&]q=Game\+On(&|$)/);
  await expect(page.getByRole("link", { name: /Game On Neon Sign/ }).first()).toBeVisible();
  await expect.poll(() => cards.count()).toBeLessThan(before);
  // The box keeps what was typed and its focus.
  await expect(box).toHaveValue("Game On");
  await expect(box).toBeFocused();

  await box.fill("zzqx no such sign");
  await expect(page.getByText("No products found matching your criteria.")).toBeVisible();
  await expect(page).toHaveURL(/q=zzqx\+no\+such\+sign/);

  await box.fill("");
  await expect.poll(() => cards.count()).toBe(before);
});

test("without JavaScript the search works by Enter", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/products");
  await page.getByRole("searchbox", { name: "Search products" }).fill("Game On");
  await page.getByRole("searchbox", { name: "Search products" }).press("Enter");
  await expect(page).toHaveURL(/[?&]q=Game\+On/);
  await expect(page.getByRole("link", { name: /Game On Neon Sign/ }).first()).toBeVisible();
  await context.close();
});
