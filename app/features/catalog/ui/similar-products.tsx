import { ProductCard } from "~/features/catalog/ui/product-card";
import type { ProductCardData } from "~/features/catalog/catalog-cards";

/** "Similar Products": other active products, the same category first. */
export function SimilarProducts({ products }: { products: ProductCardData[] }) {
  return (
    <section aria-labelledby="similar-heading" className="space-y-6">
      <h2 id="similar-heading" className="text-2xl font-bold">
        Similar Products
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {products.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} share={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
