import fs from "node:fs";
import type { Page } from "@playwright/test";
import { customLine } from "../support/cart-lines";
import { fillCart, fillCheckoutForm } from "./checkout-form";
import { expect, openOrder, setStatus, shopDatabase, test } from "./fixtures";
import { allow } from "./time-allowed";

// The workshop's journey (issue 44, decisions 060 and 062): a shopper orders a custom sign; staff download its
// production pack from the order and the board, confirm it, move its card across /admin/production; the shopper's
// order page then shows "In production".

test.use({
  adminCredentials: { email: "board-admin@neonlights.in", password: "flex bends before it ships" },
});

const query = shopDatabase();
const PHONE = `7${String(Date.now()).slice(-9)}`;
const TEXT = "Chai Adda";
const shots = process.env.SHOTS_DIR ?? "/tmp/shots-board";

/** The page is no wider than the screen (no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("a shopper orders a custom sign; staff download its pack, move it across the board; its page says In production", async ({
  page,
  browser,
  newAdminPage,
}) => {
  // A journey of a dozen server round trips and four drawn files: on 2 shared cores, longer than the default.
  test.setTimeout(allow(240_000));
  // The shopper orders through the shop: the cart and the checkout (cash on delivery).
  await fillCart(page, [customLine(TEXT, { size: "L" }, { image: "/placeholder.svg" })]);
  await page.goto("/checkout");
  await fillCheckoutForm(page, {
    name: "Kabir Sethi",
    phone: `+91 ${PHONE.slice(0, 5)} ${PHONE.slice(5)}`,
    email: `kabir.${PHONE}@example.in`,
  });
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=[0-9A-F]{8}$/);
  const displayId = new URL(page.url()).searchParams.get("orderId")!;
  const token = (
    await query<{ access_token: string }>(
      "select access_token from custom_neon_orders where upper(split_part(id::text, '-', 1)) = $1",
      [displayId],
    )
  ).rows[0]!.access_token;

  // Staff confirm the COD order and download its cut file and 1:1 print from the order's details.
  const admin = await newAdminPage();
  const dialog = await openOrder(admin, displayId, { kind: "custom", search: PHONE });
  const pack = dialog.getByRole("region", { name: "Production Pack" });
  const [dxf] = await Promise.all([
    admin.waitForEvent("download"),
    pack.getByRole("link", { name: "DXF (1:1, mm)" }).click(),
  ]);
  expect(dxf.suggestedFilename()).toBe(`${displayId}-sign.dxf`);
  const text = fs.readFileSync((await dxf.path())!, "utf8");
  expect(text).toContain("$INSUNITS");
  expect(text).toContain("LETTERS");
  const [print] = await Promise.all([
    admin.waitForEvent("download"),
    pack.getByRole("link", { name: "1:1 print (A4 tiles)" }).click(),
  ]);
  expect(print.suggestedFilename()).toBe(`${displayId}-print.pdf`);
  expect(
    fs
      .readFileSync((await print.path())!)
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");
  await setStatus(admin, "Confirmed");
  // The shopper approved the design proof (the proof journey itself is design-proofs.spec.ts).
  await query(
    `insert into design_proofs (custom_order_id, version, image_key, image_width, image_height, state, answered_at)
     select id, 1, 'proofs/e2e', 900, 500, 'approved', now() from custom_neon_orders where access_token = $1`,
    [token],
  );

  await admin.goto("/admin/production");
  await admin.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(admin.getByRole("heading", { name: "Production", level: 1 })).toBeVisible();
  const name = `${displayId}: “${TEXT}”`;
  const inColumn = (column: string) =>
    admin.getByRole("list", { name: column, exact: true }).getByRole("article", { name });
  const card = admin.getByRole("article", { name });
  await expect(inColumn("To cut")).toBeVisible();
  await expect(card).toContainText("Orbitron · Hot Pink · Large (70cm)");
  await expect(card).toContainText(/LED\s*\d+\.\d\d m/);
  await expect(card).toContainText("Not moved yet");
  await expect(card.getByRole("link", { name: displayId })).toHaveAttribute(
    "href",
    /\/admin\/custom-neon\?order=/,
  );
  // The job sheet from the card.
  const [sheet] = await Promise.all([
    admin.waitForEvent("download"),
    card.getByRole("link", { name: "Job sheet" }).click(),
  ]);
  expect(sheet.suggestedFilename()).toBe(`${displayId}-job-sheet.pdf`);
  expect(
    fs
      .readFileSync((await sheet.path())!)
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");

  for (const [button, column] of [
    ["Move to To bend", "To bend"],
    ["Move to Testing", "Testing"],
    ["Move to Ready to pack", "Ready to pack"],
  ] as const) {
    await card.getByRole("button", { name: button }).click();
    await expect(inColumn(column)).toBeVisible();
  }
  await expect(card).toContainText("board-admin@neonlights.in");
  await expect(card).toContainText("Made");

  // The order's timeline for staff: the moves, and the order in production.
  const again = await openOrder(admin, displayId, { kind: "custom", search: PHONE });
  const timeline = again.getByRole("list", { name: "Order timeline" });
  await expect(timeline).toContainText("Production: To cut → To bend");
  await expect(timeline).toContainText("Production: Testing → Ready to pack");
  await expect(timeline).toContainText("Status: Confirmed → In Production");

  // The shopper's order page, on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shopper = await phone.newPage();
  await shopper.goto(`/orders/${token}`);
  const steps = shopper.getByRole("list", { name: "Order status" });
  await expect(steps.locator('[aria-current="step"]')).toContainText("In production");
  await phone.close();
});

test("the board fits a phone (columns one under another) and a desktop (side by side): screenshots", async ({
  newAdminPage,
}) => {
  test.setTimeout(allow(120_000));
  fs.mkdirSync(shots, { recursive: true });
  // A confirmed custom order placed a month ago, promised 10-17 days: its card is late.
  await query(
    `insert into custom_neon_orders (customer_name, customer_email, customer_phone, shipping_address, total_amount,
       payment_method, status, custom_text, font_style, neon_color, size, has_dimmer, backing_shape, base_price,
       dimmer_price, backing_price, character_price, delivery_days_min, delivery_days_max, created_at)
     values ('Late Shopper', 'late@example.in', '+919800000001', '{"address1":"1 Fort Road","city":"Badaun","state":"uttar-pradesh","pincode":"243601"}',
       2999, 'cod', 'confirmed', 'Late Night', 'rajdhani', 'blue', 'M', false, 'rectangle', 2999, 0, 0, 0, 10, 17,
       now() - interval '30 days')`,
  );
  const narrow = await newAdminPage(390);
  await narrow.goto("/admin/production");
  await narrow.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const cut = narrow.getByRole("heading", { name: /^To cut/ });
  const bend = narrow.getByRole("heading", { name: /^To bend/ });
  await expect(cut).toBeVisible();
  const late = narrow.getByRole("article", { name: /“Late Night”/ });
  await expect(late).toContainText("Late");
  await expect(late).toContainText("(overdue)");
  await expect(late).toContainText("Waiting for a design proof to be sent and approved.");
  await expect(late.getByRole("button", { name: "Move to To bend" })).toBeDisabled();
  expect(await overflow(narrow)).toBeLessThanOrEqual(0);
  // Stacked: To bend starts below To cut, at the same left edge.
  const [a, b] = [(await cut.boundingBox())!, (await bend.boundingBox())!];
  expect(b.y).toBeGreaterThan(a.y);
  expect(Math.abs(b.x - a.x)).toBeLessThan(2);
  await narrow.screenshot({ path: `${shots}/production-390.png`, fullPage: true });

  const wide = await newAdminPage(1280);
  await wide.goto("/admin/production");
  await wide.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const [c, d] = [
    (await wide.getByRole("heading", { name: /^To cut/ }).boundingBox())!,
    (await wide.getByRole("heading", { name: /^To bend/ }).boundingBox())!,
  ];
  // Side by side: the same top, To bend to the right.
  expect(Math.abs(d.y - c.y)).toBeLessThan(2);
  expect(d.x).toBeGreaterThan(c.x + 100);
  await wide.screenshot({ path: `${shots}/production-1280.png`, fullPage: true });
});
