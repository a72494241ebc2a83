import { asc, desc, eq, sql } from "drizzle-orm";
import type { CategoryInput } from "~/features/catalog/admin-catalog";
import { db } from "~/platform/db/client.server";
import { pgErrorOf, isUniqueViolation } from "~/platform/db/errors.server";
import { categories, products } from "./tables.server";
import { logger } from "~/platform/logger.server";
import { invalid, notFound, type Result } from "~/shared/admin-forms";

/** The admin catalogue's categories. */

export type AdminCategory = {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  productCount: number;
};

/** Categories, newest first, with how many products use each. */
export async function listCategoriesAdmin(): Promise<AdminCategory[]> {
  return db()
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      createdAt: categories.createdAt,
      // Written out in full: drizzle leaves the table name off columns of a single-table select.
      productCount: sql<number>`(select count(*)::int from ${products} p where p.category_id = "categories"."id")`,
    })
    .from(categories)
    .orderBy(desc(categories.createdAt), asc(categories.name));
}

/** Categories by name, for the product form's select. */
export async function listCategoryOptions(): Promise<{ id: string; name: string }[]> {
  return db()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.name));
}

const duplicateCategory = () => invalid({ name: "A category with this name already exists" });

export async function createCategory(input: CategoryInput): Promise<Result<{ id: string }>> {
  try {
    const [row] = await db()
      .insert(categories)
      .values({ name: input.name, description: input.description ?? null })
      .returning({ id: categories.id });
    logger.info({ categoryId: row!.id }, "category created");
    return { ok: true, id: row!.id };
  } catch (e) {
    if (isUniqueViolation(e, "categories_name_lower_uq")) return duplicateCategory();
    throw e;
  }
}

export async function updateCategory(id: string, input: CategoryInput): Promise<Result<{ id: string }>> {
  try {
    const rows = await db()
      .update(categories)
      .set({ name: input.name, description: input.description ?? null })
      .where(eq(categories.id, id))
      .returning({ id: categories.id });
    if (rows.length === 0) return notFound("Category");
    logger.info({ categoryId: id }, "category updated");
    return { ok: true, id };
  } catch (e) {
    if (isUniqueViolation(e, "categories_name_lower_uq")) return duplicateCategory();
    throw e;
  }
}

export function categoryInUseMessage(count: number): string {
  return `this category is in use by ${count} ${count === 1 ? "product" : "products"}. Move or delete ${count === 1 ? "it" : "them"} first.`;
}

async function productsInCategory(id: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.categoryId, id));
  return row?.n ?? 0;
}

/** Deletes a category that no product uses; one in use is refused with how many products use it. */
export async function deleteCategory(id: string): Promise<Result> {
  const inUse = await productsInCategory(id);
  if (inUse > 0) return { ok: false, status: 409, message: categoryInUseMessage(inUse) };
  try {
    const rows = await db().delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (rows.length === 0) return notFound("Category");
  } catch (e) {
    // A product was added to it in the meantime (ON DELETE RESTRICT).
    if (pgErrorOf(e)?.code === "23503") {
      return {
        ok: false,
        status: 409,
        message: categoryInUseMessage(Math.max(1, await productsInCategory(id))),
      };
    }
    throw e;
  }
  logger.info({ categoryId: id }, "category deleted");
  return { ok: true };
}
