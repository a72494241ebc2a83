import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadShopperOrder } from "~/features/order-page/shopper-order.server";
import { telHref } from "~/features/settings/store";
import {
  loadShopSettings,
  loadStoreSettings,
  saveShopSettings,
} from "~/features/settings/store-settings.server";
import { db } from "~/platform/db/client.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { adminSession } from "../support/admin-session";
import {
  checkoutForm,
  makeCategory,
  makeProduct,
  newShopper,
  productLine,
} from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS, placeCheckout } from "../support/orders";
import { emlText, outbox } from "../support/outbox";
import { setupTestDatabase } from "../support/test-db";

// Issue 42: phones are shown grouped (+91 94120 55678) wherever the shop shows one, whatever was typed;
// they are stored as they were (orders in E.164) and tel: links take the digits.
const t = setupTestDatabase(NO_ORDER_LIMITS);

describe("phone numbers as the shop shows them", () => {
  it("the store's and the officer's phones, the order page and the order mails say them grouped", async () => {
    const owner = await adminSession();
    const { settings, version } = await loadShopSettings();
    const saved = await saveShopSettings(
      {
        ...settings,
        store: { ...settings.store, phone: "9412055678" },
        grievance: { ...settings.grievance, phone: "+911123456789" },
      },
      owner.actor,
      version,
    );
    expect(saved.ok).toBe(true);
    // The details every page shows (footer, contact, policies) and the shopper mails take.
    const store = await loadStoreSettings();
    expect(store.phone).toBe("+91 94120 55678");
    expect(store.grievance.phone).toBe("+91 11 2345 6789");
    expect(telHref(store.phone)).toBe("tel:+919412055678");
    // The setting itself keeps what the owner typed.
    expect((await loadShopSettings()).settings.store.phone).toBe("9412055678");

    const product = await makeProduct(await makeCategory());
    const form = { ...checkoutForm(newShopper()), phone: "98450 12345" };
    const placed = await placeCheckout([productLine(product.id)], { form });
    const [row] = await db().select().from(orders).where(eq(orders.checkoutId, placed.checkoutId));
    expect(row!.customerPhone).toBe("+919845012345");
    const page = await loadShopperOrder(placed.orderPages[0]!.path.split("/").pop()!);
    expect(page!.customerPhone).toBe("+91 98450 12345");

    await runQueuedJobs();
    const mails = outbox(t.dataDir).rawMails();
    const toShopper = emlText(mails.find((m) => m.includes(`To: ${form.email}`))!);
    expect(toShopper).toContain("Questions? Call +91 94120 55678");
    const toShop = emlText(mails.find((m) => emlText(m).includes(`New order ${placed.orderId}`))!);
    expect(toShop).toContain("+91 98450 12345");
    expect(toShop).not.toContain("+919845012345");
  });
});
