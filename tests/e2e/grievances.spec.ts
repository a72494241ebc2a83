import { outbox } from "../support/outbox";
import { cartLine, checkoutCod, fillCart } from "./checkout-form";
import { e2eDataDir as dataDir, expect, shopProduct, test } from "./fixtures";
import { allow } from "./time-allowed";

// The grievance desk (issue 32): a shopper raises a complaint from their order's page on a phone, gets a
// ticket number at once, staff reply from the admin's complaint inbox, and the shopper sees the reply on
// the ticket's private page.

test.use({
  adminCredentials: { email: "grievance-desk-admin@neonlights.in", password: "complaints answered in time" },
});

const PHONE = `7${String(Date.now()).slice(-9)}`;
const EMAIL = `complainer.${PHONE}@example.in`;
const { product } = shopProduct("where is_active order by name", 30);

test("a shopper raises a complaint from an order page, staff reply, the shopper sees the reply", async ({
  page,
  browser,
  newAdminPage,
}) => {
  // A long journey in three browsers (the shopper's phone, staff, a wide screen): about 30 s alone.
  test.setTimeout(allow(120_000));
  await fillCart(page, [cartLine(product, { quantity: 1 })]);
  const orderId = await checkoutCod(page, {
    name: "Meera Pillai",
    phone: PHONE,
    email: EMAIL,
    city: "Kochi",
    state: "Kerala",
    pincode: "682001",
  });
  const link = () => outbox(dataDir).link("orders", { prefix: "order-confirmation-", mention: orderId });
  await expect.poll(link, { timeout: 20_000 }).toMatch(/\/orders\/[0-9a-f]{64}$/);

  // On a phone: the order page's "Raise a complaint" opens the form with the order number filled in.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shopper = await phone.newPage();
  await shopper.goto(link());
  await shopper.getByRole("link", { name: "Raise a complaint" }).first().click();
  await expect(shopper.getByRole("heading", { level: 1, name: "Raise a complaint" })).toBeVisible();
  await expect(shopper.getByLabel("Order number (optional)")).toHaveValue(orderId);

  // Nothing filled in: each field says what is missing, and no ticket is made.
  await shopper.getByRole("button", { name: "Raise complaint" }).click();
  await expect(shopper.getByText("Please describe your complaint.")).toBeVisible();
  await expect(shopper.getByText("Choose what your complaint is about.")).toBeVisible();

  await shopper.getByLabel("What is it about?").selectOption({ label: "Damaged or faulty sign" });
  await shopper.getByLabel("What happened?").fill("The sign flickers and the left half stays dark.");
  await shopper.getByLabel("Full Name").fill("Meera Pillai");
  await shopper.getByLabel("Email Address").fill(EMAIL);
  await shopper.screenshot({ path: "test-results/complaint-form-390.png", fullPage: true });
  await shopper.getByRole("button", { name: "Raise complaint" }).click();

  const registered = shopper.getByRole("status").filter({ hasText: "Your complaint is registered as" });
  await expect(registered).toBeVisible();
  const number = (await registered.locator(".font-mono").textContent())!;
  expect(number).toMatch(/^GR-\d{4}-\d{6}$/);
  await expect(shopper).toHaveURL(/\/complaints\/[0-9a-f]{64}\?raised=1$/);
  await expect(shopper.getByRole("heading", { level: 1 })).toContainText(number);
  await expect(shopper.getByText(`Damaged or faulty sign · order ${orderId}`)).toBeVisible();
  const ticketUrl = shopper.url().replace(/\?raised=1$/, "");

  // Staff: the inbox lists it with its clocks; the ticket page ties it to the order; a reply goes out.
  const admin = await newAdminPage();
  await admin.goto("/admin/complaints");
  const row = admin
    .getByRole("list", { name: "Complaints" })
    .getByRole("listitem")
    .filter({ hasText: number });
  await expect(row).toContainText("Meera Pillai");
  await expect(row).toContainText("Acknowledge by");
  await admin.screenshot({ path: "test-results/admin-complaints-1280.png", fullPage: true });
  // The dashboard's to-do queue counts it.
  await admin.goto("/admin");
  const todo = admin
    .getByRole("list", { name: "To do" })
    .getByRole("link", { name: /Complaints to acknowledge/ });
  await expect(todo).toHaveAttribute("href", "/admin/complaints?status=new");
  await todo.click();
  await admin.screenshot({ path: "test-results/admin-complaints-new-1280.png", fullPage: true });
  await row.getByRole("link", { name: number }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toContainText(number);
  await expect(admin.getByRole("link", { name: orderId })).toBeVisible();
  await admin
    .getByLabel("Internal note (never shown to the shopper)")
    .fill("Batch 12 LED strip, check stock.");
  await admin.getByRole("button", { name: "Add note" }).click();
  await expect(admin.getByText("Batch 12 LED strip, check stock.")).toBeVisible();
  await admin
    .getByLabel("Reply (e-mailed and shown on the shopper's page)")
    .fill("Sorry about that! A replacement sign leaves our workshop tomorrow.");
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByRole("list", { name: "Messages" })).toContainText("A replacement sign leaves");
  await expect(admin.getByText("Acknowledged, being worked on")).toBeVisible();
  await admin.screenshot({ path: "test-results/admin-complaint-1280.png", fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: "test-results/admin-complaint-390.png", fullPage: true });

  // The shopper's page shows the reply, never the note; the reply also reached their mailbox.
  const res = await shopper.goto(ticketUrl);
  // The link is the key: never cached, never sent on as a referrer, never indexed.
  expect(res!.headers()).toMatchObject({
    "cache-control": "private, no-store",
    "referrer-policy": "no-referrer",
    "x-robots-tag": "noindex",
  });
  const thread = shopper.getByRole("list", { name: "Messages" });
  await expect(thread).toContainText("A replacement sign leaves our workshop tomorrow.");
  await expect(thread).not.toContainText("Batch 12");
  await expect(shopper.getByText("Acknowledged, being worked on")).toBeVisible();
  await shopper.screenshot({ path: "test-results/complaint-page-390.png", fullPage: true });
  await expect
    .poll(
      () =>
        outbox(dataDir)
          .mails()
          .some((m) => m.includes(`We have replied to your complaint ${number}`)),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);

  const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await wide.newPage();
  await desk.goto(ticketUrl);
  await expect(desk.getByRole("list", { name: "Messages" })).toContainText("A replacement sign leaves");
  await desk.screenshot({ path: "test-results/complaint-page-1280.png", fullPage: true });
  await desk.goto(`/complaints/new?order=${orderId}`);
  await desk.screenshot({ path: "test-results/complaint-form-1280.png", fullPage: true });
  // The contact page names the grievance officer and links to the form.
  for (const [p, width] of [
    [desk, 1280],
    [shopper, 390],
  ] as const) {
    await p.goto("/contact");
    await expect(p.getByRole("main").getByRole("link", { name: "Raise a complaint" })).toHaveAttribute(
      "href",
      "/complaints/new",
    );
    await p.screenshot({ path: `test-results/contact-${width}.png`, fullPage: true });
  }
  await wide.close();
  await phone.close();
});
