import type { Page } from "@playwright/test";
import { embeddedClient } from "../support/app-process";
import { fillCheckoutForm } from "./checkout-form";
import { expect, openOrder, test } from "./fixtures";
import { allow } from "./time-allowed";

const cartBadge = (page: Page) => page.getByTestId("cart-count");

async function openProduct(page: Page, name: string) {
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `View Details: ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test("browse, filter, search, choose options, add to cart and empty the cart from the drawer", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Shop Ready-Made Signs" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Premium Neon Collection");
  const cards = page.getByRole("list", { name: "Products" }).getByRole("listitem");
  await expect(cards).toHaveCount(16);

  await page
    .getByRole("navigation", { name: "Categories" })
    .getByRole("link", { name: "Gaming Zone" })
    .click();
  await expect(page).toHaveURL(/category=Gaming\+Zone/);
  await expect(cards).toHaveCount(3);
  for (const name of ["Game On Neon Sign", "Level Up Neon Sign", "Game Controller Neon Light"]) {
    await expect(cards.filter({ hasText: name })).toHaveCount(1);
  }

  const search = page.getByRole("searchbox", { name: "Search products" });
  await expect(search).toHaveAttribute("placeholder", "Search products...");
  await search.fill("level");
  await search.press("Enter");
  await expect(page).toHaveURL(/category=Gaming\+Zone&q=level/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Level Up Neon Sign");
  await expect(cards.first()).toContainText("Stock: 14");
  await expect(cards.first()).toContainText("₹2,699");

  // The card's links are plain links navigated in the app (app/ui/client-navigation.ts): no page reload.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("link", { name: "View Details: Level Up Neon Sign" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Level Up Neon Sign" })).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  const price = page.getByTestId("product-price");
  await expect(price).toHaveText("₹2,699");
  await page.getByRole("radio", { name: /L Large/ }).click();
  await expect(price).toHaveText("₹3,999");
  await page.getByRole("checkbox", { name: /Brightness Controller/ }).click();
  await expect(price).toHaveText("₹4,499");
  await page.getByLabel("Color").selectOption("Pink");

  await expect(cartBadge(page)).toHaveCount(0);
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await expect(page.getByText("Added to Cart!")).toBeVisible();
  await expect(page.getByText("Level Up Neon Sign has been added to your cart.")).toBeVisible();
  await expect(cartBadge(page)).toHaveText("1");

  await page.getByRole("button", { name: /^Cart/ }).click();
  const drawer = page.getByRole("dialog", { name: /Shopping Cart/ });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText("1 item");
  await expect(drawer).toContainText(
    "Size: Large (1.5ft x 1.5ft) · Colour: Pink · Brightness controller · Type: Standard",
  );
  await expect(drawer).toContainText("₹4,499");
  await drawer.getByRole("button", { name: "Increase quantity of Level Up Neon Sign" }).click();
  await expect(drawer).toContainText("2 items");
  await expect(drawer).toContainText("₹8,998");
  await drawer.getByRole("button", { name: "Decrease quantity of Level Up Neon Sign" }).click();
  await expect(drawer).toContainText("1 item");
  await drawer.getByRole("button", { name: "Decrease quantity of Level Up Neon Sign" }).click();
  await expect(drawer.getByText("Your cart is empty")).toBeVisible();
  await expect(cartBadge(page)).toHaveCount(0);
  await drawer.getByRole("link", { name: "Start Shopping" }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/products$/);
});

test("each add is its own line; the cart survives a reload; a broken stored cart is dropped", async ({
  page,
}) => {
  await openProduct(page, "Game On Neon Sign");
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await expect(cartBadge(page)).toHaveText("1");
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await expect(cartBadge(page)).toHaveText("2");

  await page.reload();
  await expect(cartBadge(page)).toHaveText("2");
  await page.goto("/contact");
  await expect(cartBadge(page)).toHaveText("2");
  await page.getByRole("button", { name: /^Cart/ }).click();
  const drawer = page.getByRole("dialog", { name: /Shopping Cart/ });
  await expect(drawer.getByRole("button", { name: /^Remove / })).toHaveCount(2);
  await expect(drawer).toContainText("Total:");
  await expect(drawer).toContainText("₹4,998");
  await drawer.getByRole("link", { name: "Continue Shopping" }).click();
  await expect(drawer).toBeHidden();
  // The products page has loaded (the reload below must not race the navigation).
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Premium Neon Collection");

  await page.evaluate(() => localStorage.setItem("neon-cart", '[{"id":1,"price":"free"}'));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Premium Neon Collection");
  await expect(cartBadge(page)).toHaveCount(0);
});

test("the cart drawer keeps keyboard focus inside and closes with Escape", async ({ page }) => {
  await openProduct(page, "Dream Big Neon Sign");
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  const cartButton = page.getByRole("button", { name: /^Cart/ });
  await cartButton.focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: /Shopping Cart/ });
  await expect(drawer).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(cartButton).toBeFocused();
});

test("copying a product link shows 'Link Copied!' and copies {host}/products/{id}", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto("/products?q=stay%20wild");
  const card = page.getByRole("list", { name: "Products" }).getByRole("listitem").first();
  const href = await card
    .getByRole("link", { name: "View Details: Stay Wild Neon Sign" })
    .getAttribute("href");
  await card.getByRole("button", { name: "Share Product" }).click();
  const wa = page.getByRole("link", { name: "Share on WhatsApp" });
  await expect(wa).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=Check%20out%20this%20amazing%20neon%20sign%3A%20Stay%20Wild/,
  );
  await expect(page.getByRole("link", { name: "Share on X" })).toHaveAttribute(
    "href",
    /twitter\.com\/intent\/tweet/,
  );
  await page.getByRole("button", { name: "Copy Link" }).click();
  await expect(page.getByText("Link Copied!")).toBeVisible();
  await expect(page.getByText("Product link has been copied to clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${href}`);
});

test("filter and search work from the URL alone (no JavaScript) and show the empty message", async ({
  request,
}) => {
  const html = await (await request.get("/products?category=bedroom&q=MOON")).text();
  expect(html).toContain("Moon &amp; Stars Neon Light");
  expect(html).not.toContain("Good Vibes Only Neon Sign");
  const none = await (await request.get("/products?q=zzzz-nothing")).text();
  expect(none).toContain("No products found matching your criteria.");
  expect(none).not.toContain("The search looked only in");
  // Searching inside a category says the category filter is on, and links to every category.
  const inCategory = await (await request.get("/products?category=bedroom&q=coffee")).text();
  expect(inCategory).toContain("No products found matching your criteria.");
  expect(inCategory).toContain("The search looked only in Bedroom.");
  expect(inCategory).toMatch(/href="\/products\?q=coffee"[^>]*>Search all categories</);
  const wildcard = await (await request.get("/products?q=%25")).text();
  expect(wildcard).toContain("No products found matching your criteria.");
});

test("the product page has its title, canonical, Open Graph image and Product/Offer JSON-LD in INR", async ({
  page,
}) => {
  await openProduct(page, "Happy Hour Neon Sign");
  await expect(page).toHaveTitle(/Happy Hour Neon Sign/);
  await expect(page.getByRole("button", { name: "OUT OF STOCK" })).toBeDisabled();
  await expect(page.getByText("In Stock", { exact: true })).toHaveCount(0);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/uploads\/.+\.webp$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products\/[0-9a-f-]{36}$/);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "[]",
  ) as Array<Record<string, unknown> & { offers?: Record<string, unknown> }>;
  const product = ld.find((x) => x["@type"] === "Product")!;
  expect(product.name).toBe("Happy Hour Neon Sign");
  expect(product.offers).toMatchObject({
    priceCurrency: "INR",
    price: 2599,
    availability: "https://schema.org/OutOfStock",
  });
  expect(ld.some((x) => x["@type"] === "BreadcrumbList")).toBe(true);
  // The FAQ is an accordion of eight questions that open with the keyboard.
  const summaries = page.locator("details > summary");
  await expect(summaries).toHaveCount(8);
  await summaries.first().focus();
  await page.keyboard.press("Enter");
  // The days are the shop settings' (decision 034): 2 to dispatch + 5-12 in transit by default.
  await expect(page.getByText(/Standard delivery takes 7-14 business days/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Similar Products" })).toBeVisible();
});

test("an inactive product answers 404 and the sitemap lists every active product and no inactive one", async ({
  page,
  request,
}) => {
  const client = await embeddedClient(process.env.E2E_DATA_DIR!);
  let hiddenId: string;
  // Other specs add and switch off products in the same shop meanwhile: compare with the active products
  // read just before and just after the sitemap is fetched.
  const activeNow = async () => {
    const c = await embeddedClient(process.env.E2E_DATA_DIR!);
    try {
      return new Set(
        (await c.query<{ id: string }>("select id from products where is_active")).rows.map((r) => r.id),
      );
    } finally {
      await c.end();
    }
  };
  try {
    const { rows } = await client.query<{ id: string }>(
      `insert into products (name, category_id, medium_price, medium_mrp, is_active)
       select 'Retired Neon Sign', id, 1999, 2499, false from categories order by name limit 1 returning id`,
    );
    hiddenId = rows[0]!.id;
  } finally {
    await client.end();
  }

  const res = await page.goto(`/products/${hiddenId}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
  await expect(
    page.getByText("The product you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Back to Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  expect((await request.get("/products/not-a-product")).status()).toBe(404);

  const before = await activeNow();
  const sitemap = await request.get("/sitemap.xml");
  const after = await activeNow();
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  const listed = [...xml.matchAll(/\/products\/([0-9a-f-]{36})</g)].map((m) => m[1]!);
  // Every product active throughout is listed; nothing listed was inactive throughout.
  for (const id of before) if (after.has(id)) expect(listed).toContain(id);
  for (const id of listed) expect(before.has(id) || after.has(id), id).toBe(true);
  expect(listed.length).toBeGreaterThan(0);
  expect(listed).not.toContain(hiddenId);
  for (const p of ["/customize", "/contact", "/privacy-policy", "/shipping-info"])
    expect(xml).toContain(`${p}</loc>`);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Disallow: \/admin/);
  expect(robots).toMatch(/Disallow: \/checkout/);
  expect(robots).toMatch(/Disallow: \/order-confirmation/);
});

test("home, contact and policy pages show the spec's content", async ({ page }) => {
  await page.goto("/");
  for (const h of ["Popular Categories", "Bestselling Neon Signs", "How It Works", "Who are we?"]) {
    await expect(page.getByRole("heading", { name: h })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: /Why Choose/ })).toBeVisible();
  await expect(page.getByText("10K+")).toBeVisible();
  await expect(page.getByRole("link", { name: "View All Categories" })).toHaveAttribute("href", "/products");
  await expect(page.getByRole("link", { name: "Start Customizing" })).toHaveAttribute("href", "/customize");
  await expect(page.getByRole("link", { name: "Get a Quote" })).toHaveAttribute("href", "/contact");
  const hero = page.locator("picture img").first();
  await expect(hero).toHaveAttribute("fetchpriority", "high");

  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Get in Touch");
  await expect(page.getByRole("heading", { name: "Business Hours" })).toBeVisible();
  await expect(page.getByText("Mon-Fri: 9:00 AM - 8:00 PM", { exact: true })).toBeVisible();
  // The call card states the same hours (from the settings; issue 42), not a second reading.
  await expect(
    page.getByText("Mon-Fri: 9:00 AM - 8:00 PM, Sat: 10:00 AM - 6:00 PM, Sun: Closed"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact: Email Us" })).toHaveAttribute("href", /^mailto:/);
  await expect(page.getByRole("link", { name: "Contact: Call Us" })).toHaveAttribute("href", /^tel:\+?\d+$/);
  await expect(page.getByRole("link", { name: "Contact: WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\d+/,
  );
  await expect(page.getByRole("link", { name: "Contact: WhatsApp" })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("heading", { name: "Visit Us" })).toBeVisible();

  for (const [path, title, section] of [
    ["/privacy-policy", "Privacy Policy", "Cookies and Local Storage"],
    ["/terms-of-service", "Terms of Service", "Governing Law"],
    ["/return-policy", "Return Policy", "International Returns"],
    ["/shipping-info", "Shipping Info", "Delivery Attempts"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/^Last updated: \d{1,2} [A-Z][a-z]+ 20\d\d$/)).toBeVisible();
    await expect(page.getByRole("heading", { name: new RegExp(section) })).toBeVisible();
  }
});

test("offer banners: OFFER label, scroll hint, a click opens the link in a new tab, a drag does not", async ({
  page,
}) => {
  await page.goto("/products");
  const offers = page.getByRole("region", { name: "Offers" });
  await expect(offers.getByText("OFFER", { exact: true })).toHaveCount(3);
  await expect(offers.getByText("← Scroll to see more offers →")).toBeVisible();
  const banner = offers.getByRole("link", { name: /^OFFER Festive Sale: Flat 20% Off/ });
  await expect(banner).toHaveAttribute("target", "_blank");

  const popup = page.waitForEvent("popup");
  await banner.click();
  const opened = await popup;
  await opened.waitForLoadState();
  expect(new URL(opened.url()).pathname).toBe("/products");
  await opened.close();

  let popups = 0;
  page.on("popup", () => popups++);
  const box = (await banner.boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 90);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + 90, { steps: 4 });
  await page.mouse.up();
  // A plain click after the drag opens the banner: once its tab is there, one the drag opened would be too.
  const clicked = page.waitForEvent("popup");
  await banner.click();
  await (await clicked).close();
  expect(popups).toBe(1);
  await expect(page).toHaveURL(/\/products$/);
});

test("opening a similar product starts from its own defaults", async ({ page }) => {
  await openProduct(page, "Good Vibes Only Neon Sign");
  await page.getByRole("radio", { name: /XL Extra Large/ }).click();
  await expect(page.getByTestId("product-price")).toHaveText("₹5,499");
  const similar = page.getByRole("region", { name: "Similar Products" });
  await similar.getByRole("link", { name: "View Details: Moon & Stars Neon Light" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Moon & Stars Neon Light" })).toBeVisible();
  await expect(page.getByTestId("product-price")).toHaveText("₹2,199");
  await expect(page.getByRole("radio", { name: /M Medium/ })).toBeChecked();
  // Moon & Stars has no XL price, so XL is not offered.
  await expect(page.getByRole("radio", { name: /XL Extra Large/ })).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`at ${width} px the add-to-cart toast keeps off the cart button and ADD TO CART, with View cart and Checkout`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    // No slide-in, so the screenshot shows the toast as it settles.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openProduct(page, "Good Vibes Only Neon Sign");
    await page.getByRole("button", { name: "ADD TO CART" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Added to Cart!" });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole("button", { name: "View cart" })).toBeVisible();
    await expect(toast.getByRole("button", { name: "Checkout" })).toBeVisible();
    await expect(cartBadge(page)).toHaveText("1");
    const box = (await toast.boundingBox())!;
    const cartButton = (await page.getByRole("button", { name: /^Cart/ }).boundingBox())!;
    const add = (await page.getByRole("button", { name: "ADD TO CART" }).boundingBox())!;
    // Clear of the header's cart button and its count, and of the button just pressed (issue 42: a phone's
    // toasts at the top under the header, a wide screen's at the bottom right unless the button is there).
    expect(box.y).toBeGreaterThan(cartButton.y + cartButton.height);
    expect(box.y > add.y + add.height || box.y + box.height < add.y).toBe(true);
    await page.screenshot({ path: `test-results/storefront-cart-toast-${width}.png` });

    // The header's cart button answers while the toast is showing (and the pointer rests on it).
    await toast.hover();
    await page.getByRole("button", { name: /^Cart/ }).click();
    const drawer = page.getByRole("dialog", { name: /Shopping Cart/ });
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    // "View cart" opens the drawer and closes the toast; a second add's "Checkout" goes to the checkout.
    await page.getByRole("button", { name: "ADD TO CART" }).click();
    await toast.last().getByRole("button", { name: "View cart" }).click();
    await expect(drawer).toBeVisible();
    await expect(cartBadge(page)).toHaveText("2");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "ADD TO CART" }).click();
    await toast.last().getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });
}

for (const width of [390, 1280]) {
  test(`at ${width} px a ready-made sign starts in its own colour, named from the card to the admin's order`, async ({
    page,
    newAdminPage,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const name = "But First, Coffee Neon Sign";
    await page.goto(`/products?q=${encodeURIComponent("Coffee")}`);
    const card = page.getByRole("list", { name: "Products" }).getByRole("listitem").filter({ hasText: name });
    await expect(card).toContainText("Colour: Orange");
    await page.getByRole("link", { name: `View Details: ${name}` }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const colour = page.getByLabel("Color");
    await expect(colour).toHaveValue("Orange");
    await expect(page.getByText(/This photo shows the sign in/)).toHaveCount(0);
    // Another colour: the photos are orange, and the page says so.
    await colour.selectOption("Pink");
    await expect(page.getByText("This photo shows the sign in Orange; yours is made in Pink.")).toBeVisible();
    await page.screenshot({ path: `test-results/storefront-colour-note-${width}.png` });
    await colour.selectOption("Orange");
    await expect(page.getByText(/This photo shows the sign in/)).toHaveCount(0);
    await page.getByRole("button", { name: "ADD TO CART" }).click();
    await page.getByRole("button", { name: /^Cart/ }).click();
    const drawer = page.getByRole("dialog", { name: /Shopping Cart/ });
    await expect(drawer).toContainText("Colour: Orange");
    await page.keyboard.press("Escape");
    await page.goto("/checkout");
    await expect(page.getByText(/Colour: Orange/).first()).toBeVisible();
    await expect(page.getByText(/Colour: Blue/)).toHaveCount(0);
    // Placed, the order carries the colour through to the admin's order dialog.
    await fillCheckoutForm(page, {
      phone: `9${String(Date.now()).slice(-9)}`,
      email: `colour.${width}.${Date.now()}@example.in`,
    });
    await page.getByRole("radio", { name: /Cash on Delivery/ }).click();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?orderId=NL[0-9A-F]{8}$/);
    const admin = await newAdminPage(width);
    const dialog = await openOrder(admin, new URL(page.url()).searchParams.get("orderId")!);
    await expect(dialog).toContainText("Colour: Orange");
    await expect(dialog).not.toContainText("Colour: Blue");
  });
}

test("a sold-out sign says so on its card and offers no Select Options (390 and 1280 px)", async ({
  page,
}) => {
  const client = await embeddedClient(process.env.E2E_DATA_DIR!);
  try {
    await client.query(
      `insert into products (name, category_id, medium_price, medium_mrp, stock_quantity, default_color)
       select 'Sold Out Neon Sign', id, 1999, 2499, 0, 'Red' from categories order by name limit 1`,
    );
  } finally {
    await client.end();
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/products?q=${encodeURIComponent("Sold Out Neon")}`);
    const card = page.getByRole("list", { name: "Products" }).getByRole("listitem");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Sold out");
    await expect(card).toContainText("Colour: Red · Sold out");
    await expect(card).not.toContainText("Stock: 0");
    await expect(page.getByRole("link", { name: "Select Options: Sold Out Neon Sign" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "View Details: Sold Out Neon Sign" })).toBeVisible();
    await card.screenshot({ path: `test-results/storefront-sold-out-card-${width}.png` });
  }
  // Its page says it is out of stock and promises no delivery date (issue 42).
  await page.getByRole("link", { name: "View Details: Sold Out Neon Sign" }).click();
  await expect(page.getByRole("button", { name: "OUT OF STOCK" })).toBeDisabled();
  await expect(page.getByTestId("pin-delivery")).toHaveCount(0);
  await expect(page.getByLabel("PIN code for delivery")).toHaveCount(0);
});

test("screenshots at 390 and 1280 px", async ({ page }) => {
  test.setTimeout(allow(120_000));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of [
      ["home", "/"],
      ["products", "/products"],
      ["contact", "/contact"],
    ] as const) {
      await page.goto(path);
      await page.screenshot({ path: `test-results/storefront-${name}-${width}.png`, fullPage: true });
    }
    await openProduct(page, "Good Vibes Only Neon Sign");
    await page.screenshot({ path: `test-results/storefront-product-${width}.png`, fullPage: true });
    await page.getByRole("button", { name: "ADD TO CART" }).click();
    await page.getByRole("button", { name: /^Cart/ }).click();
    await expect(page.getByRole("dialog", { name: /Shopping Cart/ })).toBeVisible();
    await page.screenshot({ path: `test-results/storefront-cart-${width}.png` });
  }
});
