import type { ImageWithAlt } from "~/shared/images";

/** What a product card shows (products list, similar products). */
export type ProductCardData = {
  id: string;
  name: string;
  categoryName: string | null;
  stockQuantity: number;
  /** The colour the product is shown and sold in unless the shopper picks another (PRODUCT_COLORS). */
  defaultColor: string;
  /** With no stock: sold out, or made to order in `madeToOrderDays` more business days. */
  whenSoldOut: string;
  madeToOrderDays: number;
  rating: number;
  reviewCount: number;
  mediumPrice: number;
  mediumMrp: number;
  image: ImageWithAlt | null;
};

/** What a bestseller card on the home page shows. */
export type BestsellerCard = {
  id: string;
  productId: string;
  name: string;
  price: number;
  originalPrice: number;
  badge: string;
  rating: number;
  reviewCount: number;
  image: ImageWithAlt | null;
};

/** A product page photo: `color` is the sign's colour in it (PRODUCT_COLORS), null when not said. */
export type ProductImage = ImageWithAlt & { id: string; color: string | null };
