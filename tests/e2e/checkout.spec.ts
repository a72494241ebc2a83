import { expect, test, type Page } from "@playwright/test";
import { customLine } from "../support/cart-lines";
import { cartLine, fillCart as putInCart, fillCheckoutForm } from "./checkout-form";
import { shopProduct } from "./fixtures";

// The e2e shop runs on its embedded database with no Razorpay keys: the built-in test gateway is on.
// Plenty of stock for every journey in this file.
const { product, stock, query } = shopProduct("where name = 'Game On Neon Sign'", 500);

/** Put lines in the cart the way the cart store keeps them (prices deliberately wrong: the server decides). */
async function fillCart(page: Page, opts: { price?: number; quantity?: number; custom?: boolean } = {}) {
  const items: unknown[] = [
    cartLine(product, { price: opts.price ?? product.medium_price, quantity: opts.quantity }),
  ];
  if (opts.custom) items.push(customLine("Hello", { hasDimmer: true }, { image: "/placeholder.svg" }));
  await putInCart(page, items);
}

const fillForm = (page: Page, name = "Asha Verma") => fillCheckoutForm(page, { name });

const cartLength = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("neon-cart") ?? "[]").length as number);

test("an empty cart shows the spec's message and a way back", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.removeItem("neon-cart"));
  await page.goto("/checkout");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByText("Add some items to your cart before proceeding to checkout.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" }).first()).toHaveAttribute(
    "href",
    "/products",
  );
});

test("cash on delivery: validation errors first, Delhi selectable, confirmation with the server's total", async ({
  page,
}) => {
  const before = await stock();
  // A tampered price of ₹1 in the cart: the summary and the order use the server's price.
  await fillCart(page, { price: 1, quantity: 2 });
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Customer Information" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Delivery Address" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Method" })).toBeVisible();
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  const submit = page.getByRole("button", { name: "Place Order" });
  await expect(submit).toBeVisible();
  // The shipping policy's rules: ₹299 standard delivery below ₹5,000 (free from it), ₹50 for cash on delivery.
  const goods = product.medium_price * 2;
  const totalRupees = goods + (goods >= 5000 ? 0 : 299) + 50;
  const expectedTotal = `₹${totalRupees.toLocaleString("en-IN")}`;
  await expect(page.getByTestId("order-total")).toHaveText(expectedTotal);

  await submit.click();
  await expect(page.getByText("Please enter your full name.")).toBeVisible();
  await expect(page.getByText("Please enter your phone number.")).toBeVisible();
  await expect(page.getByText("Please select your state.")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toBeFocused();
  await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");

  await fillForm(page);
  await page.getByLabel("PIN Code").fill("012345");
  await page.getByLabel("Phone Number").fill("12345");
  await submit.click();
  await expect(page.getByText("PIN code must be 6 digits and cannot start with 0.")).toBeVisible();
  await expect(page.getByText("Enter a valid 10-digit Indian mobile number.")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByLabel("PIN Code").fill("110001");
  await page.getByLabel("Phone Number").fill("98765 43210");
  await expect(page.getByLabel("State")).toHaveValue("delhi");
  await submit.click();

  await expect(page.getByText("Order Placed Successfully!", { exact: true })).toBeVisible();
  // A COD order waits for the shopper's confirmation: the toast, the page and the e-mail ask the same (issue 42).
  await expect(
    page.getByText(
      /is placed for Cash on Delivery\. Please confirm it by \d{1,2} \w+ at \d{1,2}:\d{2} [ap]m \(IST\)/,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=NL[0-9A-F]{8}$/);
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  await expect(page.getByRole("heading", { name: "Please Confirm Your Order" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Confirm my order" })).toHaveAttribute(
    "href",
    /^\/orders\/[0-9a-f]{64}\?cod=confirm#cod-confirmation$/,
  );
  await expect(page.getByText("1. Confirm Your Order")).toBeVisible();
  await expect(page.getByText(`#${orderId}`, { exact: true })).toBeVisible();
  await expect(page.getByText("Cash on Delivery", { exact: true })).toBeVisible();
  await expect(page.getByText(expectedTotal, { exact: true })).toBeVisible();
  await expect(page.getByText("12 MG Road, New Delhi, Delhi - 110001")).toBeVisible();
  await expect(page.getByText("7-14 business days")).toBeVisible();
  await expect(page.getByRole("heading", { name: "What Happens Next?" })).toBeVisible();
  expect(await cartLength(page)).toBe(0);

  const row = (
    await query(
      "select total_amount, payment_method, payment_status, status from orders where upper(split_part(id::text, '-', 1)) = $1",
      [orderId.slice(2)],
    )
  ).rows[0];
  expect(row).toEqual({
    total_amount: totalRupees,
    payment_method: "cod",
    payment_status: "pending",
    status: "pending",
  });
  expect(await stock()).toBe(before - 2);
});

test("online payment through the test gateway's Success marks the order paid", async ({ page }) => {
  // No script errors, hydration errors or CSP violations along the way.
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  await fillCart(page, { custom: true });
  await page.goto("/checkout");
  await fillForm(page, "Ravi Online");
  await page.getByRole("radio", { name: /Online Payment/ }).click();
  await page.getByRole("button", { name: "Pay Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Test payment" });
  await expect(dialog).toBeVisible();
  // Product (medium) + custom M with dimmer (2999 + 499) + one delivery fee (none from ₹5,000); no COD charge.
  const goods = product.medium_price + 2999 + 499;
  const total = goods + (goods >= 5000 ? 0 : 299);
  await expect(dialog).toContainText(`₹${total.toLocaleString("en-IN")}`);
  // UPI as Razorpay's window would offer it on a desktop (issue 46): a QR code to scan, never a UPI ID.
  const ways = dialog.getByRole("list", { name: "Ways to pay" });
  await expect(ways.getByRole("listitem").first()).toContainText("Scan a UPI QR code");
  await expect(ways).toContainText("Not offered: UPI ID (collect request)");
  await expect(ways).not.toContainText("Pay with a UPI app");
  await dialog.getByRole("button", { name: "Success" }).click();
  await expect(page.getByText("Order Placed Successfully!", { exact: true })).toBeVisible();
  await expect(
    page.getByText(/has been confirmed\. You'll receive a confirmation email shortly\./),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=NL[0-9A-F]{8}$/);
  await expect(page.getByText("Online Payment", { exact: true })).toBeVisible();
  // The total first, then what it is made of (the subtotal equals it when delivery is free).
  await expect(page.getByText(`₹${total.toLocaleString("en-IN")}`, { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel("Charges")).toContainText(
    goods >= 5000 ? "Delivery (Standard)Free" : "Delivery (Standard)₹299",
  );
  expect(await cartLength(page)).toBe(0);
  const r = await query("select payment_status, is_test from orders where customer_name = 'Ravi Online'");
  expect(r.rows).toEqual([{ payment_status: "paid", is_test: true }]);
  const c = await query(
    "select payment_status, is_test from custom_neon_orders where customer_name = 'Ravi Online'",
  );
  expect(c.rows).toEqual([{ payment_status: "paid", is_test: true }]);
  expect(problems).toEqual([]);
});

test("Failure and Close give the held stock back at once and keep the cart; paying later places a fresh order", async ({
  page,
}) => {
  const before = await stock();
  await fillCart(page);
  await page.goto("/checkout");
  await fillForm(page, "Meera Retry");
  await page.getByRole("radio", { name: /Online Payment/ }).click();
  const pay = page.getByRole("button", { name: "Pay Now" });
  const orders = async () =>
    (
      await query(
        "select payment_status, status from orders where customer_name = 'Meera Retry' order by created_at",
      )
    ).rows;

  await pay.click();
  const dialog = page.getByRole("dialog", { name: "Test payment" });
  await dialog.getByRole("button", { name: "Failure" }).click();
  await expect(page.getByText("Payment Failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Payment failed (test gateway: Failure was chosen).")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await cartLength(page)).toBe(1);
  await expect(pay).toBeEnabled();
  // The failed attempt no longer holds its unit.
  await expect.poll(orders).toEqual([{ payment_status: "pending", status: "cancelled" }]);
  expect(await stock()).toBe(before);

  await pay.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(pay).toBeEnabled();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await cartLength(page)).toBe(1);
  await expect.poll(orders).toEqual([
    { payment_status: "pending", status: "cancelled" },
    { payment_status: "pending", status: "cancelled" },
  ]);
  expect(await stock()).toBe(before);

  await pay.click();
  await dialog.getByRole("button", { name: "Success" }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  expect((await orders()).filter((o) => o.payment_status === "paid")).toHaveLength(1);
  expect(await stock()).toBe(before - 1);
});

test("on a phone the test gateway offers the UPI apps first, as Razorpay's window would (issue 46)", async ({
  browser,
}) => {
  const phone = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
  });
  const page = await phone.newPage();
  await fillCart(page);
  await page.goto("/checkout");
  await fillForm(page, "Upi Phone");
  await page.getByRole("radio", { name: /Online Payment/ }).click();
  await page.getByRole("button", { name: "Pay Now" }).click();
  const ways = page.getByRole("dialog", { name: "Test payment" }).getByRole("list", { name: "Ways to pay" });
  await expect(ways.getByRole("listitem").first()).toContainText("Pay with a UPI app");
  await expect(ways.getByRole("listitem").first()).toContainText("GPay, PhonePe, Paytm");
  await expect(ways).toContainText("Not offered: UPI ID (collect request)");
  await expect(ways).not.toContainText("Scan a UPI QR code");
  await page.getByRole("button", { name: "Close" }).click();
  await phone.close();
});

test("the payment script failing to load shows 'Payment Error'", async ({ page }) => {
  await page.route("**/test-gateway.js", (route) => route.abort());
  await fillCart(page);
  await page.goto("/checkout");
  await fillForm(page, "Script Blocked");
  await page.getByRole("radio", { name: /Online Payment/ }).click();
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page.getByText("Payment Error", { exact: true })).toBeVisible();
  await expect(page.getByText("Failed to initialize payment. Please try again.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay Now" })).toBeEnabled();
});

test("the confirmation page never looks an order up: a guessed id shows nobody's data", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.removeItem("lastOrderDetails"));
  await page.goto("/order-confirmation?orderId=NLDEADBEEF");
  await expect(page.getByText("#NLDEADBEEF")).toBeVisible();
  await expect(page.getByText("Address will be confirmed via call")).toBeVisible();
  await expect(page.getByText("7-14 business days")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
  await page.goto("/order-confirmation");
  await expect(page.getByText("#Unknown")).toBeVisible();
});

test("an out-of-stock line is named in the summary and refused; nothing is written", async ({ page }) => {
  const soldOut = (
    await query("select id, name, medium_price from products where name = 'Happy Hour Neon Sign'")
  ).rows[0];
  expect(soldOut).toBeDefined();
  await query("update products set stock_quantity = 0 where id = $1", [soldOut.id]);
  await putInCart(page, [cartLine(soldOut, { price: soldOut.medium_price, color: "Green" })]);
  await page.goto("/checkout");
  const message = '"Happy Hour Neon Sign" is out of stock. Please remove it from your cart.';
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  await fillForm(page, "Out Of Stock");
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order Failed", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  const r = await query("select count(*)::int n from orders where customer_name = 'Out Of Stock'");
  expect(r.rows[0].n).toBe(0);
});

// Issue 42: one set of dates. The preferred date box starts at the estimate's first day (later than the spec's
// today + 7 when business days skip a Sunday), and an earlier date is refused with the estimate's own dates.
test("the preferred delivery date agrees with the estimated delivery beside it", async ({ page }) => {
  await fillCart(page);
  await page.goto("/checkout");
  await fillForm(page);
  const box = page.getByLabel("Preferred Delivery Date");
  await expect.poll(async () => (await box.getAttribute("min")) ?? "").toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const specMin = new Date(Date.now() + (7 * 24 + 5.5) * 3_600_000).toISOString().slice(0, 10);
  await expect.poll(async () => (await box.getAttribute("min"))! > specMin).toBe(true);
  const min = (await box.getAttribute("min"))!;
  await box.fill(specMin);
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
  const shown = new Date(`${min}T00:00:00Z`).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  await expect(page.getByText(`The earliest delivery date is ${shown} (estimated delivery`)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});
