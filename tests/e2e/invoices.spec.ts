import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { NO_ABUSE_LIMITS, startShop, type ShopProcess } from "../support/shop-process.mjs";
import { pdfText } from "../support/pdf-text";
import { cartLine, fillCart, fillCheckoutForm } from "./checkout-form";
import { courier, createAdminIn, setStatus, signInAsAdmin } from "./fixtures";
import { allow } from "./time-allowed";

// GST tax invoices in a shop of its own (its settings change): a business buyer checks out with a GSTIN,
// the owner adds the shop's GSTIN and dispatches the order, the invoice is downloaded by the admin and by
// the shopper's link, and its text carries both GSTINs, the HSN code, the IGST split and the total.

const ADMIN = { email: "invoices-admin@neonlights.in", password: "gst invoices glow bright" };
const SHOP_GSTIN = "09ABCDE1234F1ZY"; // Uttar Pradesh
const BUYER_GSTIN = "27AAACB1234C1ZF"; // Maharashtra
let app: ShopProcess;
let product: { id: string; name: string; medium_price: number };

test.beforeAll(async () => {
  // A second shop on a busy machine: its own embedded PostgreSQL takes a while to start.
  test.setTimeout(allow(240_000));
  app = await startShop({ ...NO_ABUSE_LIMITS });
  createAdminIn(app, ADMIN);
  const client = await app.db();
  const r = await client.query(
    "select id, name, medium_price from products where is_active order by name limit 1",
  );
  product = r.rows[0];
  await client.query("update products set stock_quantity = 50 where id = $1", [product.id]);
  await client.end();
});
test.afterAll(async () => {
  await app?.stop();
});

async function cartWithProduct(page: Page) {
  await fillCart(
    page,
    [cartLine(product, { quantity: 2, price: product.medium_price, color: "Pink" })],
    app.url,
  );
  await page.goto(`${app.url}/checkout`);
}

test("a business buyer's order is invoiced on dispatch with IGST, both GSTINs and HSN; PDF downloads", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await cartWithProduct(page);
  await fillCheckoutForm(page, {
    name: "Rohan Mehta",
    phone: "+91 98200 11223",
    email: "rohan@brewcafe.in",
    address1: "4 Carter Road, Bandra",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400050",
  });
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await expect(page.getByRole("heading", { name: "GST Invoice for a Business (optional)" })).toBeVisible();
  // A Karnataka GSTIN for a delivery to Maharashtra is refused with a clear message; nothing is placed.
  await page.getByLabel("GSTIN").fill("29AAACB1234C1ZB");
  await page.getByLabel("Business Name").fill("Brew Cafe LLP");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(
    page.getByText(
      "This GSTIN is registered in Karnataka; for delivery to Maharashtra it must start with 27.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole("heading", { name: "GST Invoice for a Business (optional)" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("checkout-gstin-390.png"), fullPage: false });

  await page.getByLabel("GSTIN").fill(BUYER_GSTIN.toLowerCase());
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=NL[0-9A-F]{8}$/);
  const displayId = new URL(page.url()).searchParams.get("orderId")!;

  const client = await app.db();
  const order = (
    await client.query(
      "select id, access_token, total_amount, buyer_gstin, buyer_business_name from orders where 'NL' || upper(split_part(id::text, '-', 1)) = $1",
      [displayId],
    )
  ).rows[0];
  expect(order).toMatchObject({ buyer_gstin: BUYER_GSTIN, buyer_business_name: "Brew Cafe LLP" });

  // The owner: the shop's GSTIN (HSN 9405 and 18% are the defaults), then the order through to dispatch.
  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAsAdmin(admin, ADMIN, app.url);
  await admin.goto(`${app.url}/admin/settings/legal`);
  await expect(admin.getByLabel("HSN Code")).toHaveValue("9405");
  await expect(admin.getByLabel("GST Rate (%)")).toHaveValue("18");
  await admin.getByLabel("GSTIN (optional)").fill(SHOP_GSTIN);
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expect(admin.getByText(/saved/i).first()).toBeVisible();

  await admin.goto(`${app.url}/admin/purchases?order=${order.id}`);
  const dialog = admin.getByRole("dialog");
  await expect(dialog.getByRole("region", { name: "Customer Information" })).toContainText(BUYER_GSTIN);
  const invoicesPanel = dialog.getByRole("region", { name: "Tax Invoices" });
  await expect(invoicesPanel).toContainText("No tax invoice yet");
  await setStatus(admin, "Confirmed");
  await setStatus(admin, "In Production");
  await setStatus(admin, "Dispatched", { fill: courier("Delhivery", "DLV123456") });
  await expect(invoicesPanel).toContainText(/Tax Invoice NL\/\d{4}-\d{2}\/00001/);
  await invoicesPanel.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: test.info().outputPath("admin-invoices-1280.png") });

  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    invoicesPanel.getByRole("link", { name: /Download NL\// }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Tax-Invoice-NL-\d{4}-\d{2}-00001\.pdf$/);
  const text = await pdfText(fs.readFileSync((await download.path())!));
  const flat = text.replace(/\s*\n\s*/g, "");
  expect(text).toContain(`GSTIN: ${SHOP_GSTIN}`);
  expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
  expect(text).toContain("Brew Cafe LLP");
  expect(text).toContain("9405");
  expect(text).toContain("IGST");
  expect(text).not.toContain("CGST");
  expect(text).toContain("Maharashtra (27)");
  const total = Number(order.total_amount).toLocaleString("en-IN");
  expect(flat).toContain(`₹${total}.00`);

  // The shopper's link opens the same document; another order's link or a made-up id does not.
  const invoice = (await client.query("select id from invoices where order_id = $1", [order.id])).rows[0];
  const mine = await page.request.get(`${app.url}/orders/${order.access_token}/documents/${invoice.id}`);
  expect(mine.status()).toBe(200);
  expect(mine.headers()["content-disposition"]).toMatch(/^attachment; filename="Tax-Invoice-NL-/);
  expect(mine.headers()["cache-control"]).toBe("private, no-store");
  expect(await pdfText(await mine.body())).toContain(BUYER_GSTIN);
  const wrong = await page.request.get(`${app.url}/orders/${"a".repeat(64)}/documents/${invoice.id}`);
  expect(wrong.status()).toBe(404);
  // Asking again for the invoice of this (dispatched) order gives the same one.
  const again = await page.request.post(`${app.url}/orders/${order.access_token}/invoice`, {
    form: { request: "1" },
  });
  expect(await again.json()).toMatchObject({ ok: true, number: expect.stringMatching(/00001$/) });
  await client.end();
});
