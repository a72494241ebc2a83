import crypto from "node:crypto";
import { embeddedClient } from "../support/app-process";
import { e2eDataDir, expect, shopDatabase, test } from "./fixtures";

// Issue 27 items 5 and 7, issues 27/32 product facts: a made-to-order product can be ordered with its later
// date, its facts and declarations are on its page (and in its structured data), the shopper can ask on
// WhatsApp. (The admin's photo colours: tests/integration/product-facts.test.ts.)
const shots = process.env.SHOTS_DIR ?? "/tmp/shots-helper7";
const query = shopDatabase();
// One product per worker (a spec's tests may run on two workers, each with its own beforeAll).
const NAME = `E2E Made To Order Cafe Sign ${crypto.randomBytes(3).toString("hex")}`;
let id = "";
// Dated just after the oldest product (not the oldest: others pick that), so it is last in newest-first lists;
// made inactive after the spec, on a connection of its own (the spec's closes first).

test.afterAll(async () => {
  const client = await embeddedClient(e2eDataDir);
  try {
    await client.query("update products set is_active = false where id = $1", [id]);
  } finally {
    await client.end();
  }
});

test.beforeAll(async () => {
  const r = await query<{ id: string }>(
    `insert into products (name, description, category_id, medium_price, medium_mrp, large_price, large_mrp,
       stock_quantity, default_color, when_sold_out, made_to_order_days, facts, created_at)
     select $1, 'A warm cafe sign.', category_id, 2999, 3999, 4499, 5499, 0, 'Orange', 'made-to-order', 6,
       '{"sizesCm": {"M": {"w": 32, "h": 18}}, "weight": "1.1 kg", "placement": "outdoor"}'::jsonb,
       (select min(created_at) + interval '1 second' from products)
     from products order by created_at limit 1 returning id`,
    [NAME],
  );
  id = r.rows[0]!.id;
  // Two photos of an existing product: the first Orange, the second White.
  await query(
    `insert into product_images (product_id, image_key, width, height, alt_text, color, display_order)
     select $1, image_key, width, height, alt_text, case when display_order = 1 then 'Orange' else null end, display_order
     from product_images where product_id = (select product_id from product_images where product_id <> $1
       group by product_id having count(*) >= 2 order by product_id limit 1)
       and display_order <= 2`,
    [id],
  );
});

for (const width of [390, 1280]) {
  test(`at ${width} px: made to order can be added with its later date; facts, declarations and WhatsApp`, async ({
    browser,
  }) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`/products/${id}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByText("Made to order", { exact: true })).toBeVisible();
    await expect(page.getByTestId("made-to-order")).toContainText("ships 6 business days later");
    await expect(page.getByText("MRP inclusive of all taxes")).toBeVisible();

    const facts = page.getByRole("region", { name: "Product facts" });
    await expect(facts).toContainText("Medium: 32 × 18 cm");
    await expect(facts).toContainText("Large: 46 × 46 cm");
    await expect(facts).toContainText("1.1 kg");
    await expect(facts).toContainText("Indoor and outdoor (IP65");
    await expect(facts).toContainText("LED neon sign");
    await expect(facts).toContainText("1 unit");
    await expect(facts).toContainText("Country of origin");
    await expect(facts).toContainText("India");
    await expect(facts).toContainText("Consumer care");

    const ask = page.getByRole("link", { name: "Ask us about this sign" });
    const href = new URL((await ask.getAttribute("href"))!);
    expect(href.host).toBe("wa.me");
    expect(href.pathname).toMatch(/^\/[1-9][0-9]{9,14}$/);
    expect(href.searchParams.get("text")).toContain(`"${NAME}"`);
    expect(href.searchParams.get("text")).toContain(`/products/${id}`);

    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent())!,
    ) as Record<string, unknown>[];
    expect(ld[0]).toMatchObject({
      width: { value: 32, unitCode: "CMT" },
      height: { value: 18, unitCode: "CMT" },
      weight: { value: 1.1, unitCode: "KGM" },
      countryOfOrigin: { name: "India" },
      // Made to order: orders are taken and the sign ships when made (the feeds' backorder; issue 46).
      offers: { availability: "https://schema.org/BackOrder" },
    });
    await page.screenshot({ path: `${shots}/product-made-to-order-${width}.png`, fullPage: false });
    await facts.scrollIntoViewIfNeeded();
    await facts.screenshot({ path: `${shots}/product-facts-${width}.png` });

    // The size cards keep the spec's size and add the sign's own width × height.
    const sizeCard = page.locator("label").filter({ has: page.getByRole("radio", { name: /Medium/ }) });
    await expect(sizeCard).toContainText("1ft x 1ft");
    await expect(sizeCard).toContainText("Sign: 32 × 18 cm");
    await sizeCard.screenshot({ path: `${shots}/size-card-${width}.png` });

    const add = page.getByRole("button", { name: "ADD TO CART" });
    await expect(add).toBeEnabled();
    await add.click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("neon-cart") ?? "")).toContain(id);
    // The cart drawer names the later making on the line, in the checkout's words.
    await page.getByRole("button", { name: "View cart" }).click();
    const drawer = page.getByRole("dialog", { name: /Shopping Cart/ });
    await expect(drawer.getByText("Made to order: +6 business days", { exact: true })).toBeVisible();
    await page.screenshot({ path: `${shots}/cart-drawer-made-to-order-${width}.png` });
    await page.keyboard.press("Escape");
    // The checkout names the later making on the line; its dates include it.
    await page.goto("/checkout");
    await expect(page.getByText("Made to order: +6 business days (in the dates below)")).toBeVisible();
    await page.screenshot({ path: `${shots}/checkout-made-to-order-${width}.png` });

    // The card in the list says so too, with its Select Options invitation.
    await page.goto(`/products?q=${encodeURIComponent(NAME)}`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: NAME }) });
    await expect(card.getByText("Made to order", { exact: true })).toBeVisible();
    await expect(card).toContainText("Made to order: +6 days");
    await expect(card.getByRole("link", { name: `Select Options: ${NAME}` })).toBeVisible();
    await card.screenshot({ path: `${shots}/card-made-to-order-${width}.png` });
    await page.close();
  });
}
