import { expect, test } from "@playwright/test";
import { embeddedClient } from "../support/app-process";

// Stored text is shown escaped: a product whose name and description are HTML/script appears as text,
// and nothing runs. Headers on several kinds of response.
const dataDir = process.env.E2E_DATA_DIR ?? "test-data/e2e-manual";
const NAME = `<img src=x onerror="window.__pwned=1">Hostile "Sign" <script>window.__pwned=2</script>`;

test("hostile stored text is shown as text on the list and the product page, and never runs", async ({
  page,
}) => {
  const c = await embeddedClient(dataDir);
  let id = "";
  try {
    const r = await c.query<{ id: string }>(
      `insert into products (name, description, category_id, stock_quantity, medium_price, medium_mrp)
       values ($1, $2, (select id from categories order by name limit 1), 3, 1999, 2499) returning id`,
      [NAME, `</script><svg onload="window.__pwned=3">`],
    );
    id = r.rows[0]!.id;
  } finally {
    await c.end();
  }
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/products?q=${encodeURIComponent("Hostile")}`);
  await expect(page.getByRole("list", { name: "Products" })).toContainText(
    '<img src=x onerror="window.__pwned=1">Hostile "Sign"',
  );
  await page.goto(`/products/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("<script>window.__pwned=2</script>");
  await expect(page.getByText('</script><svg onload="window.__pwned=3">')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const c2 = await embeddedClient(dataDir);
  await c2.query("delete from products where id = $1", [id]);
  await c2.end();
});

test("security headers on a page, an error, an image, a resource route and the event stream", async ({
  request,
}) => {
  const check = (h: Record<string, string>) => {
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBeTruthy();
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
  };
  const pageRes = await request.get("/");
  check(pageRes.headers());
  expect(pageRes.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  expect(pageRes.headers()["content-security-policy"]).toContain("object-src 'none'");
  expect(pageRes.headers()["content-security-policy"]).toContain("base-uri 'none'");
  check((await request.get("/no-such-page")).headers());
  check((await request.get("/sitemap.xml")).headers());
  const html = await (await request.get("/")).text();
  const img = html.match(/\/uploads\/[0-9a-f]{32}\/\d+\.webp/)?.[0];
  expect(img).toBeTruthy();
  const imgRes = await request.get(img!);
  check(imgRes.headers());
  expect(imgRes.headers()["cache-control"]).toContain("immutable");
  const events = await request.fetch("/api/events", { timeout: 3_000, maxRetries: 0 }).catch(() => null);
  if (events) check(events.headers());
});
