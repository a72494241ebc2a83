import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/platform/db/client.server";
import { products } from "~/features/catalog/tables.server";
import { reviews } from "./tables.server";
import { ratingSummary, type RatingSummary } from "~/features/reviews/reviews";

/**
 * The one writer of products.rating and products.review_count (issue 29): the mean and count of the product's
 * published reviews, recomputed in the transaction that publishes, rejects or withdraws one of them. The
 * products trigger announces the change, so every instance's catalogue copy is dropped and open pages re-read:
 * cards, the product page, bestsellers and JSON-LD all read these two columns.
 */
export async function refreshProductFigures(tx: DbOrTx, productId: string | null): Promise<void> {
  if (!productId) return;
  const summary = await publishedSummary(tx, productId);
  await tx
    .update(products)
    .set({ rating: summary.average, reviewCount: summary.count })
    .where(
      and(
        eq(products.id, productId),
        // Only a real change writes (and announces) the row.
        sql`(${products.rating}, ${products.reviewCount}) is distinct from (${summary.average}, ${summary.count})`,
      ),
    );
}

/** The product's published ratings summed up: average, count and the 5-to-1 distribution. */
export async function publishedSummary(tx: DbOrTx, productId: string): Promise<RatingSummary> {
  const rows = await tx
    .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")))
    .groupBy(reviews.rating);
  return ratingSummary(rows.flatMap((r) => Array<number>(r.n).fill(r.rating)));
}
