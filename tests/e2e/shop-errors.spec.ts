import { expect, test } from "@playwright/test";

// Issue 26: a shop page that fails is shown inside the shop's header and footer (the root's bare error page
// is only for failures outside the shop). A stranger's POST to a page without an action is such a failure:
// React Router answers 405 through the nearest error boundary.

test("a failing shop page keeps the shop's header and footer", async ({ page, request }) => {
  const res = await request.post("/privacy-policy", { form: { x: "1" }, maxRedirects: 0 });
  expect(res.status()).toBe(405);
  const html = await res.text();
  expect(html).toContain("Something went wrong on our side. Please try again.");
  expect(html).toMatch(/<header[\s>]/);
  expect(html).toMatch(/<footer[\s>]/);
  expect(html).toContain('href="#main"');

  // The same page in a browser: the header's links and the footer are there, and the way home works.
  await page.setContent(html.replace(/<script[\s\S]*?<\/script>/g, ""));
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("heading", { name: "405" })).toBeVisible();
});

test("a page that does not exist still shows the shop's own 404 page", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

// Issue 41: a NUL byte in a search, a filter or a path is refused before any route runs (400, never 500).
test("a NUL byte in the address answers 400 with a clear message", async ({ request }) => {
  for (const url of ["/products?q=neon%00", "/admin/audit?who=%00", "/products/%00", "/search?q=%00"]) {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(400);
    expect(await res.text(), url).toContain("NUL character");
  }
});
