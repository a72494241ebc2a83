import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { priceDesign } from "~/features/customizer/customizer";
import { customLine } from "../support/cart-lines";
import { outbox } from "../support/outbox";
import { embeddedDatabaseUrl } from "../support/shop-process.mjs";
import { cartLine, fillCart, fillCheckoutForm } from "./checkout-form";
import { e2eDataDir as dataDir, expect, shopProduct, test } from "./fixtures";
import { allow } from "./time-allowed";

// Issue 30 on a phone (decision 045): a shopper fills the cart (a ready-made sign and a custom one), gives a
// contact, ticks "Remind me about this cart" and leaves. The sweep (run once, as `npm run reminders:send` does)
// queues the first reminder; the shop's worker mails it; its link, opened in a fresh browser, puts the same cart
// back, custom design included, and the shopper places the order.

const PHONE = `8${String(Date.now()).slice(-9)}`;
const EMAIL = `neha.${PHONE}@example.in`;
const { product, query } = shopProduct("where is_active order by name", 30);

function runSweep(baseURL: string): string {
  return execFileSync("npx", ["tsx", "scripts/cart-reminders.ts"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      DATABASE_URL: embeddedDatabaseUrl(dataDir),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
    },
    encoding: "utf8",
  });
}

/** The restore link of the first reminder mailed to EMAIL, once the worker has written it. */
async function restoreLink(): Promise<string> {
  const find = () => {
    for (const text of outbox(dataDir).mails("cart-reminder-1-email"))
      if (text.includes(EMAIL) || text.includes("Neha")) {
        const m = /https?:\/\/\S+\/checkout\/restore\/[A-Za-z0-9_-]{43}/.exec(text);
        if (m) return m[0];
      }
    return "";
  };
  await expect.poll(find, { timeout: 20_000 }).toMatch(/\/checkout\/restore\//);
  return find();
}

test("a cart left at checkout with consent is reminded by e-mail and restored exactly on another phone", async ({
  browser,
  baseURL,
  newAdminPage,
}) => {
  // Three sweeps run as child processes (npx tsx) beside a dozen page loads: more than the default minute or two.
  test.setTimeout(allow(240_000));
  // The owner turns the reminders on (off until then) on the settings page.
  const owner = await newAdminPage(390);
  await owner.goto("/admin/settings/reminders");
  await expect(owner.getByRole("heading", { name: "Abandoned-Checkout Reminders" })).toBeVisible();
  await expect(owner.getByLabel("First reminder after (hours)")).toHaveValue("1");
  await expect(owner.getByLabel("Second reminder after (hours)")).toHaveValue("24");
  await owner.getByLabel("Cart reminders").selectOption("yes");
  await owner.getByRole("button", { name: "Save Settings" }).click();
  await expect(owner.getByText("Settings saved successfully")).toBeVisible();

  const preview = `data:image/jpeg;base64,${(
    await sharp({ create: { width: 160, height: 160, channels: 3, background: "#ff1493" } })
      .jpeg()
      .toBuffer()
  ).toString("base64")}`;
  const sign = customLine(
    "Neha's Studio",
    {
      font: "dancing-script",
      color: "blue",
      size: "L",
      hasDimmer: true,
      backingShape: "rectangle",
      previewImageUrl: preview,
    },
    { image: preview },
  );

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await fillCart(page, [cartLine(product, { quantity: 2, color: "Blue" }), sign]);
  await page.goto("/checkout");
  await fillCheckoutForm(page, { name: "Neha Kapoor", phone: PHONE, email: EMAIL });
  const consent = page.getByLabel(/Remind me about this cart by e-mail/);
  await expect(consent).not.toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/checkout/remember") && r.request().method() === "POST",
  );
  // Every save this page sends (a changed cart or contact saves again a second later) has been answered before
  // the row's clock is moved back below: a late one would set it to now again.
  const saves = { sent: 0, answered: 0, last: Date.now() };
  const isSave = (r: { url(): string }) => r.url().endsWith("/api/checkout/remember");
  const track = (r: { url(): string }, field: "sent" | "answered") => {
    if (!isSave(r)) return;
    saves[field]++;
    saves.last = Date.now();
  };
  page.on("request", (r) => track(r, "sent"));
  page.on("response", (r) => track(r, "answered"));
  await consent.check();
  expect((await saved).status()).toBe(200);
  await expect
    .poll(() => `${saves.answered}/${saves.sent}${Date.now() - saves.last > 1_500 ? " quiet" : ""}`, {
      timeout: 15_000,
    })
    .toBe(`${saves.sent}/${saves.sent} quiet`);
  await page
    .getByRole("heading", { name: "Customer Information" })
    .evaluate((h) => h.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: "test-results/checkout-recovery-390-consent.png" });
  await phone.close(); // the shopper leaves without ordering
  // A save sent as the page closed may still be on its way on a busy machine: wait until the saved row has not
  // changed for two seconds, so moving its clock back below is not undone by a late save.
  let last = "";
  await expect
    .poll(
      async () => {
        const { rows } = await query<{ at: string }>(
          "select updated_at::text as at from abandoned_checkouts where customer_email = $1",
          [EMAIL],
        );
        const now = rows.map((r) => r.at).join(",");
        const settled = now !== "" && now === last;
        last = now;
        return settled;
      },
      { timeout: 30_000, intervals: [2_000] },
    )
    .toBe(true);

  // An hour and more later (the row's clock moved back), the sweep queues the first reminder.
  await query(
    "update abandoned_checkouts set updated_at = updated_at - interval '2 hours', created_at = created_at - interval '2 hours' where customer_email = $1",
    [EMAIL],
  );
  // (The shop's own sweep runs every 5 minutes and may queue it first: the row says it went either way.)
  expect(runSweep(baseURL!)).toMatch(/\d+ first/);
  const firstSent = await query<{ sent: boolean }>(
    "select first_sent_at is not null as sent from abandoned_checkouts where customer_email = $1",
    [EMAIL],
  );
  expect(firstSent.rows[0]).toMatchObject({ sent: true });
  const link = await restoreLink();
  const raw = outbox(dataDir)
    .rawMails("cart-reminder-1-email")
    .find((m) => m.includes(EMAIL));
  expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

  // The restore page as a mail client's browser shows it before its script runs.
  const still = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const shown = await still.newPage();
  await shown.goto(new URL(link).pathname);
  await expect(shown.getByRole("heading", { name: "Welcome back: your cart is here" })).toBeVisible();
  await expect(shown.getByRole("list", { name: "Your saved cart" })).toContainText("Neha's Studio");
  await shown.screenshot({ path: "test-results/checkout-recovery-390-restore.png", fullPage: true });
  await still.close();

  // A fresh phone: the link puts the same cart back and opens the checkout.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const back = await other.newPage();
  await back.goto(new URL(link).pathname);
  await expect(back).toHaveURL(/\/checkout$/);
  await expect(back.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  const cart = await back.evaluate(() => JSON.parse(localStorage.getItem("neon-cart") ?? "[]"));
  // The same lines and design, at the shop's prices (the browser's ₹1 was never kept).
  const design = { text: "Neha's Studio", font: "dancing-script", color: "blue", size: "L" } as const;
  const signPrice = priceDesign({ ...design, hasDimmer: true, backingShape: "rectangle" }).total;
  expect(cart).toEqual([
    expect.objectContaining({ name: product.name, quantity: 2, price: product.medium_price }),
    { ...sign, image: preview, price: signPrice },
  ]);
  await expect(back.getByText(`Custom Neon: "Neha's Studio"`).first()).toBeVisible();
  // The contact typed beside the cart is back too (issue 42).
  await expect(back.getByLabel("Full Name")).toHaveValue("Neha Kapoor");
  await expect(back.getByLabel("Email Address")).toHaveValue(EMAIL);
  await expect(back.getByLabel("Phone Number")).toHaveValue(/\d{5} ?\d{5}$/);
  await back.screenshot({ path: "test-results/checkout-recovery-390-restored-checkout.png", fullPage: true });

  await fillCheckoutForm(back, { name: "Neha Kapoor", phone: PHONE, email: EMAIL });
  await back.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await back.getByRole("button", { name: "Place Order" }).click();
  await expect(back).toHaveURL(/\/order-confirmation\?orderId=NL[0-9A-F]{8}$/);

  // The next sweep sees the order: converted, and recovered since a reminder had gone. (The shop's own sweep runs
  // every 5 minutes and may have counted it first: the row says so either way.)
  expect(runSweep(baseURL!)).toMatch(/\d+ converted/);
  const { rows } = await query<{ recovered_amount: number | null; converted: boolean }>(
    "select recovered_amount, converted_at is not null as converted from abandoned_checkouts where customer_email = $1",
    [EMAIL],
  );
  expect(rows[0]).toMatchObject({ converted: true });
  expect(rows[0]!.recovered_amount).toBeGreaterThan(0);
  await other.close();
});
