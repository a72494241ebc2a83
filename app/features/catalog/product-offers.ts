import { addBusinessDays } from "~/shared/business-days";
import { PRODUCT_SIZES, type ProductSizeId } from "~/features/sign-options/product-options";
import type { ShippingRules } from "~/features/settings/shop-settings";
import { RETURN_WINDOW_DAYS } from "~/features/settings/shop-promises";
import { stockRule, type WhenSoldOut } from "~/features/catalog/product-facts";
import { sizePrice, type SizePrices } from "~/features/catalog/product-pricing";

/*
 * What the shop offers of a product, size by size, as search engines and shopping channels read it (issue 46,
 * decision 064): the price paid and the price before a discount, availability from stock, the delivery days and
 * fee in India, and the return window. One home for both the product feeds (/feeds/google.xml, /feeds/meta.csv)
 * and the product page's structured data, so the two always agree.
 */

/** A product's description when staff gave none (the product page and the feeds say the same). */
export const DEFAULT_DESCRIPTION =
  "A premium handcrafted LED neon sign made with energy-efficient 2nd Gen LED neon flex on 6 mm clear acrylic. Low heat, easy to install and built to last.";

/** Google's availability values we use (Meta's and schema.org's are mapped from these). */
export type OfferAvailability = "in_stock" | "backorder" | "out_of_stock";

export const SCHEMA_AVAILABILITY: Record<OfferAvailability, "InStock" | "BackOrder" | "OutOfStock"> = {
  in_stock: "InStock",
  backorder: "BackOrder",
  out_of_stock: "OutOfStock",
};

export type OfferedProduct = SizePrices & {
  id: string;
  stockQuantity: number;
  whenSoldOut: WhenSoldOut | string;
  madeToOrderDays: number;
};

export type SizeOffer = {
  /** The feed item's id and the Offer's sku: the product and the size ("<uuid>-M"). */
  id: string;
  size: ProductSizeId;
  /** "Medium (1ft x 1ft)". */
  sizeName: string;
  /** What the shopper pays for this size. */
  price: number;
  /** The price before the discount (the MRP when higher than the price; else the price itself). */
  regularPrice: number;
  onSale: boolean;
  availability: OfferAvailability;
  /** A made-to-order sign's day it is ready to leave (YYYY-MM-DD in India); null otherwise. */
  availableFrom: string | null;
  /** Business days from the order to the courier, and in transit (standard delivery in India). */
  handlingDays: { min: number; max: number };
  transitDays: { min: number; max: number };
  /** Standard delivery's fee in India for one unit of this size (0 at or above the free-delivery threshold). */
  shippingFee: number;
};

/** The feed item's id of a product's size. */
export const offerId = (productId: string, size: ProductSizeId) => `${productId}-${size}`;

/** The product page opened at a size (the feed item's link; the page starts with that size chosen). */
export const productOfferPath = (productId: string, size: ProductSizeId) =>
  `/products/${productId}?size=${size}`;

/** In stock, made to order (accepted, shipped when made: Google's backorder), or sold out. */
export function offerAvailability(p: OfferedProduct): OfferAvailability {
  const rule = stockRule(p);
  return !rule.orderable ? "out_of_stock" : rule.madeToOrder ? "backorder" : "in_stock";
}

/** Standard delivery's fee for an order of this amount (the checkout's rule: free from the threshold). */
export function standardShippingFee(
  amount: number,
  shipping: Pick<ShippingRules, "standardFee" | "freeFrom">,
) {
  return shipping.freeFrom !== null && amount >= shipping.freeFrom ? 0 : shipping.standardFee;
}

/** Every size the product is offered in, with what the feeds and the structured data say of it. */
export function sizeOffers(p: OfferedProduct, shipping: ShippingRules, today: string): SizeOffer[] {
  const availability = offerAvailability(p);
  const made = availability === "backorder" ? Math.max(0, p.madeToOrderDays) : 0;
  return PRODUCT_SIZES.flatMap((s) => {
    const sp = sizePrice(p, s.id);
    if (!sp) return [];
    const onSale = sp.mrp > sp.price;
    return [
      {
        id: offerId(p.id, s.id),
        size: s.id,
        sizeName: `${s.label} (${s.dimensions})`,
        price: sp.price,
        regularPrice: onSale ? sp.mrp : sp.price,
        onSale,
        availability,
        availableFrom: made > 0 ? addBusinessDays(today, made) : null,
        handlingDays: { min: shipping.readyDispatchDays, max: shipping.readyDispatchDays + made },
        transitDays: { min: shipping.standardDaysMin, max: shipping.standardDaysMax },
        shippingFee: standardShippingFee(sp.price, shipping),
      },
    ];
  });
}

/** The return policy every ready-made sign has (the Return Policy page's words). */
export const RETURN_POLICY = {
  country: "IN",
  days: RETURN_WINDOW_DAYS,
  /** The Merchant Center return policy's label the Google feed names (README: set it up with this label). */
  googleLabel: `ready-made-${RETURN_WINDOW_DAYS}-days`,
} as const;

/** "1999.00 INR": a price as Google and Meta read it. */
export const feedPrice = (rupees: number) => `${rupees.toFixed(2)} INR`;

const days = (d: { min: number; max: number }) => ({
  "@type": "QuantitativeValue",
  minValue: d.min,
  maxValue: d.max,
  unitCode: "DAY",
});

/** The schema.org Offer of one size: the price, availability, shipping and return policy the feeds give it. */
export function offerJsonLd(offer: SizeOffer, urls: { page: string; returnPolicy: string }) {
  return {
    "@type": "Offer",
    sku: offer.id,
    url: urls.page,
    priceCurrency: "INR",
    price: offer.price,
    availability: `https://schema.org/${SCHEMA_AVAILABILITY[offer.availability]}`,
    availabilityStarts: offer.availableFrom ?? undefined,
    itemCondition: "https://schema.org/NewCondition",
    shippingDetails: {
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: offer.shippingFee, currency: "INR" },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "IN" },
      deliveryTime: {
        "@type": "ShippingDeliveryTime",
        handlingTime: days(offer.handlingDays),
        transitTime: days(offer.transitDays),
      },
    },
    hasMerchantReturnPolicy: {
      "@type": "MerchantReturnPolicy",
      applicableCountry: RETURN_POLICY.country,
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: RETURN_POLICY.days,
      returnMethod: "https://schema.org/ReturnByMail",
      merchantReturnLink: urls.returnPolicy,
    },
  };
}
