import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { outbox } from "../support/outbox";
import { embeddedDatabaseUrl } from "../support/shop-process.mjs";
import { customLine } from "../support/cart-lines";
import { codCheckoutBody, placeCodOrder, postCheckout } from "./checkout-request";
import { e2eDataDir as dataDir, expect, shopProduct, test } from "./fixtures";

// Reviews from buyers (issue 29), on a phone: a delivered order, the review request's e-mail link, a review with
// a photo, the admin publishes it, the product page shows it with its photo and the new average; withdrawn, it
// disappears.

test.use({
  adminCredentials: { email: "reviews-admin@neonlights.in", password: "honest stars only please" },
});

const { product, query } = shopProduct("where is_active order by created_at asc");

test("a buyer's review with a photo: e-mail link, moderation, product page, withdrawal", async ({
  browser,
  baseURL,
  newAdminPage,
}) => {
  const placed = await placeCodOrder(baseURL!, product.id);
  expect(placed.status).toBe(201);
  const token = placed.checkout!.orderPages[0]!.path.split("/").pop()!;
  // Delivered four days ago (the request is due three days after delivery).
  const { rows } = await query<{ id: string }>(
    "update orders set status = 'delivered', payment_status = 'paid' where access_token = $1 returning id",
    [token],
  );
  await query(
    "insert into order_status_history (order_id, field, from_value, to_value, created_at) values ($1, 'status', 'dispatched', 'delivered', now() - interval '4 days')",
    [rows[0]!.id],
  );
  const out = execFileSync("npx", ["tsx", "scripts/review-requests.ts"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      DATABASE_URL: embeddedDatabaseUrl(dataDir),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL!,
    },
    encoding: "utf8",
  });
  expect(out).toMatch(/[1-9]\d* mailed/);
  const mail = outbox(dataDir)
    .mails()
    .find((m) => m.includes("/review/"))!;
  const link = /https?:\/\/\S+\/review\/[A-Za-z0-9_-]{43}/.exec(mail)![0];

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shopper = await phone.newPage();
  await shopper.goto(new URL(link).pathname);
  await expect(shopper.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await expect(shopper.getByRole("heading", { name: product.name })).toBeVisible();
  await shopper.getByLabel("4 stars").check();
  await shopper.getByLabel("Title").fill("Glows beautifully");
  await shopper.getByLabel("Your review").fill("Bright and even light, packed well, hung it in ten minutes.");
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#ff1493" } })
    .jpeg()
    .toBuffer();
  await shopper
    .getByLabel(/^Photos/)
    .setInputFiles({ name: "wall.jpg", mimeType: "image/jpeg", buffer: photo });
  await shopper.screenshot({ path: "test-results/reviews-form-390.png", fullPage: true });
  await shopper.getByRole("button", { name: "Send review" }).click();
  await expect(shopper.getByText(/checked against our review policy/).first()).toBeVisible();
  await expect(shopper.getByText("Waiting for moderation")).toBeVisible();

  // The product page shows no stars yet: nothing is published.
  await shopper.goto(`/products/${product.id}`);
  await expect(shopper.getByText("No reviews yet.")).toBeVisible();

  const admin = await newAdminPage();
  await admin.goto("/admin/reviews");
  await expect(admin.getByRole("heading", { name: "Reviews" })).toBeVisible();
  const queued = admin.getByRole("listitem").filter({ hasText: "Glows beautifully" });
  await expect(queued.getByRole("img", { name: "Photo 1 of the review" })).toBeVisible();
  await admin.screenshot({ path: "test-results/reviews-admin-1280.png", fullPage: true });
  await queued.getByRole("button", { name: "Publish" }).click();
  await expect(admin.getByText("Review published.").first()).toBeVisible();

  await shopper.goto(`/products/${product.id}`);
  const reviews = shopper.getByRole("region", { name: "Customer reviews" });
  await expect(reviews.getByText("1 review from verified buyers")).toBeVisible();
  await expect(reviews.getByText("Glows beautifully")).toBeVisible();
  await expect(reviews.getByText("Verified purchase")).toBeVisible();
  await expect(reviews.getByRole("img", { name: /^Photo 1 by / })).toBeVisible();
  await expect(shopper.getByText("Rated 4.0 out of 5 from 1 review")).toBeAttached();
  const ld = await shopper.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld!)[0]).toMatchObject({
    aggregateRating: { ratingValue: 4, reviewCount: 1 },
    review: [expect.objectContaining({ name: "Glows beautifully" })],
  });
  await reviews.scrollIntoViewIfNeeded();
  await shopper.screenshot({ path: "test-results/reviews-product-390.png", fullPage: true });

  // The private order page shows the review's state, and its link leads back to the review page.
  await shopper.goto(`/orders/${token}`);
  const card = shopper.getByRole("list", { name: "Your reviews" });
  await expect(card.getByText("Published")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shopper.screenshot({ path: "test-results/reviews-order-page-390.png", fullPage: true });
  // The author withdraws it through the order page's link: gone from the product page and its stars.
  await shopper.getByRole("link", { name: "See or withdraw your review" }).click();
  await expect(shopper.getByRole("heading", { name: "Review your order" })).toBeVisible();
  await shopper.getByRole("button", { name: "Withdraw my review" }).click();
  await expect(shopper.getByText("Withdrawn by the author")).toBeVisible();
  await shopper.goto(`/products/${product.id}`);
  await expect(shopper.getByText("No reviews yet.")).toBeVisible();
  await expect(shopper.getByText(/Rated .* out of 5/)).toHaveCount(0);
  await phone.close();
});

test("the review page works without JavaScript: field errors, then the review sent", async ({
  browser,
  baseURL,
}) => {
  const placed = await placeCodOrder(baseURL!, product.id);
  const token = placed.checkout!.orderPages[0]!.path.split("/").pop()!;
  const { rows } = await query<{ id: string }>(
    "update orders set status = 'delivered', payment_status = 'paid' where access_token = $1 returning id, customer_email",
    [token],
  );
  await query(
    "insert into order_status_history (order_id, field, from_value, to_value, created_at) values ($1, 'status', 'dispatched', 'delivered', now() - interval '4 days')",
    [rows[0]!.id],
  );
  execFileSync("npx", ["tsx", "scripts/review-requests.ts"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      DATABASE_URL: embeddedDatabaseUrl(dataDir),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL!,
    },
    encoding: "utf8",
  });
  const [{ id: requestId }] = (
    await query<{ id: string }>("select id from review_requests where order_id = $1", [rows[0]!.id])
  ).rows as [{ id: string }];
  const file = outbox(dataDir)
    .files("", ".eml")
    .find((f) => f.includes(requestId))!;
  const link = /https?:\/\/\S+\/review\/[A-Za-z0-9_-]{43}/.exec(
    outbox(dataDir)
      .read(file)
      .replace(/=\r?\n/g, ""),
  )![0];

  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await noJs.newPage();
  await page.goto(new URL(link).pathname);
  await page.getByLabel("Title").fill("No script needed");
  await page.getByLabel("Your review").fill("short");
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByText("Choose a rating from 1 to 5 stars")).toBeVisible();
  await expect(page.getByText("Please write at least 10 characters")).toBeVisible();
  await page.getByLabel("5 stars").check();
  await page.getByLabel("Title").fill("No script needed");
  await page.getByLabel("Your review").fill("Works in any browser, and the sign is lovely.");
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByText(/checked against our review policy/).first()).toBeVisible();
  await expect(page.getByText("Waiting for moderation")).toBeVisible();
  await noJs.close();
});

test("a custom design's photo among 'Signs our buyers made' on the customiser, reviewed from the order page", async ({
  browser,
  baseURL,
  newAdminPage,
}) => {
  const placed = await postCheckout(baseURL!, codCheckoutBody([customLine("CHAI & CHILL")]));
  expect(placed.status).toBe(201);
  const token = placed.checkout!.orderPages[0]!.path.split("/").pop()!;
  await query(
    "update custom_neon_orders set status = 'delivered', payment_status = 'paid' where access_token = $1",
    [token],
  );

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shopper = await phone.newPage();
  await shopper.goto(`/orders/${token}`);
  await expect(shopper.getByText("Not reviewed yet")).toBeVisible();
  await shopper.getByRole("link", { name: "Write a review" }).click();
  await shopper.getByLabel("5 stars").check();
  await shopper.getByLabel("Title").fill("Our cafe's favourite corner");
  await shopper
    .getByLabel("Your review")
    .fill("The custom text came out exactly like the preview, very bright.");
  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#7c3aed" } })
    .jpeg()
    .toBuffer();
  await shopper
    .getByLabel(/^Photos/)
    .setInputFiles({ name: "cafe.jpg", mimeType: "image/jpeg", buffer: photo });
  await shopper.getByLabel("The shop may show my photos among its customer photos.").check();
  await shopper.getByRole("button", { name: "Send review" }).click();
  await expect(shopper.getByText("Waiting for moderation")).toBeVisible();

  const admin = await newAdminPage();
  await admin.goto("/admin/reviews");
  await admin
    .getByRole("listitem")
    .filter({ hasText: "Our cafe's favourite corner" })
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(admin.getByText("Review published.").first()).toBeVisible();
  await admin.goto("/admin/settings/reviews");
  await admin.getByRole("heading", { name: "Reviews" }).scrollIntoViewIfNeeded();
  await expect(admin.getByLabel("Publishing")).toHaveValue("moderate");
  await admin.screenshot({ path: "test-results/reviews-settings-1280.png" });

  await shopper.goto("/customize");
  const strip = shopper.getByRole("region", { name: "Signs our buyers made" });
  await expect(
    strip.getByRole("img", { name: /^Custom sign, photo by Test S\. \(5 stars\)$/ }).first(),
  ).toBeVisible();
  await expect(strip.locator("img").first()).toHaveAttribute("loading", "lazy");
  await strip.scrollIntoViewIfNeeded();
  await shopper.screenshot({ path: "test-results/reviews-customize-390.png", fullPage: true });
  const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await wide.newPage();
  await desk.goto("/customize");
  await expect(desk.getByRole("heading", { name: "Signs our buyers made" })).toBeVisible();
  await desk.screenshot({ path: "test-results/reviews-customize-1280.png", fullPage: true });
  await desk.goto("/");
  await expect(desk.getByRole("heading", { name: "What Our Customers Say" })).toBeVisible();
  await desk.screenshot({ path: "test-results/reviews-home-1280.png", fullPage: true });
  await desk.goto("/review-policy");
  await expect(desk.getByRole("heading", { name: "Review policy" })).toBeVisible();
  await expect(desk.getByRole("contentinfo").getByRole("link", { name: "Review Policy" })).toBeVisible();
  await desk.screenshot({ path: "test-results/reviews-policy-1280.png", fullPage: true });
  await shopper.goto("/");
  await shopper.screenshot({ path: "test-results/reviews-home-390.png", fullPage: true });
  await wide.close();
  await phone.close();
});
