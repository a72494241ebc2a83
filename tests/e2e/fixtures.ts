import { execFileSync } from "node:child_process";
import { test as base, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import type pg from "pg";
import { embeddedClient, embeddedDatabaseUrl } from "../support/shop-process.mjs";

// The signed-in admin of the e2e journeys. A spec that signs in imports `test` from here and names its own
// admin (`test.use({ adminCredentials })`, so a spec that ends its admin's sessions disturbs no other spec);
// the account is made with the admin:create command, the one way to become an admin.

/** The data folder of the shop playwright.config.ts starts (scripts/e2e.mjs makes a fresh one). */
export const e2eDataDir = process.env.E2E_DATA_DIR ?? "test-data/e2e-manual";

export type AdminCredentials = { email: string; password: string };

/** Create the admin, or reset its password, with `scripts/admin-create.ts` against the database in `env`. */
export function createAdmin(admin: AdminCredentials, env: Record<string, string>): void {
  const out = execFileSync(
    "npx",
    ["tsx", "scripts/admin-create.ts", "--email", admin.email, "--password", admin.password],
    {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      encoding: "utf8",
    },
  );
  if (!/(Created|Reset the password of) the admin/.test(out))
    throw new Error(`admin:create did not make the admin:\n${out}`);
}

/**
 * Sign in through the login form (of the shop at `shopUrl`, else the page's baseURL). Resolves on the
 * dashboard, hydrated and subscribed to the admin event stream.
 */
export async function signInAsAdmin(page: Page, admin: AdminCredentials, shopUrl = ""): Promise<void> {
  await page.goto(`${shopUrl}/admin/login`);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.getByLabel("Email Address").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(`Welcome, ${admin.email}`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Live updates on" })).toBeVisible();
}

/**
 * The spec's queries on the e2e shop's database: a client connected before the spec's tests, closed after
 * them (call at the top of a spec).
 */
export function shopDatabase() {
  let client: pg.Client | undefined;
  base.beforeAll(async () => {
    client = await embeddedClient(e2eDataDir);
  });
  base.afterAll(async () => client?.end());
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows typed as loosely as pg's own query()
  return <R extends pg.QueryResultRow = any>(text: string, values?: unknown[]) =>
    client!.query<R>(text, values);
}

export type ShopProduct = { id: string; name: string; medium_price: number };

/**
 * One of the e2e shop's demo products for this spec: the first row `pick` gives ("where … order by …"),
 * set to `stock` units before the spec's tests (left as it is without). `stock()` reads its stock again;
 * `query` runs the spec's other queries (shopDatabase).
 */
export function shopProduct(pick: string, stock?: number) {
  const query = shopDatabase();
  const product = {} as ShopProduct;
  base.beforeAll(async () => {
    const r = await query<ShopProduct>(`select id, name, medium_price from products ${pick} limit 1`);
    Object.assign(product, r.rows[0]);
    if (stock !== undefined)
      await query("update products set stock_quantity = $2 where id = $1", [product.id, stock]);
  });
  const stockNow = async () =>
    (
      await query<{ stock_quantity: number }>("select stock_quantity from products where id = $1", [
        product.id,
      ])
    ).rows[0]!.stock_quantity;
  return { product, stock: stockNow, query };
}

/** Make the admin of a shop this spec started itself (on its own data folder). */
export function createAdminIn(shop: { dataDir: string; databaseUrl: () => string }, admin: AdminCredentials) {
  createAdmin(admin, { DATABASE_URL: shop.databaseUrl(), DATA_DIR: shop.dataDir });
}

/**
 * Open an order's dialog from the staff's order list: the list searched for `search` (the display id
 * unless given), then the row's "View details" link. A custom order lives on its own list.
 */
export async function openOrder(
  page: Page,
  displayId: string,
  o: { search?: string; kind?: "order" | "custom" } = {},
): Promise<Locator> {
  const custom = o.kind === "custom";
  await page.goto(
    `/admin/${custom ? "custom-neon" : "purchases"}?q=${encodeURIComponent(o.search ?? displayId)}`,
  );
  // The dialog opens in the browser: a click before the page is hydrated would be lost on a busy machine.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page
    .getByRole("row")
    .filter({ hasText: displayId })
    .getByRole("link", { name: `View details of ${custom ? "custom order" : "order"} ${displayId}` })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: new RegExp(`Order ${displayId}$`) })).toBeVisible();
  return dialog;
}

/**
 * Change the status of the order open in the dialog, as staff do: choose `label`, fill what that status
 * asks for (`fill`: courier, tracking number, a reason...), press the button (a cancellation is confirmed
 * in its own dialog). Resolves once the change shows: the toast and the timeline's "→ label". With
 * `refusedWith`, resolves once that refusal shows instead.
 */
export async function setStatus(
  page: Page,
  label: string,
  o: { fill?: (dialog: Locator) => Promise<unknown>; refusedWith?: RegExp | string } = {},
): Promise<void> {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("New status").selectOption({ label });
  await o.fill?.(dialog);
  const cancel = label === "Cancelled";
  await dialog.getByRole("button", { name: cancel ? "Cancel Order" : "Update Status" }).click();
  if (cancel)
    await page
      .getByRole("alertdialog", { name: "Cancel this order?" })
      .getByRole("button", { name: "Yes, cancel order" })
      .click();
  if (o.refusedWith !== undefined) {
    await expect(dialog.getByText(o.refusedWith)).toBeVisible();
    return;
  }
  await expect(page.getByText("Order updated").first()).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Order timeline" })).toContainText(`→ ${label}`);
}

/** What "Dispatched" asks for in the status form: the courier and the tracking number (a setStatus fill). */
export const courier = (name: string, trackingNumber: string) => async (dialog: Locator) => {
  await dialog.getByRole("textbox", { name: "Courier", exact: true }).fill(name);
  await dialog.getByLabel("Tracking number").fill(trackingNumber);
};

/** Admins this worker process has already made (email -> password). */
const made = new Map<string, string>();

type AdminFixtures = {
  /** Which admin this spec signs in as (an option: `test.use({ adminCredentials: { email, password } })`). */
  adminCredentials: AdminCredentials;
  /** That admin, existing in the e2e shop's database. */
  admin: AdminCredentials;
  /** Sign a page (the test's own `page` by default) in as the admin. */
  signInAdmin: (page?: Page) => Promise<void>;
  /** A signed-in admin tab in a browser context of its own (1280 x 900), so no other tab hides it. */
  adminPage: Page;
  /** More signed-in admin tabs, each in its own context; `width` of the viewport (height 900). */
  newAdminPage: (width?: number) => Promise<Page>;
};

export const test = base.extend<AdminFixtures>({
  adminCredentials: [
    { email: "e2e-admin@neonlights.in", password: "glowing tubes at midnight" },
    { option: true },
  ],

  admin: async ({ adminCredentials }, provide) => {
    if (made.get(adminCredentials.email) !== adminCredentials.password) {
      createAdmin(adminCredentials, { DATABASE_URL: embeddedDatabaseUrl(e2eDataDir), DATA_DIR: e2eDataDir });
      made.set(adminCredentials.email, adminCredentials.password);
    }
    await provide(adminCredentials);
  },

  signInAdmin: async ({ page, admin }, provide) => {
    await provide((target = page) => signInAsAdmin(target, admin));
  },

  newAdminPage: async ({ browser, admin }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (width = 1280) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      await signInAsAdmin(page, admin);
      return page;
    });
    for (const context of contexts) await context.close();
  },

  adminPage: async ({ newAdminPage }, provide) => {
    await provide(await newAdminPage());
  },
});

export { expect };
