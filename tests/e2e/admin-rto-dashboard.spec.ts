import { placeCodOrder } from "./checkout-request";
import { courier, expect, openOrder, setStatus, shopProduct, test } from "./fixtures";

// After the sale, for staff (issue 17): a dispatched COD order comes back (RTO) and its stock returns once;
// cancelling asks first; the payment select pre-selects nothing; the owner dashboard's chart follows a new
// order live; quick actions open the add dialogs; order tables fit a phone.

test.use({ adminCredentials: { email: "rto-admin@neonlights.in", password: "returned to origin twice" } });

const { product, stock, query } = shopProduct("where is_active order by name desc", 50);

async function newCodOrder(baseURL: string, quantity: number): Promise<string> {
  const r = await placeCodOrder(baseURL, product.id, { quantity });
  expect(r.status).toBe(201);
  return r.checkout!.orderIds[0]!; // the display id, "NL1A2B3C4D"
}

test("staff walk a COD order to dispatched, then mark it returned (RTO): the stock comes back once", async ({
  page,
  baseURL,
  signInAdmin,
}) => {
  const before = await stock();
  const orderId = await newCodOrder(baseURL!, 2);
  expect(await stock()).toBe(before - 2);
  await signInAdmin();
  await openOrder(page, orderId);
  const dialog = page.getByRole("dialog");

  // The payment select pre-selects no move (it once sent 'Failed' by mistake).
  const payment = dialog.getByLabel("New payment status");
  await expect(payment).toHaveValue("");
  await expect(payment.locator("option:checked")).toHaveText("Now Pending: choose the new status");
  await dialog.getByRole("button", { name: "Update Payment" }).click();
  await expect(dialog.getByText("Choose a payment status.")).toBeVisible();

  await setStatus(page, "Confirmed");
  await setStatus(page, "In Production");
  await setStatus(page, "Dispatched", { fill: courier("Delhivery", "DLV778899") });
  // RTO needs a reason.
  await setStatus(page, "Returned (RTO)", {
    fill: () =>
      expect(
        dialog.getByText("Marking it returned puts the ordered quantities back into stock."),
      ).toBeVisible(),
    refusedWith: "Choose why the order came back.",
  });
  expect(await stock()).toBe(before - 2);
  await setStatus(page, "Returned (RTO)", {
    fill: () => dialog.getByLabel("Why did it come back?").selectOption({ label: "Customer unreachable" }),
  });
  const timeline = dialog.getByRole("list", { name: "Order timeline" });
  await expect(timeline).toContainText("Returned to origin: Customer unreachable. Stock returned");
  await expect(
    dialog.getByText("This order came back to us (RTO); its status cannot change any more."),
  ).toBeVisible();
  expect(await stock()).toBe(before);

  // Opened again, the returned order offers no further move, and the stock stays returned.
  await page.reload();
  await expect(dialog.getByLabel("New status")).toHaveCount(0);
  expect(await stock()).toBe(before);

  // The status filter finds it.
  await page.goto(`/admin/purchases?q=${orderId}&status=rto`);
  await expect(page.getByRole("row").filter({ hasText: orderId })).toHaveCount(1);
});

test("cancelling asks for confirmation: 'Keep order' changes nothing", async ({
  page,
  baseURL,
  signInAdmin,
}) => {
  const orderId = await newCodOrder(baseURL!, 1);
  await signInAdmin();
  await openOrder(page, orderId);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("New status").selectOption({ label: "Cancelled" });
  await dialog.getByRole("button", { name: "Cancel Order" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel this order?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Keep order" }).click();
  await expect(confirm).toBeHidden();
  const status = async () =>
    (
      await query("select status from orders where upper(split_part(id::text, '-', 1)) = $1", [
        orderId.slice(2),
      ])
    ).rows[0].status as string;
  expect(await status()).toBe("pending");
  await dialog.getByRole("button", { name: "Cancel Order" }).click();
  await confirm.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(dialog.getByRole("list", { name: "Order timeline" })).toContainText("→ Cancelled");
  expect(await status()).toBe("cancelled");
});

test("the dashboard's orders chart follows a new order live; screenshots at 390 and 1280 px", async ({
  baseURL,
  newAdminPage,
}, testInfo) => {
  for (const width of [1280, 390]) {
    const page = await newAdminPage(width);
    await page.goto("/admin?range=7");
    await expect(page.getByRole("heading", { name: "Last 7 days", exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Live updates on" })).toBeVisible();
    const chart = page.getByRole("img", { name: /^Orders per day/ });
    await expect(chart.locator("canvas")).toBeVisible();
    const today = async () => Number((await chart.getAttribute("data-values"))!.split(",").at(-1));
    const before = await today();
    await newCodOrder(baseURL!, 1);
    // At least this order more (specs in the other worker place orders of their own meanwhile), and the
    // chart's name says the count it draws.
    await expect.poll(today).toBeGreaterThan(before);
    await expect(async () => {
      const n = await today();
      await expect(chart).toHaveAccessibleName(new RegExp(`${n} orders? today\\.$`), { timeout: 1000 });
    }).toPass();
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
    // Nothing sticks out sideways (named, so a failure says what).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((el) => `${el.tagName} "${(el.textContent ?? "").slice(0, 40)}"`)
        .slice(0, 5),
    );
    expect(wide).toEqual([]);
  }
});

test("quick actions open the add dialogs; order tables fit a phone", async ({
  baseURL,
  newAdminPage,
}, testInfo) => {
  const page = await newAdminPage(1280);
  await page.getByRole("link", { name: "Add Product" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Product" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Add Category" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Category" })).toBeVisible();
  await page.goto("/admin");
  await page.getByRole("link", { name: "Add Banner" }).click();
  await expect(page.getByLabel("Banner Title")).toBeFocused();

  // An order of each kind, so both tables have a row.
  await newCodOrder(baseURL!, 1);
  await query(
    `insert into custom_neon_orders (customer_name, customer_email, customer_phone, shipping_address, total_amount, payment_method,
       custom_text, font_style, neon_color, size, has_dimmer, backing_shape, base_price, dimmer_price, backing_price, character_price)
     values ('Phone Table Shopper', 'phone@example.in', '+919812345678',
       '{"address1":"1 MG Road","city":"Pune","state":"maharashtra","pincode":"411001"}', 2999, 'cod',
       'Chai', 'orbitron', 'pink', 'M', false, 'cut-to-shape', 2999, 0, 0, 0)`,
  );
  const phone = await newAdminPage(390);
  for (const list of ["/admin/purchases", "/admin/custom-neon"]) {
    await phone.goto(list);
    const details = phone.getByRole("link", { name: /^View details of/ }).first();
    await expect(details).toBeVisible();
    // Within the phone's width: scrolled down to it, nothing scrolled sideways.
    await details.evaluate((el) => el.scrollIntoView({ block: "center", inline: "nearest" }));
    await expect(details).toBeInViewport();
    await phone.screenshot({ path: testInfo.outputPath(`${list.split("/").at(-1)}-390.png`) });
    const scrolledSideways = await phone.evaluate(() =>
      [...document.querySelectorAll("*")]
        .filter((el) => el.scrollLeft > 0)
        .map((el) => `${el.tagName}.${el.className} ${el.scrollLeft} ${el.scrollWidth}/${el.clientWidth}`),
    );
    expect(scrolledSideways).toEqual([]);
    const right = await details.evaluate((el) => el.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(390);
    // The page itself never scrolls sideways (a long total may widen the table a little; its details
    // button stays on screen, pinned to the right edge).
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
