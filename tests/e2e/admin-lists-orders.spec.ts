import type { Page } from "@playwright/test";
import { customLine, productLine } from "../support/cart-lines";
import { codCheckoutBody, postCheckout } from "./checkout-request";
import { expect, shopDatabase, test } from "./fixtures";

// Issue 27: on a phone the admin's order lists put their filters behind one "Filters" control and never cut
// off the Total column; the other admin lists fit 390 px without sideways scrolling.
const shots = process.env.SHOTS_DIR ?? "/tmp/shots-helper7";
const query = shopDatabase();

// One ready-made and one custom order, so both lists have a row whatever else has run.
test.beforeAll(async ({ baseURL }) => {
  const p = (
    await query<{ id: string }>("select id from products where is_active and stock_quantity > 5 limit 1")
  ).rows[0]!;
  const placed = await postCheckout(baseURL!, codCheckoutBody([productLine(p.id), customLine("PHONE LIST")]));
  expect(placed.status).toBe(201);
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("orders at 390 px: filters behind one control, Total in view; at 1280 px the filters are open", async ({
  newAdminPage,
}) => {
  for (const path of ["/admin/purchases", "/admin/custom-neon"]) {
    const phone = await newAdminPage(390);
    await phone.goto(path);
    await phone.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const search = phone.getByRole("search", { name: "Find orders" });
    await expect(search.getByRole("searchbox", { name: "Search" })).toBeVisible();
    const status = search.getByRole("combobox", { name: "Status", exact: true });
    await expect(status).toBeHidden();
    const total = phone.getByRole("columnheader", { name: "Total" });
    await expect(total).toBeVisible();
    const box = (await total.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: `${shots}/admin${path.replace("/admin", "")}-390.png` });
    await search.getByText("Filters").click();
    await expect(status).toBeVisible();
    await status.selectOption("pending");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(phone).toHaveURL(/status=pending/);
    // The chosen filter is counted on the closed control.
    await expect(phone.getByRole("search", { name: "Find orders" }).getByText("1 on")).toBeVisible();

    const desk = await newAdminPage(1280);
    await desk.goto(path);
    await desk.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(
      desk
        .getByRole("search", { name: "Find orders" })
        .getByRole("combobox", { name: "Status", exact: true }),
    ).toBeVisible();
    await desk.screenshot({ path: `${shots}/admin${path.replace("/admin", "")}-1280.png` });
  }
});
