import { placeCodOrder } from "./checkout-request";
import { courier, expect, openOrder, setStatus, shopProduct, test } from "./fixtures";

// The owner's side of a first real day (issue 27), at a phone's and a desktop's width: the go-live checklist
// on the dashboard and dispatch without a GSTIN following the owner's choice (a bill of supply), the to-do queue one click from
// the filtered list, and the line that says how many test orders the figures leave out.

test.use({ adminCredentials: { email: "golive-admin@neonlights.in", password: "ready set open shop" } });
// The checklist's answers are the shop's: the two widths take turns.
test.describe.configure({ mode: "serial" });

const { product, query } = shopProduct("where is_active order by name offset 4", 50);

for (const width of [390, 1280]) {
  test(`at ${width} px: checklist, to-do queue, hidden test orders, dispatch without a GSTIN`, async ({
    baseURL,
    newAdminPage,
  }) => {
    const shot = (name: string) => test.info().outputPath(`${name}-${width}.png`);
    const placed = await placeCodOrder(baseURL!, product.id);
    expect(placed.status).toBe(201);
    const orderId = placed.checkout!.orderIds[0]!;

    const page = await newAdminPage(width);
    await page.goto("/admin");
    // The checklist: a card at the top until everything is done, each item linked to where to fill it.
    const checklist = page.getByRole("region", { name: "Go-live checklist" });
    await expect(checklist).toContainText(/Before you open: \d of 7 left/);
    const items = checklist.getByRole("list", { name: "Go-live checklist" });
    await expect(items.getByRole("listitem")).toHaveCount(7);
    await expect(
      items.getByRole("listitem").filter({ hasText: "Grievance officer" }).getByRole("link"),
    ).toHaveAttribute("href", "/admin/settings/legal#settings-grievance-name");
    await checklist.screenshot({ path: shot("go-live-checklist") });

    // The owner says the shop is not registered for GST: the item is done, and orders get a bill of supply.
    const gst = items.getByRole("listitem").filter({ hasText: "GSTIN, or not registered for GST" });
    await gst.getByRole("button", { name: "The shop is not registered for GST" }).click();
    await expect(gst.getByRole("button", { name: "The shop is not registered for GST" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(gst).toContainText("Not registered for GST: each order gets a bill of supply");

    // The to-do queue: the new COD order waits to be confirmed, one click from the filtered list.
    const todo = page.getByRole("list", { name: "To do" });
    const confirm = todo.getByRole("link", { name: /Orders to confirm Call the shopper/ });
    await expect(confirm).toHaveAttribute("href", "/admin/purchases?todo=confirm");
    await page.screenshot({ path: shot("dashboard"), fullPage: true });
    await confirm.click();
    await expect(page).toHaveURL(/\/admin\/purchases\?todo=confirm$/);
    await expect(page.getByRole("status").filter({ hasText: "To do: Orders to confirm" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: orderId })).toBeVisible();
    await page.screenshot({ path: shot("orders-to-confirm") });

    // Not registered for GST: the dialog promises a bill of supply (never a tax invoice), and the dispatch
    // issues one in its own series, downloadable like an invoice.
    const dialog = await openOrder(page, orderId);
    const bills = dialog.getByRole("region", { name: "Bill of Supply" });
    await expect(bills).toContainText("No bill of supply yet: the shop is not registered for GST");
    await setStatus(page, "Confirmed");
    await setStatus(page, "In Production");
    await setStatus(page, "Dispatched", { fill: courier("Delhivery", `DLV${width}${Date.now() % 100000}`) });
    await expect(page.getByText(/Bill of supply BS\/\d{4}-\d{2}\/\d{5}\./).first()).toBeVisible();
    await expect(bills).toContainText(/Bill of Supply BS\/\d{4}-\d{2}\/\d{5}/);
    await expect(bills).not.toContainText(/tax invoice/i);
    const download = page.waitForEvent("download");
    await bills.getByRole("link", { name: /^Download BS\// }).click();
    expect((await download).suggestedFilename()).toMatch(/^Bill-of-Supply-BS-\d{4}-\d{2}-\d{5}\.pdf$/);
    await bills.screenshot({ path: shot("dispatch-bill-of-supply") });

    // Test orders: the figures leave them out and say so, with a link that shows them.
    await query("update orders set is_test = true where id::text like $1", [
      `${orderId.slice(2).toLowerCase()}%`,
    ]);
    await page.goto("/admin?range=30");
    const hidden = page.getByRole("status").filter({ hasText: /\d+ test orders? \(₹[\d,]+\) hidden – show/ });
    await expect(hidden).toBeVisible();
    await hidden.screenshot({ path: shot("hidden-test-orders") });
    await hidden.getByRole("link", { name: "show" }).click();
    await expect(page).toHaveURL(/\?range=30&test=1$/);
    await expect(page.getByLabel("Include test orders")).toBeChecked();
    await expect(page.getByText(/test orders? \(₹[\d,]+\) hidden/)).toHaveCount(0);

    // Untick: the checklist is the shop's, and the next width starts from the same place.
    await page.goto("/admin");
    await gst.getByRole("button", { name: "The shop is not registered for GST" }).click();
    await expect(gst.getByRole("button", { name: "The shop is not registered for GST" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });
}
