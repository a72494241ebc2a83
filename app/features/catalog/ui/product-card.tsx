import { ShareProduct } from "~/features/catalog/ui/share-product";
import { StarRating } from "~/ui/star-rating";
import { Badge } from "~/ui/badge";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { stockRule } from "~/features/catalog/product-facts";
import type { ProductCardData } from "~/features/catalog/catalog-cards";
import { imageAttrs, PLACEHOLDER_IMAGE } from "~/shared/images";
import { clientLink } from "~/ui/client-navigation";
import { useImageBase } from "~/ui/image-base";
import { formatRupees } from "~/shared/money";
import { showMrp } from "~/features/catalog/product-pricing";
import { cn } from "~/ui/utils";

// A list page renders many cards: the two buttons' classes are worked out once, and the links are plain
// links with button styles (no Slot merging per card, no <Link> per link: app/ui/client-navigation.ts).
const SELECT_OPTIONS_CLASS = cn(buttonVariants({ className: "flex-1" }));
const VIEW_DETAILS_CLASS = cn(buttonVariants({ variant: "outline", className: "flex-1" }));

/** A catalogue card: category, image, name, rating, price/MRP, stock, actions and sharing. */
export function ProductCard({
  product,
  eager = false,
  share = true,
}: {
  product: ProductCardData;
  eager?: boolean;
  share?: boolean;
}) {
  const imageBase = useImageBase();
  const link = clientLink(`/products/${product.id}`);
  const stock = stockRule(product);
  const soldOut = !stock.orderable;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative aspect-square bg-muted">
        {product.image ? (
          <img
            {...imageAttrs(product.image, 640, imageBase)}
            sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            alt={product.image.altText ?? product.name}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <img src={PLACEHOLDER_IMAGE} alt="" width={400} height={400} className="size-full object-cover" />
        )}
        <Badge className="absolute left-3 top-3">{product.categoryName ?? "General"}</Badge>
        {soldOut || stock.madeToOrder ? (
          <Badge variant="secondary" className="absolute bottom-3 left-3">
            {soldOut ? "Sold out" : "Made to order"}
          </Badge>
        ) : null}
        {share && (
          <ShareProduct productId={product.id} name={product.name} className="absolute right-3 top-3" />
        )}
      </div>
      <CardContent className="flex flex-1 flex-col gap-3 pt-4">
        <h3 className="text-lg font-semibold">
          <a {...link} className="hover:text-primary">
            {product.name}
          </a>
        </h3>
        <StarRating rating={product.rating} reviewCount={product.reviewCount} />
        <p className="flex items-baseline gap-2">
          <span className="text-xl font-bold">{formatRupees(product.mediumPrice)}</span>
          {showMrp(product.mediumPrice, product.mediumMrp) && (
            <s className="text-sm text-muted-foreground">
              <span className="sr-only">MRP </span>
              {formatRupees(product.mediumMrp)}
            </s>
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          {`Colour: ${product.defaultColor} · ${soldOut ? "Sold out" : stock.madeToOrder ? `Made to order: +${stock.extraDays} days` : `Stock: ${product.stockQuantity}`}`}
        </p>
        <div className="mt-auto flex flex-wrap gap-2">
          {/* A sold-out sign cannot be bought: no "Select Options" invitation, only its details. */}
          {!soldOut && (
            <a {...link} aria-label={`Select Options: ${product.name}`} className={SELECT_OPTIONS_CLASS}>
              Select Options
            </a>
          )}
          <a {...link} aria-label={`View Details: ${product.name}`} className={VIEW_DETAILS_CLASS}>
            View Details
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
