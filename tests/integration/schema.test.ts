import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import { bestsellingProducts, categories, products } from "~/features/catalog/tables.server";
import { seedDemoCatalogue } from "~/wiring/demo-data.server";
import { pgErrorOf } from "~/platform/db/errors.server";
import { setupTestDatabase } from "../support/test-db";

setupTestDatabase();

/** Resolves to the name of the constraint the statement violated. */
const violated = (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (e: unknown) => pgErrorOf(e)?.constraint ?? pgErrorOf(e)?.code ?? String(e),
  );

async function aCategory() {
  const [c] = await db()
    .insert(categories)
    .values({ name: `Cat ${Math.random()}` })
    .returning();
  return c!;
}

const baseProduct = (categoryId: string) => ({ name: "P", categoryId, mediumPrice: 100, mediumMrp: 120 });

describe("database constraints", () => {
  it("refuses negative stock and ratings outside 0..5", async () => {
    const c = await aCategory();
    expect(
      await violated(
        db()
          .insert(products)
          .values({ ...baseProduct(c.id), stockQuantity: -1 }),
      ),
    ).toBe("products_stock_nonnegative");
    expect(
      await violated(
        db()
          .insert(products)
          .values({ ...baseProduct(c.id), rating: 5.1 }),
      ),
    ).toBe("products_rating_range");
    await expect(
      db()
        .insert(products)
        .values({ ...baseProduct(c.id), rating: 4.5 }),
    ).resolves.toBeDefined();
  });

  it("keeps a category that products use (ON DELETE RESTRICT)", async () => {
    const c = await aCategory();
    await db().insert(products).values(baseProduct(c.id));
    expect(await violated(db().delete(categories).where(eq(categories.id, c.id)))).toBe(
      "products_category_id_categories_id_fk",
    );
  });

  it("lets a reorder swap unique display orders inside one transaction", async () => {
    const c = await aCategory();
    const [p1] = await db().insert(products).values(baseProduct(c.id)).returning();
    const [p2] = await db().insert(products).values(baseProduct(c.id)).returning();
    const [a] = await db()
      .insert(bestsellingProducts)
      .values({ productId: p1!.id, displayOrder: 101 })
      .returning();
    const [b] = await db()
      .insert(bestsellingProducts)
      .values({ productId: p2!.id, displayOrder: 102 })
      .returning();
    expect(
      await violated(
        db().update(bestsellingProducts).set({ displayOrder: 102 }).where(eq(bestsellingProducts.id, a!.id)),
      ),
    ).toBe("bestselling_products_order_uq");
    await db().transaction(async (tx) => {
      await tx
        .update(bestsellingProducts)
        .set({ displayOrder: 102 })
        .where(eq(bestsellingProducts.id, a!.id));
      await tx
        .update(bestsellingProducts)
        .set({ displayOrder: 101 })
        .where(eq(bestsellingProducts.id, b!.id));
    });
    const rows = await db().select().from(bestsellingProducts).orderBy(bestsellingProducts.displayOrder);
    expect(rows.map((r) => r.id)).toEqual([b!.id, a!.id]);
    await db().delete(bestsellingProducts);
  });
});

describe("demo catalogue", () => {
  it("seeds categories, 12+ active products with images, 6 bestsellers and banners, and is safe to run twice", async () => {
    await db().delete(products);
    await db().delete(categories);
    const first = await seedDemoCatalogue(db());
    expect(first.created).toBeGreaterThan(20);
    const second = await seedDemoCatalogue(db());
    expect(second.created).toBe(0);
    const counts = await db().execute<{
      cats: number;
      active: number;
      zero: number;
      best: number;
      banners: number;
      imgs: number;
    }>(sql`
      select (select count(*)::int from categories) cats,
             (select count(*)::int from products where is_active) active,
             (select count(*)::int from products where stock_quantity = 0) zero,
             (select count(*)::int from bestselling_products) best,
             (select count(*)::int from banners) banners,
             (select count(*)::int from product_images) imgs`);
    const r = counts.rows[0]!;
    expect(r.cats).toBe(5);
    expect(r.active).toBeGreaterThanOrEqual(12);
    expect(r.zero).toBeGreaterThanOrEqual(1);
    expect(r.best).toBe(6);
    expect(r.banners).toBeGreaterThanOrEqual(2);
    expect(r.imgs).toBeGreaterThanOrEqual(r.active);
  });
});
