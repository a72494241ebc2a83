import { Link } from "react-router";
import { StarRating } from "~/ui/star-rating";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { imageAttrs, PLACEHOLDER_IMAGE } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import { formatRupees } from "~/shared/money";
import { showMrp } from "~/features/catalog/product-pricing";
import type { BestsellerCard } from "~/features/catalog/catalog-cards";

/** The bestselling signs, chosen by staff in the admin. */
export function HomeBestsellers({ bestsellers }: { bestsellers: BestsellerCard[] }) {
  const imageBase = useImageBase();
  return (
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
                      {...imageAttrs(b.image, 640, imageBase)}
                      sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                      alt={b.image.altText ?? b.name}
                      loading="lazy"
                      decoding="async"
                      className="size-full object-cover"
                    />
                  ) : (
                    <img
                      src={PLACEHOLDER_IMAGE}
                      alt=""
                      width={400}
                      height={400}
                      className="size-full object-cover"
                    />
                  )}
                  <Badge className="absolute left-3 top-3">{b.badge}</Badge>
                </div>
                <CardContent className="space-y-3 pt-4">
                  <h3 className="text-lg font-semibold">{b.name}</h3>
                  <StarRating rating={b.rating} reviewCount={b.reviewCount} />
                  <p className="flex items-baseline gap-2">
                    <span className="text-xl font-bold">{formatRupees(b.price)}</span>
                    {showMrp(b.price, b.originalPrice) && (
                      <s className="text-sm text-muted-foreground">
                        <span className="sr-only">MRP </span>
                        {formatRupees(b.originalPrice)}
                      </s>
                    )}
                  </p>
                  <div className="flex gap-2">
                    <Button asChild className="flex-1">
                      <Link to={`/products/${b.productId}`} aria-label={`Select Options: ${b.name}`}>
                        Select Options
                      </Link>
                    </Button>
                    <Button asChild variant="outline" className="flex-1">
                      <Link to={`/products/${b.productId}`} aria-label={`View Details: ${b.name}`}>
                        View Details
                      </Link>
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
