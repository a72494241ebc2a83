import { expect, test, type Page } from "@playwright/test";
import type pg from "pg";
import sharp from "sharp";
import { embeddedClient } from "../support/app-process";
import { fillCheckoutForm } from "./checkout-form";

// Issue 18: "Can we make it?" checks, Hindi designs, and the preview staying in view on a phone.
const dataDir = process.env.E2E_DATA_DIR ?? "test-data/e2e-manual";
const textBox = (page: Page) => page.getByRole("textbox", { name: "Your Text" });
const preview = (page: Page) => page.getByRole("img", { name: /Neon sign preview/ });

async function open(page: Page) {
  await page.goto("/customize");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("a design that cannot be made cannot be added; the note says how to fix it", async ({ page }) => {
  await open(page);
  await textBox(page).fill("Happy Birthday");
  await page.getByRole("radio", { name: /^S Small/ }).click();
  const blocking = page.locator('[data-level="blocking"]');
  await expect(blocking).toContainText("Cannot be made:");
  await expect(blocking).toContainText("too small to bend");
  // The server's answer on the font's measured letters (issue 44): 4.8 cm high at Large (the estimate said Extra Large).
  await expect(blocking).toContainText("Choose Large (70 cm) or larger");
  const add = page.getByRole("button", { name: "Add to Cart" });
  await expect(add).toBeDisabled();
  await expect(page.getByRole("button", { name: "Buy Now" })).toBeDisabled();
  await expect(add).toHaveAccessibleDescription(/too small to bend/);
  await add.click({ force: true });
  expect(await page.evaluate(() => localStorage.getItem("neon-cart") ?? "[]")).toBe("[]");

  // The fix it suggests makes the design orderable.
  await page.getByRole("radio", { name: /^L Large/ }).click();
  await expect(blocking).toHaveCount(0);
  await expect(add).toBeEnabled();

  // A borderline design can be ordered, with the note shown.
  await textBox(page).fill("YOUR TEXT");
  await page.getByRole("radio", { name: /^S Small/ }).click();
  await expect(page.locator('[data-level="borderline"]')).toContainText("Please note:");
  await expect(add).toBeEnabled();
});

test("where the measured letters overrule the quick estimate, the measurement decides and the page says so", async ({
  page,
}) => {
  await open(page);
  await textBox(page).fill("Let's Party Tonight");
  const note = page.getByTestId("measured-note");
  await expect(note).toContainText(
    /Measured on the font's own letters: the smallest are \d\.\d cm high at Medium/,
  );
  await expect(note).toContainText("the quick estimate said about 2.0 cm. The measurement decides.");
  await expect(page.locator('[data-level="blocking"]')).toHaveCount(0);
  await expect(page.locator('[data-level="borderline"]')).toContainText("small loops may close up");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("neon-cart") ?? "[]")).toContain("Party");
  await page.screenshot({ path: test.info().outputPath("measured-note.png"), fullPage: true });
});

test("Hindi typed in a Latin font switches to Baloo 2, saying so; it is drawn, priced by akshara, added and ordered (COD)", async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (/\.woff2(\?|$)/.test(r.url())) fonts.push(new URL(r.url()).pathname);
  });
  await open(page);
  await textBox(page).fill("शुभ विवाह मुबारक"); // 11 aksharas: शु भ ␠ वि वा ह ␠ मु बा र क
  // Orbitron has no Hindi letters: the customiser switches to a Hindi font and says so (issue 27).
  await expect(page.getByText("Switched to Baloo 2 (हिन्दी): Orbitron has no Hindi letters.")).toBeVisible();
  await expect(page.locator('[data-level="blocking"]')).toHaveCount(0);

  await page.getByRole("combobox", { name: "Font Style" }).click();
  await expect(page.getByRole("option")).toHaveText(["Rajdhani", "Baloo 2 (हिन्दी)", "Yatra One (हिन्दी)"]);
  await page.getByRole("option", { name: /Baloo 2/ }).click();
  await page.getByRole("radio", { name: /^L Large/ }).click();
  await expect(page.locator('[data-level="blocking"]')).toHaveCount(0);
  await expect(page.getByText("11 characters")).toBeVisible();
  const lines = page.locator('dl[aria-label="Price Breakdown"] > div');
  await expect(lines.nth(1)).toContainText("Extra characters (1 × ₹50)");
  await expect(lines.last()).toContainText("₹4,549");
  await expect
    .poll(() => fonts.some((f) => f.startsWith("/assets/baloo-2-devanagari-400-normal")))
    .toBe(true);
  await expect(preview(page)).toHaveAttribute("aria-label", /"शुभ विवाह मुबारक" in Baloo 2/);
  await page.waitForTimeout(300);
  await preview(page).screenshot({ path: test.info().outputPath("hindi-preview.png") });

  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/checkout$/, { timeout: 20_000 });
  await expect(page.getByTestId("order-total")).toHaveText("₹4,848");
  await fillCheckoutForm(page, {
    name: "Meera Joshi",
    phone: "+91 91234 56780",
    email: "meera@example.in",
  });
  await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order Placed Successfully!", { exact: true })).toBeVisible();
  // A checkout with only a custom line is named after its custom order (no NL prefix).
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=[0-9A-F]{8}$/);
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  const client: pg.Client = await embeddedClient(dataDir);
  try {
    const row = (
      await client.query(
        "select custom_text, font_style, size, total_amount, payment_method, make_warnings from custom_neon_orders where upper(split_part(id::text, '-', 1)) = $1",
        [orderId],
      )
    ).rows[0];
    expect(row).toEqual({
      custom_text: "शुभ विवाह मुबारक",
      font_style: "baloo-2",
      size: "L",
      // Below ₹5,000: standard delivery ₹299 and the cash-on-delivery charge ₹50 (issue 15).
      total_amount: 4549 + 299 + 50,
      payment_method: "cod",
      make_warnings: null,
    });
  } finally {
    await client.end();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the preview and the total stay in view while typing and picking options, with no layout shift", async ({
    page,
  }) => {
    await open(page);
    await page.evaluate(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const inView = async () => {
      const box = (await preview(page).boundingBox())!;
      return box.y >= 60 && box.y + box.height <= 844;
    };
    await textBox(page).fill("Chai & Chill");
    await expect(page.getByTestId("sticky-total")).toHaveText("Total ₹3,099");
    await page.screenshot({ path: test.info().outputPath("phone-typing.png") });

    await page.getByRole("radio", { name: /^XL Extra Large/ }).scrollIntoViewIfNeeded();
    await page.getByRole("radio", { name: /^XL Extra Large/ }).tap();
    await expect(page.getByTestId("sticky-total")).toHaveText("Total ₹7,099");
    await expect(page.getByTestId("sticky-total")).toBeInViewport();
    expect(await inView()).toBe(true);
    await page.getByRole("checkbox", { name: /Add Dimmer/ }).scrollIntoViewIfNeeded();
    await page.getByRole("checkbox", { name: /Add Dimmer/ }).tap();
    await expect(page.getByTestId("sticky-total")).toHaveText("Total ₹7,598");
    expect(await inView()).toBe(true);
    // The options are not hidden under the card: the one just tapped is visible below it.
    const card = (await preview(page).boundingBox())!;
    const dimmer = (await page.getByRole("checkbox", { name: /Add Dimmer/ }).boundingBox())!;
    expect(dimmer.y).toBeGreaterThan(card.y + card.height);
    await page.screenshot({ path: test.info().outputPath("phone-options.png") });
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.02);
  });
});

test("room scenes are fetched only when picked and draw the sign at its true width", async ({ page }) => {
  const scenes: string[] = [];
  page.on("request", (r) => {
    if (/\.webp(\?|$)/.test(r.url())) scenes.push(new URL(r.url()).pathname);
  });
  await open(page);
  await textBox(page).fill("Sweet Dreams");
  await page.waitForLoadState("networkidle");
  expect(scenes).toEqual([]);
  const signWidth = async () => Number((await preview(page).getAttribute("data-sign-box"))!.split(",")[2]);
  const canvasWidth = async () => (await preview(page).boundingBox())!.width;

  await page.getByRole("radio", { name: /Bedroom/ }).click();
  await expect(preview(page)).toHaveAttribute("aria-label", /in the Bedroom scene/);
  await expect.poll(() => scenes.some((s) => /\/assets\/bedroom-[\w-]+\.webp$/.test(s))).toBe(true);
  expect(scenes.some((s) => /cafe|wedding/.test(s))).toBe(false);
  // Medium is 50 cm of the picture's 320 cm.
  await expect.poll(async () => (await signWidth()) / (await canvasWidth())).toBeCloseTo(50 / 320, 2);
  await page.waitForTimeout(200);
  await preview(page).screenshot({ path: test.info().outputPath("bedroom-M.png") });
  await page.getByRole("radio", { name: /^XL Extra Large/ }).click();
  await expect.poll(async () => (await signWidth()) / (await canvasWidth())).toBeCloseTo(100 / 320, 2);

  await page.getByRole("radio", { name: /Wedding stage/ }).click();
  await expect.poll(async () => (await signWidth()) / (await canvasWidth())).toBeCloseTo(100 / 600, 2);
  await page.waitForTimeout(200);
  await preview(page).screenshot({ path: test.info().outputPath("wedding-XL.png") });
  await page.getByRole("radio", { name: /Café wall/ }).click();
  await expect.poll(async () => (await signWidth()) / (await canvasWidth())).toBeCloseTo(100 / 400, 2);
  await page.getByRole("switch", { name: "Lights" }).click();
  await page.waitForTimeout(200);
  await preview(page).screenshot({ path: test.info().outputPath("cafe-XL-off.png") });
});

test("on your own wall: mark an A4 sheet, the sign is drawn at its true width, dragged, pinched to another size, downloaded; the photo is not uploaded", async ({
  page,
}) => {
  // A wall photo 1200 × 800 px with an A4 sheet upright at 10 px per cm (210 × 297 px): 120 cm of wall.
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
  const scripts: string[] = [];
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    if (r.method() !== "GET") sent.push(`${r.method()} ${r.url()}`);
  });
  await open(page);
  await textBox(page).fill("Home");
  await page.waitForLoadState("networkidle");
  expect(scripts.some((s) => /own-wall/.test(s))).toBe(false);
  await page.getByRole("button", { name: "On your own wall, to scale" }).click();
  await expect.poll(() => scripts.some((s) => /own-wall/.test(s))).toBe(true);

  await page.getByLabel("Choose a photo").setInputFiles(photo);
  const wall = page.getByRole("img", { name: /Your wall photo: mark a known length/ });
  await expect(wall).toBeVisible();
  await wall.scrollIntoViewIfNeeded();
  const box = (await wall.boundingBox())!;
  const toPage = (x: number, y: number) =>
    [box.x + (x / 1200) * box.width, box.y + (y / 800) * box.height] as const;
  const a = toPage(500, 200);
  const b = toPage(500, 497);
  await page.mouse.click(...a);
  await page.mouse.click(...b);
  await page.getByLabel("A4 sheet, long side (29.7 cm)").check();
  await expect(page.getByTestId("wall-width")).toHaveText(/about 1(19|20|21) cm of wall/);

  const signed = page.getByRole("img", { name: 'Your wall with the sign "Home"' });
  const signBox = async () => (await signed.getAttribute("data-sign-box"))!.split(",").map(Number);
  // The marked length in CSS pixels is 29.7 cm: the 50 cm sign must be 50 / 29.7 of it.
  const markedPx = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const expected = (markedPx * 50) / 29.7;
  await expect.poll(async () => Math.abs((await signBox())[2]! / expected - 1)).toBeLessThan(0.02);
  await page.getByRole("radio", { name: /^L Large/ }).click();
  await expect
    .poll(async () => Math.abs((await signBox())[2]! / ((markedPx * 70) / 29.7) - 1))
    .toBeLessThan(0.02);

  // Drag the sign to the left third.
  const [x0] = await signBox();
  await signed.scrollIntoViewIfNeeded();
  const sb = (await signed.boundingBox())!;
  await page.mouse.move(sb.x + sb.width / 2, sb.y + sb.height * 0.35);
  await page.mouse.down();
  await page.mouse.move(sb.x + sb.width * 0.3, sb.y + sb.height * 0.6, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await signBox())[0]!).toBeLessThan(x0! - sb.width * 0.1);
  await page.waitForTimeout(200);
  await signed.screenshot({ path: test.info().outputPath("own-wall.png") });

  // Pinch (two pointers spreading from 80 to 140 px): 70 cm × 1.75 snaps to Extra Large.
  await signed.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const fire = (type: string, pointerId: number, clientX: number) =>
      el.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          pointerId,
          pointerType: "touch",
          clientX,
          clientY: y,
          isPrimary: pointerId === 11,
        }),
      );
    fire("pointerdown", 11, x - 40);
    fire("pointerdown", 12, x + 40);
    fire("pointermove", 12, x + 70);
    fire("pointermove", 12, x + 100);
    fire("pointerup", 12, x + 100);
    fire("pointerup", 11, x - 40);
  });
  await expect(page.getByRole("radio", { name: /^XL Extra Large/ })).toBeChecked();
  await expect
    .poll(async () => Math.abs((await signBox())[2]! / ((markedPx * 100) / 29.7) - 1))
    .toBeLessThan(0.02);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download picture" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("neon-on-my-wall.jpg");
  expect(sent).toEqual([]);
});
