import { Link } from "react-router";
import { Button } from "~/ui/button";
import { catalogHref } from "~/features/catalog/catalog";

const CATEGORIES = [
  { name: "Bedroom", count: "10+ designs", slug: "bedroom" },
  { name: "Bar/Cafe", count: "15+ designs", slug: "bar-cafe" },
  { name: "Gaming Zone", count: "5+ designs", slug: "gaming-zone" },
  { name: "Wedding/Event", count: "20+ designs", slug: "wedding-event" },
  { name: "Quotes", count: "15+ designs", slug: "quotes" },
];

/** Shop by category: links into the products list. */
export function HomeCategories() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="mb-10 text-center text-3xl font-bold">
        Popular Categories
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-5">
        {CATEGORIES.map((c) => (
          <li key={c.name}>
            <Link
              to={catalogHref({ category: c.name })}
              className="group relative block aspect-square overflow-hidden rounded-xl border"
            >
              <img
                src={`/images/category-${c.slug}-320.webp`}
                srcSet={`/images/category-${c.slug}-320.webp 320w, /images/category-${c.slug}-480.webp 480w`}
                sizes="(min-width: 768px) 20vw, 50vw"
                width={480}
                height={480}
                alt=""
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition-transform group-hover:scale-105"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 to-transparent p-3">
                <span className="block font-semibold text-white">{c.name}</span>
                <span className="block text-xs text-white/85">{c.count}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center">
        <Button asChild variant="outline">
          <Link to="/products">View All Categories</Link>
        </Button>
      </p>
    </section>
  );
}
