import { chromium, expect, test, type Page } from "@playwright/test";
import { startShop, type ShopProcess } from "../support/shop-process.mjs";
import { startTlsProxy } from "../support/tls-proxy";
import { createAdminIn, signInAsAdmin } from "./fixtures";
import { allow } from "./time-allowed";

// Issue 19 through a real browser, in a shop of its own measuring every load (VITALS_SAMPLE_RATE=1): a
// product page's Core Web Vitals beacon, sent when the tab is hidden, shows in the admin's Site Speed page;
// a script our policy blocks is reported by the browser and shows there too. A Do Not Track browser sends
// nothing.

let app: ShopProcess;
const admin = { email: "e2e-speed@neonlights.in", password: "site speed journey passphrase" };

test.beforeAll(async () => {
  test.setTimeout(allow(300_000));
  app = await startShop({ VITALS_SAMPLE_RATE: "1" });
  createAdminIn(app, admin);
});
test.afterAll(async () => {
  await app?.stop();
});

/**
 * The page has settled after a scroll: scrolled (when taller than the screen), its fonts loaded and every
 * picture in view loaded (or refused).
 */
const settled = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        const tall = document.documentElement.scrollHeight > innerHeight + 1;
        const inView = [...document.images].filter((img) => {
          const r = img.getBoundingClientRect();
          return r.width > 0 && r.bottom > 0 && r.top < innerHeight;
        });
        return (!tall || scrollY > 0) && inView.every((img) => img.complete);
      }),
    )
    .toBe(true);

/** Make the tab hidden the way switching apps does (web-vitals reports its final values then). */
async function hideTab(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

test("a product page's vitals beacon shows in the admin by page pattern and device", async ({ browser }) => {
  const shopper = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await shopper.goto(`${app.url}/products`);
  const productHref = await shopper
    .getByRole("link", { name: /Game On Neon Sign/ })
    .first()
    .getAttribute("href");
  const beacon = shopper.waitForResponse((r) => r.url().endsWith("/api/vitals"));
  await shopper.goto(`${app.url}${productHref}?utm=abc`);
  await expect(shopper.locator("html[data-hydrated=true]")).toBeAttached();
  // A tap, so LCP is final; then the tab goes to the background.
  await shopper.mouse.click(5, 400);
  await hideTab(shopper);
  // The beacon was taken (the schema only accepts a route pattern, so "?utm=abc" cannot be in it).
  expect((await beacon).status()).toBe(204);
  await shopper.close();

  const owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAsAdmin(owner, admin, app.url);
  await owner.getByRole("link", { name: "Site Speed" }).click();
  await expect(owner.getByRole("heading", { name: "Site Speed" })).toBeVisible();
  const row = owner.getByRole("row").filter({ hasText: "/products/:id" });
  await expect(row).toContainText("Mobile");
  await expect(row).toContainText("1 visit");
  await expect(row).toContainText(/Good|Needs improvement|Poor/);
  await owner.getByRole("link", { name: "Last 28 days" }).click();
  await expect(owner).toHaveURL(/days=28/);
  await expect(owner.getByRole("row").filter({ hasText: "/products/:id" })).toBeVisible();
  await owner.close();
});

test("INP of the customiser and checkout reached in-app is counted for them, per device (issue 33)", async ({
  browser,
}) => {
  const shopper = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await shopper.goto(`${app.url}/`);
  await expect(shopper.locator("html[data-hydrated=true]")).toBeAttached();
  // The beacon module is loaded after the load event, when the browser is idle.
  await expect
    .poll(() =>
      shopper.evaluate(() =>
        performance.getEntriesByType("resource").some((r) => r.name.includes("vitals-beacon")),
      ),
    )
    .toBe(true);
  // In-app, as shoppers go there (the footer's link): the landing page's beacon module keeps watching.
  await shopper.locator('footer a[href="/customize"]').click();
  await expect(shopper.getByRole("heading", { name: /Customize Your/ })).toBeVisible();
  // A slowed phone, so each keystroke's redraw takes long enough for the Event Timing API (16 ms or more).
  const cdp = await shopper.context().newCDPSession(shopper);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  await shopper.getByRole("textbox", { name: "Your Text" }).fill("");
  await shopper.getByRole("textbox", { name: "Your Text" }).pressSequentially("Hello", { delay: 120 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(shopper).toHaveURL(/\/customize/);
  // Still the document the shopper landed on.
  expect(await shopper.evaluate(() => performance.getEntriesByType("navigation")[0]!.name)).toMatch(/\/$/);
  const beacons: Promise<number>[] = [];
  shopper.on("response", (r) => {
    if (r.url().endsWith("/api/vitals")) beacons.push(Promise.resolve(r.status()));
  });
  await hideTab(shopper);
  // One beacon for the landing page (LCP, CLS, TTFB and its own INP), one for the customiser's INP.
  await expect.poll(() => beacons.length).toBe(2);
  expect(await Promise.all(beacons)).toEqual([204, 204]);
  await shopper.close();

  const owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAsAdmin(owner, admin, app.url);
  await owner.goto(`${app.url}/admin/vitals`);
  const row = owner.getByRole("row").filter({ hasText: "/customize" });
  await expect(owner.getByRole("row").filter({ hasText: /^\/Mobile/ })).toHaveCount(1);
  await expect(row).toContainText("Mobile");
  // The INP column (the fourth cell after page and device: LCP, INP, ...) has a value; LCP belongs to "/".
  const cells = row.getByRole("cell");
  await expect(cells.nth(2)).toContainText("No data");
  await expect(cells.nth(3)).toContainText(/Good|Needs improvement|Poor/);
  await expect(cells.nth(3)).toContainText("1 visit");
  await owner.close();
});

test("a script blocked by our policy is reported by the browser itself (report-to) and shows in the admin", async ({
  browser,
}) => {
  // Chromium delivers report-to reports only from HTTPS pages, and batches them for a minute unless told
  // not to: the shopper's browser reaches the shop through a TLS front (as in production) and is launched
  // with Chromium's --short-reporting-delay.
  const tls = await startTlsProxy(app.url);
  const reporting = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--short-reporting-delay", "--ignore-certificate-errors"],
  });
  try {
    const shopper = await reporting.newPage({ ignoreHTTPSErrors: true });
    const response = await shopper.goto(`${tls.url}/checkout`);
    const headers = response!.headers();
    expect(headers["reporting-endpoints"]).toBe('csp="/api/csp-reports"');
    expect(headers["content-security-policy"]).toContain("report-uri /api/csp-reports; report-to csp");
    await expect(shopper.locator("html[data-hydrated=true]")).toBeAttached();
    // A real violation in the page: a script from an origin the policy does not allow.
    const directive = await shopper.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener("securitypolicyviolation", (e) => resolve(e.effectiveDirective), {
            once: true,
          });
          const s = document.createElement("script");
          s.src = "https://payments.blocked.example/v1/checkout.js?key=secret";
          document.head.append(s);
        }),
    );
    expect(directive).toBe("script-src-elem");

    // The browser posts the report by itself, in the Reporting API's format, and the shop takes it.
    const owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsAdmin(owner, admin, app.url);
    const row = owner.getByRole("row").filter({ hasText: "https://payments.blocked.example" });
    await expect(async () => {
      await owner.goto(`${app.url}/admin/vitals`);
      await expect(row).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    // Only the browser's reporter posts there (the page has no code that does).
    expect(tls.requests.filter((r) => r.path === "/api/csp-reports")[0]).toEqual({
      method: "POST",
      path: "/api/csp-reports",
      contentType: "application/reports+json",
      status: 204,
    });
    await expect(row).toContainText("script-src-elem");
    await expect(row).toContainText("/checkout");
    await expect(row).not.toContainText("secret");
    await owner.screenshot({ path: "test-results/site-speed-admin-1280.png", fullPage: true });
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.screenshot({ path: "test-results/site-speed-admin-390.png", fullPage: true });
    await owner.close();
  } finally {
    await reporting.close();
    await tls.close();
  }
});

test("the shop's own pages break no rule of their own Content-Security-Policy", async ({ browser }) => {
  // A violation of our own making (zod's eval probe once was one) would be reported from every visit and
  // bury the real ones in the admin.
  const shopper = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await shopper.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  await shopper.goto(`${app.url}/products`);
  const productHref = await shopper
    .getByRole("link", { name: /View Details/ })
    .first()
    .getAttribute("href");
  for (const path of [
    "/",
    "/products",
    productHref!,
    "/contact",
    "/return-policy",
    "/customize",
    "/orders",
  ]) {
    await shopper.goto(`${app.url}${path}`);
    await expect(shopper.locator("html[data-hydrated=true]")).toBeAttached();
    await shopper.mouse.move(195, 400);
    await shopper.mouse.wheel(0, 4000);
    await settled(shopper);
    expect(
      await shopper.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      path,
    ).toEqual([]);
  }
  await shopper.close();
});

test("a Do Not Track browser sends no beacon", async ({ browser }) => {
  // What each tab fetched of the measuring: the beacon module, the beacon.
  const fetched: string[] = [];
  const open = async (who: "do-not-track" | "measured") => {
    const context = await browser.newContext();
    if (who === "do-not-track")
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1", configurable: true }),
      );
    const page = await context.newPage();
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path === "/api/vitals") fetched.push(`${who}: beacon`);
      else if (path.includes("vitals-beacon")) fetched.push(`${who}: module`);
    });
    await page.goto(`${app.url}/contact`);
    await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
    return page;
  };
  // The same page in a browser without Do Not Track, opened after it: both tabs are hidden, as often as it
  // takes, until that one's beacon has come; by then the Do Not Track tab's would have come too.
  const dnt = await open("do-not-track");
  const measured = await open("measured");
  await expect
    .poll(
      async () => {
        await hideTab(dnt);
        await hideTab(measured);
        return fetched.includes("measured: beacon");
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(fetched.filter((f) => f.startsWith("do-not-track"))).toEqual([]);
  await dnt.context().close();
  await measured.context().close();
});
