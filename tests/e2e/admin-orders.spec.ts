import fs from "node:fs";
import type { Page } from "@playwright/test";
import { customLine } from "../support/cart-lines";
import { outbox } from "../support/outbox";
import { courier, e2eDataDir as dataDir, expect, openOrder, setStatus, shopProduct, test } from "./fixtures";
import { cartLine, checkoutCod, fillCart } from "./checkout-form";

// Staff journey over orders placed by a shopper through the real checkout (cash on delivery):
// find them by phone, walk one to delivered (the e-mails land in the outbox), cancel another (the
// stock comes back), export CSV, and the 'Admin login required' state once the session has ended.

// An admin of this file only: one test ends its sessions.
const EMAIL = "orders-admin@neonlights.in";
test.use({ adminCredentials: { email: EMAIL, password: "orders glow all night long" } });
// A phone number of this run only, so the searches find this file's orders and nothing else.
const PHONE = `9${String(Date.now()).slice(-9)}`;
const SHOPPER_EMAIL = `shopper.${PHONE}@example.in`;

const { product, stock, query } = shopProduct("where is_active order by name", 40);

/** The shopper: a cart with the product (and optionally a custom sign), checked out with cash on delivery. */
async function placeCodOrder(page: Page, opts: { quantity: number; custom?: boolean }) {
  const items: unknown[] = [cartLine(product, { quantity: opts.quantity, price: product.medium_price })];
  if (opts.custom)
    items.push(
      customLine(
        "Chai Time",
        { color: "blue", hasDimmer: true, backingShape: "rectangle" },
        { price: 2999, image: "/placeholder.svg" },
      ),
    );
  await fillCart(page, items);
  return checkoutCod(page, {
    name: "Meera Joshi",
    phone: `+91 ${PHONE.slice(0, 5)} ${PHONE.slice(5)}`,
    email: SHOPPER_EMAIL,
    address1: "7, Civil Lines",
    city: "Bareilly",
    state: "Uttar Pradesh",
    pincode: "243001",
  });
}

async function findByPhone(page: Page, sidebarLink: string) {
  await page.getByRole("link", { name: sidebarLink }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: sidebarLink })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(PHONE);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${PHONE}$`));
}

/** The shopper's mails in the outbox (no SMTP in the e2e shop). */
const outboxMails = () =>
  outbox(dataDir)
    .rawMails()
    .filter((m) => m.includes(SHOPPER_EMAIL));

test("staff find a COD order and a custom order by phone, walk the COD order to delivered, and export CSV", async ({
  page,
  signInAdmin,
}) => {
  const before = await stock();
  const orderId = await placeCodOrder(page, { quantity: 2, custom: true });
  expect(await stock()).toBe(before - 2);

  await signInAdmin();
  await findByPhone(page, "Purchase Details");
  const row = page.getByRole("row").filter({ hasText: orderId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Meera Joshi");
  await expect(row).toContainText("COD");
  await row.getByRole("link", { name: `View details of order ${orderId}` }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Order ${orderId}` })).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Customer Information" })).toContainText(SHOPPER_EMAIL);
  const items = dialog.getByRole("region", { name: "Items" });
  await expect(items).toContainText(product.name);
  await expect(items).toContainText("Medium (1ft x 1ft)");
  await items.getByRole("button", { name: `Enlarge image of ${product.name}` }).click();
  await expect(page.getByRole("dialog", { name: product.name })).toBeVisible();
  await page.keyboard.press("Escape");

  await setStatus(page, "Confirmed");
  await setStatus(page, "In Production");
  await setStatus(page, "Dispatched", { fill: courier("Delhivery", "DLV778899") });
  await expect(dialog.getByRole("region", { name: "Order Information" })).toContainText("DLV778899");
  // Cash on delivery is collected with the delivery (issue 42): the form says so, nothing to tick.
  await setStatus(page, "Delivered", {
    fill: () =>
      expect(dialog.getByText("delivering it records the cash as collected", { exact: false })).toBeVisible(),
  });
  await expect(dialog.getByRole("list", { name: "Order timeline" })).toContainText("Payment: Pending → Paid");
  await expect(dialog.getByText(`This order is delivered; its status cannot change any more.`)).toBeVisible();

  // The shopper's three e-mails are in the outbox (no SMTP in the e2e shop).
  await expect
    .poll(() => outboxMails().filter((m) => m.includes(orderId)).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(3);
  const mails = outboxMails().join("\n");
  expect(mails).toContain(`Order ${orderId} confirmed`);
  expect(mails).toMatch(/is on its way/);
  expect(mails).toContain("DLV778899");
  expect(mails).toMatch(/has been delivered/);

  // Close the dialog: the URL keeps the search; export the filtered orders.
  await page.keyboard.press("Escape");
  await expect(page).not.toHaveURL(/order=/);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\ufeff/, "");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toContain("Order ID,Order UUID");
  const mine = lines.filter((l) => l.startsWith(`${orderId},`));
  expect(mine).toHaveLength(1);
  expect(mine[0]).toContain(`'+91${PHONE}`);
  expect(mine[0]).toContain(",Delivered,COD,Paid,");
  expect(mine[0]).toContain("DLV778899");

  // The custom order of the same checkout, with its design.
  await findByPhone(page, "Custom Neon Orders");
  const customRow = page.getByRole("row").filter({ hasText: "Chai Time" });
  await expect(customRow).toHaveCount(1);
  await customRow.getByRole("link", { name: /View details of custom order/ }).click();
  await expect(dialog.getByRole("region", { name: "Configuration Details" })).toContainText("Electric Blue");
  await expect(dialog.getByRole("region", { name: "Configuration Details" })).toContainText("Rectangle");
  await expect(dialog.getByRole("region", { name: "Price Breakdown" })).toContainText("₹499");
  // Its cost of making, from the measured design, and the margin (issue 44).
  const costs = dialog.getByRole("region", { name: "Cost and Margin" });
  await expect(costs).toContainText(/LED flex Electric Blue, \d+\.\d\d m at ₹180\/m/);
  await expect(costs).toContainText("Revenue without GST");
  await expect(costs).toContainText(/Margin₹|Margin−₹/);
  // The design redrawn by the customiser's own preview component, not only a stored picture.
  await expect(
    dialog
      .getByRole("region", { name: "Live Preview" })
      .getByRole("img", { name: /^Neon sign preview: "Chai Time" in Orbitron, Electric Blue/ }),
  ).toBeVisible();
});

test("cancelling an order puts its stock back once", async ({ page, signInAdmin }) => {
  const before = await stock();
  const orderId = await placeCodOrder(page, { quantity: 3 });
  expect(await stock()).toBe(before - 3);

  await signInAdmin();
  await openOrder(page, orderId);
  await setStatus(page, "Cancelled", {
    fill: (dialog) =>
      expect(dialog.getByText("Cancelling puts the ordered quantities back into stock.")).toBeVisible(),
  });
  await expect(
    page.getByRole("dialog").getByText("This order is cancelled; its status cannot change any more."),
  ).toBeVisible();
  expect(await stock()).toBe(before);
  // Filtered by status, the cancelled order is listed.
  await page.goto(`/admin/purchases?q=${PHONE}&status=cancelled`);
  await expect(page.getByRole("row").filter({ hasText: orderId })).toHaveCount(1);
});

test("a change after the session ended shows 'Admin login required' and changes nothing", async ({
  page,
  signInAdmin,
}) => {
  const orderId = await placeCodOrder(page, { quantity: 1 });
  await signInAdmin();
  // A stale tab: without its live updates, so that no change another worker makes meanwhile revalidates the
  // page (which, the session gone, would show the sign-in message before the click could post the change).
  await page.route("**/api/admin/events", (route) => route.abort());
  await openOrder(page, orderId);
  await expect(page.getByRole("dialog").getByLabel("New status")).toHaveValue("confirmed");
  await query("delete from sessions where user_id = (select id from admin_users where email = $1)", [EMAIL]);
  await page.getByRole("dialog").getByRole("button", { name: "Update Status" }).click();
  await expect(page.getByRole("heading", { name: "Admin login required" })).toBeVisible();
  await expect(page.getByText("Please sign in to view orders.")).toBeVisible();
  const row = await query(
    "select status, (select count(*)::int from order_status_history h where h.order_id = o.id) changes from orders o where upper(split_part(id::text, '-', 1)) = $1",
    [orderId.slice(2)],
  );
  expect(row.rows[0]).toEqual({ status: "pending", changes: 0 });
});
