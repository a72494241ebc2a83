import type pg from "pg";
import sharp from "sharp";
import { embeddedClient } from "../support/shop-process.mjs";
import { fillCheckoutForm } from "./checkout-form";
import { e2eDataDir as dataDir, expect, test } from "./fixtures";

// The own-wall photo leaves the browser only when the shopper ticks "Attach this photo to my order":
// then it travels with the order (checked and re-encoded) and staff see it in the custom order's details.

test.use({
  adminCredentials: { email: "wall-admin@neonlights.in", password: "walls with neon signs on them" },
});

const PHONE = `9${String(Date.now()).slice(-9)}`;

let client: pg.Client;
test.beforeAll(async () => {
  client = await embeddedClient(dataDir);
});
test.afterAll(async () => client?.end());

test("a shopper attaches their wall photo to the order and staff see it", async ({ page, newAdminPage }) => {
  const photo = test.info().outputPath("wall.png");
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#9a8f80" } })
    .composite([
      {
        input: await sharp({ create: { width: 210, height: 297, channels: 3, background: "#ffffff" } })
          .png()
          .toBuffer(),
        left: 500,
        top: 200,
      },
    ])
    .png()
    .toFile(photo);
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET") uploads.push(new URL(r.url()).pathname);
  });

  await page.goto("/customize");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("textbox", { name: "Your Text" }).fill("Home");
  await page.getByRole("button", { name: "On your own wall, to scale" }).click();
  await page.getByLabel("Choose a photo").setInputFiles(photo);
  const wall = page.getByRole("img", { name: /Your wall photo: mark a known length/ });
  await wall.scrollIntoViewIfNeeded();
  const box = (await wall.boundingBox())!;
  await page.mouse.click(box.x + (500 / 1200) * box.width, box.y + (200 / 800) * box.height);
  await page.mouse.click(box.x + (500 / 1200) * box.width, box.y + (497 / 800) * box.height);
  await page.getByLabel("A4 sheet, long side (29.7 cm)").check();
  await expect(page.getByRole("img", { name: 'Your wall with the sign "Home"' })).toBeVisible();
  expect(uploads).toEqual([]);
  await page.getByLabel(/Attach this photo to my order/).check();

  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillCheckoutForm(page, { name: "Farah Ali", phone: PHONE, email: `farah.${PHONE}@example.in` });
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);

  const r = await client.query(
    "select id, wall_photo_key from custom_neon_orders where customer_phone = $1",
    [`+91${PHONE}`],
  );
  expect(r.rows).toHaveLength(1);
  expect(r.rows[0].wall_photo_key).toMatch(/^[0-9a-f]{32}$/);

  const admin = await newAdminPage();
  await admin.goto(`/admin/custom-neon?order=${r.rows[0].id}`);
  const section = admin.getByRole("region", { name: "Shopper's Wall Photo" });
  await expect(section.getByRole("img", { name: /The shopper's wall with the sign/ })).toBeVisible();
  await expect
    .poll(() => section.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await section.screenshot({ path: "test-results/wall-photo-admin-1280.png" });
});
