import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogCacheStats, invalidateCatalogCache } from "~/features/catalog/catalog-cache.server";
import {
  getActiveProduct,
  listBestsellers,
  listCategories,
  listProductsPage,
} from "~/features/catalog/catalog.server";
import { db } from "~/platform/db/client.server";
import { categories, products } from "~/features/catalog/tables.server";
import {
  eventListenerConnected,
  startEventListener,
  stopEventListener,
  subscribe,
} from "~/platform/events.server";
import { seedDemoCatalogue } from "~/wiring/demo-data.server";
import { setupTestDatabase } from "../support/test-db";

// The storefront's catalogue reads are kept per instance and dropped by the database's NOTIFY
// announcements (decision 019). Against a real PostgreSQL with the migrations' triggers.

const t = setupTestDatabase();

beforeAll(async () => {
  await seedDemoCatalogue(db());
}, 60_000);
afterAll(async () => {
  await stopEventListener();
});

/** Resolves once the listener has announced the next change to `table`. */
function nextChange(table: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no change to ${table} announced`));
    }, timeoutMs);
    const stop = subscribe((e) => {
      if (e.table !== table) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** Change a row behind the app's back, as another instance (or psql) would. */
async function renameProduct(id: string, name: string) {
  await db().update(products).set({ name }).where(eq(products.id, id));
}

describe("catalogue cache", () => {
  it("is not used while the instance is not listening: every read sees the database", async () => {
    expect(eventListenerConnected()).toBe(false);
    const [first] = (await listProductsPage()).items;
    await renameProduct(first!.id, "Renamed While Not Listening");
    // No announcement can arrive: the very next read must already see the change.
    expect((await listProductsPage()).items[0]!.name).toBe("Renamed While Not Listening");
    expect((await getActiveProduct(first!.id))!.name).toBe("Renamed While Not Listening");
    expect(catalogCacheStats().entries).toBe(0);
  });

  it("while listening, repeated reads share one copy until a change is announced", async () => {
    await startEventListener(t.url);
    expect(eventListenerConnected()).toBe(true);
    invalidateCatalogCache();

    const a = await listProductsPage();
    const before = catalogCacheStats();
    const b = await listProductsPage();
    expect(b).toBe(a); // the same object: no database read
    expect(catalogCacheStats().hits).toBe(before.hits + 1);

    const id = a.items[0]!.id;
    const product = await getActiveProduct(id);
    expect(await getActiveProduct(id)).toBe(product);

    // A change made straight in the database (as by another instance) is announced and drops the copy.
    const announced = nextChange("products");
    await renameProduct(id, "Renamed By Another Instance");
    await announced;
    expect((await listProductsPage()).items[0]!.name).toBe("Renamed By Another Instance");
    expect((await getActiveProduct(id))!.name).toBe("Renamed By Another Instance");
  });

  it("different filters and pages are different entries, and each is dropped by a change", async () => {
    invalidateCatalogCache();
    const bedroom = await listProductsPage({ category: "Bedroom" });
    const search = await listProductsPage({ q: "moon" });
    expect(bedroom.items.map((p) => p.name)).not.toEqual(search.items.map((p) => p.name));
    expect(await listProductsPage({ category: "Bedroom" })).toBe(bedroom);
    expect(await listProductsPage({ q: "moon" })).toBe(search);
    expect(await listProductsPage({ q: "moon", page: 2 })).not.toBe(search);

    const cats = await listCategories();
    const announced = nextChange("categories");
    await db().update(categories).set({ name: "Bedroom & Nursery" }).where(eq(categories.name, "Bedroom"));
    await announced;
    expect((await listCategories()).map((c) => c.name)).toContain("Bedroom & Nursery");
    expect(await listCategories()).not.toBe(cats);
    const renamed = await listProductsPage({ category: "Bedroom & Nursery" });
    expect(renamed.items.map((p) => p.name).sort()).toEqual(bedroom.items.map((p) => p.name).sort());
    expect((await listProductsPage({ category: "Bedroom" })).items).toHaveLength(0);
  });

  it("a stock change (as an order makes) and a hidden product reach the lists at once", async () => {
    invalidateCatalogCache();
    const [first] = (await listProductsPage()).items;
    const stock = first!.stockQuantity;
    let announced = nextChange("products");
    await db()
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - 1` })
      .where(eq(products.id, first!.id));
    await announced;
    expect((await listProductsPage()).items[0]!.stockQuantity).toBe(stock - 1);

    const best = await listBestsellers();
    expect(best.length).toBeGreaterThan(0);
    announced = nextChange("products");
    await db().update(products).set({ isActive: false }).where(eq(products.id, best[0]!.productId));
    await announced;
    expect((await listBestsellers()).some((b) => b.productId === best[0]!.productId)).toBe(false);
    expect(await getActiveProduct(best[0]!.productId)).toBeNull();
  });

  it("after the LISTEN connection is lost, reads go to the database again", async () => {
    invalidateCatalogCache();
    const a = await listProductsPage();
    await stopEventListener();
    expect(eventListenerConnected()).toBe(false);
    await renameProduct(a.items[0]!.id, "Changed While Deaf");
    expect((await listProductsPage()).items[0]!.name).toBe("Changed While Deaf");
  });
});
