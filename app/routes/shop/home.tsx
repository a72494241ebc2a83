import { Link } from "react-router";
import { StarRating } from "~/components/star-rating";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { imageAttrs, PLACEHOLDER_IMAGE } from "~/domain/images";
import { formatRupees } from "~/domain/money";
import { showMrp } from "~/domain/product-pricing";
import { pageMeta } from "~/lib/seo";
import { listBestsellers } from "~/server/catalog.server";
import type { Route } from "./+types/home";

export async function loader() {
  return { bestsellers: await listBestsellers() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Custom LED Neon Signs in India",
    description:
      "Ready-made and custom LED neon signs for bedrooms, cafes, gaming zones and weddings. 12-month warranty, delivered across India.",
    path: "/",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { bestsellers } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-[#1a0b1f] via-background to-[#0b1420]">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-20 md:py-28">
          <h1 className="max-w-2xl text-4xl font-extrabold leading-tight md:text-6xl">
            Create Stunning <span className="neon-text text-primary">Neon Signs</span>
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            Handcrafted LED neon for your home, cafe, gaming room or wedding. Pick a ready-made design or make your own.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/products">Shop Ready-Made Signs</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/customize">Customize Your Neon</Link>
            </Button>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="bestsellers-heading">
        <h2 id="bestsellers-heading" className="mb-8 text-center text-3xl font-bold">
          Bestselling Neon Signs
        </h2>
        {bestsellers.length === 0 ? (
          <p className="text-center text-muted-foreground">No bestselling products yet.</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {bestsellers.map((b) => (
              <li key={b.id}>
                <Card className="overflow-hidden">
                  <div className="relative aspect-square bg-muted">
                    {b.image ? (
                      <img
                        {...imageAttrs(b.image, 640)}
                        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                        alt={b.image.altText ?? b.name}
                        loading="lazy"
                        decoding="async"
                        className="size-full object-cover"
                      />
                    ) : (
                      <img src={PLACEHOLDER_IMAGE} alt="" className="size-full object-cover" />
                    )}
                    <Badge className="absolute left-3 top-3">{b.badge}</Badge>
                  </div>
                  <CardContent className="space-y-3 pt-4">
                    <h3 className="text-lg font-semibold">{b.name}</h3>
                    <StarRating rating={b.rating} reviewCount={b.reviewCount} />
                    <p className="flex items-baseline gap-2">
                      <span className="text-xl font-bold">{formatRupees(b.price)}</span>
                      {showMrp(b.price, b.originalPrice) && (
                        <s className="text-sm text-muted-foreground">{formatRupees(b.originalPrice)}</s>
                      )}
                    </p>
                    <div className="flex gap-2">
                      <Button asChild className="flex-1">
                        <Link to={`/products/${b.productId}`}>Select Options</Link>
                      </Button>
                      <Button asChild variant="outline" className="flex-1">
                        <Link to={`/products/${b.productId}`}>View Details</Link>
                      </Button>
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
