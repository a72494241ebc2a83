import { placeCodOrder } from "./checkout-request";
import { courier, expect, openOrder, setStatus, shopProduct, test } from "./fixtures";
import { allow } from "./time-allowed";

// The month end's money page (issue 45): a delivered COD order waits with the courier until the courier's
// remittance report is uploaded; the dashboard's money view and the page agree; both fit a phone.

test.use({ adminCredentials: { email: "money-admin@neonlights.in", password: "cash with the courier" } });

const { product, query } = shopProduct("where is_active order by name", 50);

test("a delivered COD order is cash with the courier until its remittance report is uploaded", async ({
  page,
  baseURL,
  signInAdmin,
}, testInfo) => {
  test.setTimeout(allow(120_000));
  const placed = await placeCodOrder(baseURL!, product.id);
  expect(placed.status).toBe(201);
  const orderId = placed.checkout!.orderIds[0]!;
  const awb = `MNY${Date.now().toString().slice(-8)}`;
  await signInAdmin();
  await openOrder(page, orderId);
  await setStatus(page, "Confirmed");
  await setStatus(page, "In Production");
  await setStatus(page, "Dispatched", { fill: courier("Delhivery", awb) });
  await setStatus(page, "Delivered");
  const { rows } = await query<{ total_amount: number }>(
    "select total_amount from orders where tracking_number = $1",
    [awb],
  );
  const total = rows[0]!.total_amount;

  await page.goto("/admin/money");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const cod = page.getByRole("region", { name: "Cash on delivery with couriers" }).or(page.locator("#cod"));
  const row = cod.getByRole("row").filter({ hasText: awb });
  await expect(row).toContainText(orderId);
  await expect(row).toContainText("Delhivery");
  // Without Razorpay keys (the e2e shop takes test payments) the page says why no settlement is read.
  await expect(page.getByText(/Razorpay's keys are not set/)).toBeVisible();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `/admin/money at ${width} px`).toBeLessThanOrEqual(0);
    const file = testInfo.outputPath(`money-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`/admin/money ${width}px`, { path: file, contentType: "image/png" });
  }

  // A report with a bad line changes nothing and says which line.
  const upload = async (csv: string) => {
    await page.getByLabel("Courier's COD remittance report (CSV)").setInputFiles({
      name: "remittance.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await page.getByRole("button", { name: "Upload remittances" }).click();
  };
  await upload(`AWB Code,Remitted Amount,Remittance Date,UTR\n${awb},lots,28-11-2026,UTRE2E\n`);
  await expect(page.getByText(/Nothing was recorded: line 2: "lots" is not an amount/)).toBeVisible();
  await expect(row).toBeVisible();
  await upload(`AWB Code,Remitted Amount,Remittance Date,UTR\n${awb},${total}.00,28-11-2026,UTRE2E\n`);
  await expect(page.getByText("1 remittance line recorded.")).toBeVisible();
  await expect(row).toHaveCount(0);

  // The dashboard's money view links to the page.
  await page.goto("/admin");
  const money = page.getByRole("definition").locator("..").filter({ hasText: "Reached the bank" });
  await expect(money.first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  const card = page
    .getByRole("heading", { name: "Money", exact: true })
    .locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath("dashboard-money-390.png") });
  await testInfo.attach("dashboard money view 390px", {
    path: testInfo.outputPath("dashboard-money-390.png"),
    contentType: "image/png",
  });
  await page.getByRole("link", { name: "Cash on delivery still with couriers" }).click();
  await expect(page).toHaveURL(/\/admin\/money#cod$/);
  await expect(page.getByRole("heading", { name: "Cash on delivery with couriers" })).toBeVisible();
});
