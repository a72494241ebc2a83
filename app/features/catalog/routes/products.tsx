import { Search } from "~/ui/icons";
import { Form, Link, useNavigation } from "react-router";
import { OffersCarousel } from "~/features/offers/ui/offers-carousel";
import { ProductCard } from "~/features/catalog/ui/product-card";
import { Button, buttonVariants } from "~/ui/button";
import { Input } from "~/ui/input";
import { catalogHref } from "~/features/catalog/catalog";
import { catalogFilterFromUrl } from "~/features/catalog/catalog-filter";
import { clientLink } from "~/ui/client-navigation";
import { pageMeta } from "~/ui/seo";
import { useSearchAsYouType } from "~/features/catalog/ui/use-search-as-you-type";
import { cn } from "~/ui/utils";
import {
  hasActiveProducts,
  listActiveBanners,
  listCategories,
  listProductsPage,
} from "~/features/catalog/catalog.server";
import type { Route } from "./+types/products";

// Category links: button styles worked out once, plain links navigated in the app (client-navigation.ts).
const CATEGORY_CLASS = buttonVariants({ size: "sm", variant: "outline" });
const CURRENT_CATEGORY_CLASS = buttonVariants({ size: "sm", variant: "default" });

export async function loader({ request }: Route.LoaderArgs) {
  const filter = catalogFilterFromUrl(new URL(request.url).searchParams);
  const [list, categories, banners, anyProducts] = await Promise.all([
    listProductsPage(filter),
    listCategories(),
    listActiveBanners(),
    filter.category || filter.q || filter.page ? hasActiveProducts() : Promise.resolve(null),
  ]);
  return {
    filter,
    products: list.items,
    pagination: { page: list.page, pageCount: list.pageCount, total: list.total },
    categories,
    banners,
    anyProducts: anyProducts ?? list.total > 0,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Premium Neon Collection",
    description:
      "Shop ready-made LED neon signs for bedrooms, cafes, bars, gaming zones, weddings and quotes. Prices in ₹, 12-month warranty, delivery across India.",
    path: "/products",
  });

export default function Products({ loaderData }: Route.ComponentProps) {
  const { filter, products, pagination, categories, banners, anyProducts } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/products";
  const search = useSearchAsYouType(filter.q ?? "");
  const active = filter.category?.toLowerCase();
  const isActive = (c: { id: string; name: string }) =>
    active === c.name.toLowerCase() || active === c.id.toLowerCase();

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <header className="space-y-2 text-center">
        <h1 className="text-3xl font-extrabold md:text-5xl">
          Premium <span className="neon-text text-primary">Neon Collection</span>
        </h1>
        <p className="text-muted-foreground">Handcrafted LED neon signs, ready to light up your space.</p>
      </header>

      <OffersCarousel banners={banners} />

      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Categories" className="flex flex-wrap gap-2">
          <a
            {...clientLink(catalogHref({ q: filter.q }))}
            aria-current={active ? undefined : "page"}
            className={active ? CATEGORY_CLASS : CURRENT_CATEGORY_CLASS}
          >
            All
          </a>
          {categories.map((c) => (
            <a
              key={c.id}
              {...clientLink(catalogHref({ category: c.name, q: filter.q }))}
              aria-current={isActive(c) ? "page" : undefined}
              className={isActive(c) ? CURRENT_CATEGORY_CLASS : CATEGORY_CLASS}
            >
              {c.name}
            </a>
          ))}
        </nav>
        <Form method="get" action="/products" role="search" className="relative w-full md:w-80">
          {filter.category && <input type="hidden" name="category" value={filter.category} />}
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            name="q"
            {...search}
            placeholder="Search products..."
            aria-label="Search products"
            className="pl-9"
            maxLength={100}
          />
        </Form>
      </div>

      <div aria-live="polite" className={cn(loading && "opacity-60 transition-opacity")}>
        {loading && <p className="sr-only">Loading products...</p>}
        <h2 className="sr-only">Products</h2>
        {products.length === 0 ? (
          <div className="space-y-3 py-16 text-center text-muted-foreground">
            <p>
              {anyProducts
                ? "No products found matching your criteria."
                : "No products available. Add products from the admin panel to see them here."}
            </p>
            {anyProducts && filter.category && filter.q && (
              // The search stays inside the chosen category: say so, and offer every category.
              <p>
                {`The search looked only in ${categories.find(isActive)?.name ?? filter.category}. `}
                <a {...clientLink(catalogHref({ q: filter.q }))} className="text-primary underline">
                  Search all categories
                </a>
              </p>
            )}
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Products">
            {products.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={p} eager={i === 0} />
              </li>
            ))}
          </ul>
        )}
        {pagination.pageCount > 1 && (
          <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-3">
            {pagination.page > 1 ? (
              <Button asChild variant="outline">
                <Link to={catalogHref({ ...filter, page: pagination.page - 1 })} rel="prev">
                  Previous
                </Link>
              </Button>
            ) : null}
            <span className="text-sm text-muted-foreground">
              Page {Math.min(pagination.page, pagination.pageCount)} of {pagination.pageCount}
            </span>
            {pagination.page < pagination.pageCount ? (
              <Button asChild variant="outline">
                <Link to={catalogHref({ ...filter, page: pagination.page + 1 })} rel="next">
                  Next
                </Link>
              </Button>
            ) : null}
          </nav>
        )}
      </div>
    </div>
  );
}
