import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  getActiveProduct,
  listProducts,
  listProductsPage,
  listSimilarProducts,
  listSitemapProducts,
} from "~/features/catalog/catalog.server";
import { db } from "~/platform/db/client.server";
import { categories, products } from "~/features/catalog/tables.server";
import { seedDemoCatalogue } from "~/wiring/demo-data.server";
import { setupTestDatabase } from "../support/test-db";

setupTestDatabase();

let hidden: { id: string };
let bedroomId: string;

beforeAll(async () => {
  await seedDemoCatalogue(db());
  const [c] = await db().select().from(categories).where(eq(categories.name, "Bedroom"));
  bedroomId = c!.id;
  [hidden] = (await db()
    .insert(products)
    .values({
      name: "Secret 100% Sign",
      categoryId: bedroomId,
      mediumPrice: 999,
      mediumMrp: 1299,
      isActive: false,
    })
    .returning({ id: products.id })) as [{ id: string }];
}, 60_000);

describe("catalogue queries", () => {
  it("lists active products only, newest first, with category and image", async () => {
    const all = await listProducts();
    expect(all).toHaveLength(16);
    expect(all[0]!.name).toBe("Good Vibes Only Neon Sign");
    expect(all.every((p) => p.categoryName && p.image)).toBe(true);
    expect(all.some((p) => p.id === hidden.id)).toBe(false);
  });

  it("filters by category name (any case) or id", async () => {
    const byName = await listProducts({ category: "bedroom" });
    expect(byName.map((p) => p.name).sort()).toEqual([
      "Dream Big Neon Sign",
      "Good Vibes Only Neon Sign",
      "Moon & Stars Neon Light",
    ]);
    expect(await listProducts({ category: bedroomId })).toHaveLength(3);
    expect(await listProducts({ category: "No Such Category" })).toHaveLength(0);
  });

  it("searches name, description and category name, ignoring case", async () => {
    expect((await listProducts({ q: "MOON" })).map((p) => p.name)).toEqual(["Moon & Stars Neon Light"]);
    expect((await listProducts({ q: "nurseries" })).map((p) => p.name)).toEqual(["Moon & Stars Neon Light"]);
    expect((await listProducts({ q: "gaming zone" })).length).toBe(3);
    expect((await listProducts({ category: "Bar/Cafe", q: "coffee" })).map((p) => p.name)).toEqual([
      "But First, Coffee Neon Sign",
    ]);
  });

  it("treats % and _ in a search as plain text", async () => {
    expect(await listProducts({ q: "%" })).toHaveLength(0);
    expect(await listProducts({ q: "_" })).toHaveLength(0);
    expect(await listProducts({ q: "'; drop table products; --" })).toHaveLength(0);
    expect(await listProducts()).toHaveLength(16);
  });

  it("finds an active product and nothing for an inactive, unknown or malformed id", async () => {
    const [first] = await listProducts();
    const p = await getActiveProduct(first!.id);
    expect(p?.name).toBe(first!.name);
    expect(p?.images.length).toBe(3);
    expect(await getActiveProduct(hidden.id)).toBeNull();
    expect(await getActiveProduct("00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(await getActiveProduct("not-a-uuid")).toBeNull();
  });

  it("suggests three other active products, the same category first", async () => {
    const [first] = await listProducts({ category: "Bedroom" });
    const p = (await getActiveProduct(first!.id))!;
    const similar = await listSimilarProducts(p);
    expect(similar).toHaveLength(3);
    expect(similar.some((s) => s.id === p.id || s.id === hidden.id)).toBe(false);
    expect(similar.slice(0, 2).every((s) => s.categoryName === "Bedroom")).toBe(true);
  });

  it("puts every active product and no inactive one in the sitemap list", async () => {
    const ids = (await listSitemapProducts()).map((p) => p.id);
    expect(ids).toHaveLength(16);
    expect(ids).not.toContain(hidden.id);
  });
});

describe("products list pages", () => {
  it("pages through every active product, 24 a page, in the same order as the full list", async () => {
    const all = await listProducts({});
    // Make sure there are more than two pages' worth.
    const extra = 60 - all.length;
    if (extra > 0) {
      await db()
        .insert(products)
        .values(
          Array.from({ length: extra }, (_, i) => ({
            name: `Paging Sign ${i}`,
            categoryId: bedroomId,
            mediumPrice: 1000 + i,
            mediumMrp: 1500,
          })),
        );
    }
    const full = await listProducts({});
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await listProductsPage({ page }));
    expect(pages.map((p) => p.items.length)).toEqual([24, 24, full.length - 48]);
    expect(pages.every((p) => p.total === full.length && p.pageCount === Math.ceil(full.length / 24))).toBe(
      true,
    );
    expect(pages.flatMap((p) => p.items.map((x) => x.id))).toEqual(full.map((x) => x.id));
    const past = await listProductsPage({ page: 9 });
    expect(past).toMatchObject({ items: [], total: full.length, page: 9 });
    const filtered = await listProductsPage({ q: "paging sign" });
    expect(filtered.total).toBe(Math.max(0, extra));
  });
});
