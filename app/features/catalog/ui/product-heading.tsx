import { StarRating } from "~/ui/star-rating";
import { Badge } from "~/ui/badge";
import { formatRupees } from "~/shared/money";
import { showMrp } from "~/features/catalog/product-pricing";
import type { ProductCardData } from "~/features/catalog/catalog-cards";

type Props = {
  product: Pick<ProductCardData, "name" | "categoryName" | "rating" | "reviewCount">;
  inStock: boolean;
  madeToOrder: boolean;
  /** The chosen size's price and MRP. */
  price: number;
  mrp: number;
  description: string;
};

/** The product page's badges, name, rating, price (with the MRP when it is higher) and description. */
export function ProductHeading({ product, inStock, madeToOrder, price, mrp, description }: Props) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Badge variant="secondary">{product.categoryName ?? "General"}</Badge>
        {inStock && (
          <Badge variant="success" className="bg-emerald-700">
            In Stock
          </Badge>
        )}
        {madeToOrder && <Badge variant="secondary">Made to order</Badge>}
      </div>
      <h1 className="text-3xl font-extrabold md:text-4xl">{product.name}</h1>
      <StarRating rating={product.rating} reviewCount={product.reviewCount} />
      <p className="flex items-baseline gap-3" aria-live="polite">
        <span className="text-3xl font-bold" data-testid="product-price">
          {formatRupees(price)}
        </span>
        {showMrp(price, mrp) && (
          <s className="text-lg text-muted-foreground">
            <span className="sr-only">MRP </span>
            {formatRupees(mrp)}
          </s>
        )}
      </p>
      <p className="-mt-4 text-xs text-muted-foreground">MRP inclusive of all taxes</p>
      <p className="text-muted-foreground">{description}</p>
    </>
  );
}
