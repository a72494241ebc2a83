import type { Page } from "@playwright/test";
import { outbox } from "../support/outbox";
import { cartLine, fillCart, fillCheckoutForm } from "./checkout-form";
import { e2eDataDir as dataDir, expect, openOrder, shopProduct, test } from "./fixtures";

// Money after the sale: staff refund part of a paid online order from its dialog (the test gateway
// refunds at once) and the shopper sees it on the order page; an abandoned online payment is paid later
// from the order page, reached through "Find my order".

test.use({ adminCredentials: { email: "refunds-admin@neonlights.in", password: "refunds glow back home" } });

const PHONE = `7${String(Date.now()).slice(-9)}`;

const { product, query } = shopProduct("where is_active order by name offset 2", 30);

async function startOnlineCheckout(page: Page, email: string) {
  await fillCart(page, [cartLine(product)]);
  await page.goto("/checkout");
  await fillCheckoutForm(page, {
    name: "Nikhil Sen",
    phone: PHONE,
    email,
    city: "Kolkata",
    state: "West Bengal",
    pincode: "700016",
  });
  await page.getByRole("radio", { name: /Online Payment/ }).click();
  await page.getByRole("button", { name: "Pay Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Test payment" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("staff refund part of a paid online order; the shopper sees it on the order page", async ({
  page,
  browser,
  newAdminPage,
}) => {
  const email = `refund.${PHONE}@example.in`;
  const dialog = await startOnlineCheckout(page, email);
  await dialog.getByRole("button", { name: "Success" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=NL[0-9A-F]{8}$/);
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  const orderPath = await page.getByRole("link", { name: "Track your order" }).getAttribute("href");

  // At 1280 px: the refund asks first, and Cancel sends nothing.
  const desk = await newAdminPage(1280);
  const deskForm = (await openOrder(desk, orderId, { search: email }))
    .getByRole("region", { name: "Returns and Refunds" })
    .getByRole("form", { name: "Refund" });
  await deskForm.getByLabel(/Refund amount/).fill("700");
  await deskForm.getByLabel("Reason").fill("Asked by mistake");
  await deskForm.getByRole("button", { name: "Refund through Razorpay" }).click();
  const ask = deskForm.getByRole("group", { name: "Confirm the refund" });
  await expect(ask).toContainText("Refund ₹700 to Nikhil Sen?");
  await deskForm.screenshot({ path: test.info().outputPath("admin-refund-confirm-1280.png") });
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toHaveCount(0);
  expect(
    (
      await query(
        "select count(*)::int as n from refunds r join orders o on o.id = r.order_id where o.customer_email = $1",
        [email],
      )
    ).rows[0]!.n,
  ).toBe(0);

  const admin = await newAdminPage(390);
  const details = await openOrder(admin, orderId, { search: email });
  const section = details.getByRole("region", { name: "Returns and Refunds" });
  await expect(section).toContainText("can still be refunded");
  const refund = section.getByRole("form", { name: "Refund" });
  await refund.getByLabel(/Refund amount/).fill("500");
  await refund.getByLabel("Reason").fill("Dimmer missing from the box");
  await refund.getByRole("button", { name: "Refund through Razorpay" }).click();
  // Nothing goes out before the question is answered (issue 27).
  const confirm = refund.getByRole("group", { name: "Confirm the refund" });
  await expect(confirm).toContainText("Refund ₹500 to Nikhil Sen?");
  await section.screenshot({ path: test.info().outputPath("admin-refund-confirm-390.png") });
  await confirm.getByRole("button", { name: "Yes, refund ₹500" }).click();
  await expect(admin.getByText("Refund started.").first()).toBeVisible();
  await section.screenshot({ path: "test-results/admin-refund-390.png" });
  // The test gateway's refund is processed by the job worker within moments.
  await expect
    .poll(
      async () =>
        (
          await query(
            "select r.status from refunds r join orders o on o.id = r.order_id where o.customer_email = $1",
            [email],
          )
        ).rows[0]?.status,
      { timeout: 20_000 },
    )
    .toBe("processed");
  // The shopper is e-mailed once the money went back (issue 27), in the branded template.
  const refundMail = () =>
    outbox(dataDir)
      .mails("refund-mail-")
      .find((m) => m.includes(orderId));
  await expect.poll(refundMail, { timeout: 20_000 }).toBeTruthy();
  expect(refundMail()).toContain(`We have refunded ₹500 for your order ${orderId}.`);
  expect(refundMail()).toContain("Reason: Dimmer missing from the box");
  await admin.reload();
  await expect(admin.getByRole("dialog").getByRole("list", { name: "Refunds" })).toContainText(
    "₹500: Refunded",
  );
  await expect(admin.getByRole("dialog").getByRole("list", { name: "Order timeline" })).toContainText(
    "Refund of ₹500 processed",
  );

  await page.goto(orderPath!);
  await expect(page.getByText("Refunded: ₹500")).toBeVisible();
  // Partly refunded: the payment itself is still Paid.
  await expect(page.getByText(/Online Payment \(Test\): Paid/)).toBeVisible();

  // Without JavaScript (issue 27): the refund page asks the same question as a form of its own.
  const uuid = (await query("select id from orders where customer_email = $1", [email])).rows[0]!
    .id as string;
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await admin.context().storageState(),
    viewport: { width: 390, height: 844 },
  });
  const plain = await noJs.newPage();
  await plain.goto(`/admin/refund?kind=order&id=${uuid}`);
  const plainForm = plain.getByRole("form", { name: "Refund" });
  await plainForm.getByLabel(/Refund amount/).fill("100");
  await plainForm.getByLabel("Reason").fill("Late delivery");
  await plainForm.getByRole("button", { name: "Refund through Razorpay" }).click();
  const question = plain.getByRole("form", { name: "Confirm the refund" });
  await expect(question).toContainText("Refund ₹100 to Nikhil Sen?");
  await plain.screenshot({ path: test.info().outputPath("admin-refund-nojs-confirm-390.png") });
  await question.getByRole("link", { name: "Cancel" }).click();
  await expect(plain.getByRole("form", { name: "Refund" })).toBeVisible();
  const count = async () =>
    (
      await query(
        "select count(*)::int as n from refunds r join orders o on o.id = r.order_id where o.customer_email = $1",
        [email],
      )
    ).rows[0]!.n as number;
  expect(await count()).toBe(1);
  await plain
    .getByRole("form", { name: "Refund" })
    .getByLabel(/Refund amount/)
    .fill("100");
  await plain.getByRole("form", { name: "Refund" }).getByLabel("Reason").fill("Late delivery");
  await plain.getByRole("button", { name: "Refund through Razorpay" }).click();
  await plain.getByRole("button", { name: "Yes, refund ₹100" }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Refund started." })).toBeVisible();
  await plain.screenshot({ path: test.info().outputPath("admin-refund-nojs-done-390.png") });
  expect(await count()).toBe(2);
  await noJs.close();
});

test("an abandoned online payment is paid later from the order page found with 'Find my order'", async ({
  page,
  browser,
}) => {
  const email = `later.${PHONE}@example.in`;
  await startOnlineCheckout(page, email);
  // The shopper leaves with the payment window open: the stock stays held for them.
  await page.goto("/");
  const row = await query("select id from orders where customer_email = $1", [email]);
  const orderId = `NL${(row.rows[0].id as string).split("-")[0]!.toUpperCase()}`;

  await page.goto("/orders");
  await page.getByLabel("Order number").fill(orderId);
  await page.getByLabel("Phone number or e-mail used for the order").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("If these details match an order");
  const orderLink = () => outbox(dataDir).link("orders", { prefix: "order-link-order-", mention: email });
  await expect.poll(orderLink, { timeout: 20_000 }).not.toBe("");
  const link = orderLink();

  const other = await browser.newContext();
  const shopper = await other.newPage();
  await shopper.goto(link);
  await expect(shopper.getByText("This order is not paid yet.")).toBeVisible();
  await shopper.getByRole("button", { name: "Pay now" }).click();
  const pay = shopper.getByRole("dialog", { name: "Test payment" });
  await expect(pay).toBeVisible();
  await pay.getByRole("button", { name: "Success" }).click();
  // Verified by the server, the page reloads its data: the "Pay now" card gives way to the paid state.
  await expect(shopper.getByText(/Online Payment \(Test\): Paid/)).toBeVisible();
  await expect(shopper.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  await other.close();
});
