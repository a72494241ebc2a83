import type { CartItem } from "~/features/cart/cart";
import { productUnitPrice, type SizePrices } from "./product-pricing";
import { type ProductSizeId } from "~/features/sign-options/product-options";

export type CatalogFilter = { category?: string; q?: string; page?: number };

/** Products shown per page of the products list. */
export const PRODUCTS_PER_PAGE = 24;
/** How many bestsellers the home page shows (the first active ones of active products, in the admin's order). */
export const HOME_BESTSELLERS = 6;

/** The bestsellers the home page shows: the first HOME_BESTSELLERS active ones whose product is active. */
export function bestsellersOnHome<T extends { id: string; isActive: boolean; productActive: boolean }>(
  rows: readonly T[],
): Set<string> {
  return new Set(
    rows
      .filter((r) => r.isActive && r.productActive)
      .slice(0, HOME_BESTSELLERS)
      .map((r) => r.id),
  );
}

/** The URL of the products list for a filter (category 'All' = no category; page 1 has no page). */
export function catalogHref(filter: CatalogFilter): string {
  const p = new URLSearchParams();
  if (filter.category) p.set("category", filter.category);
  if (filter.q) p.set("q", filter.q);
  if (filter.page && filter.page > 1) p.set("page", String(filter.page));
  const s = p.toString();
  return s ? `/products?${s}` : "/products";
}

export const shareText = (name: string) => `Check out this amazing neon sign: ${name}`;

export type ProductSelection = {
  size: ProductSizeId;
  color: string;
  brightnessController: boolean;
  productType: string;
};

/**
 * The photo a cart line shows for the chosen colour (issue 42): the first photo of the sign in that colour,
 * else the first photo whose colour is not said; null when every photo shows another colour (a pink photo is
 * never the picture of a white sign: the cart then shows the colour itself).
 */
export function photoForColor<T extends { color: string | null }>(
  images: readonly T[],
  color: string,
): T | null {
  return images.find((img) => img.color === color) ?? images.find((img) => img.color === null) ?? null;
}

/**
 * The cart line for a ready-made product: unit price from the chosen size plus add-ons; the id is
 * built from product id, size, colour, brightness flag and a timestamp, so each add is its own line.
 * `image` is the chosen colour's photo (`photoForColor`), "" when there is none. Null when the size is not
 * offered.
 */
export function productCartLine(
  product: SizePrices & { id: string; name: string },
  selection: ProductSelection,
  image: string,
  now: number,
): Omit<CartItem, "quantity"> | null {
  const price = productUnitPrice(product, selection.size, selection.brightnessController);
  if (price === null) return null;
  return {
    id: `${product.id}-${selection.size}-${selection.color}-${selection.brightnessController ? 1 : 0}-${now}`,
    name: product.name,
    price,
    image,
    type: "product",
    productConfig: {
      size: selection.size,
      color: selection.color,
      brightnessController: selection.brightnessController,
      productType: selection.productType,
      originalProductId: product.id,
    },
  };
}
