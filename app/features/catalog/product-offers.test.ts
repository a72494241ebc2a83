import { describe, expect, it } from "vitest";
import { DEFAULT_SHIPPING } from "~/features/settings/shop-settings";
import {
  offerAvailability,
  offerJsonLd,
  sizeOffers,
  standardShippingFee,
  type OfferedProduct,
} from "./product-offers";

const product: OfferedProduct = {
  id: "11111111-1111-4111-8111-111111111111",
  stockQuantity: 4,
  whenSoldOut: "sold-out",
  madeToOrderDays: 5,
  smallPrice: null,
  smallMrp: null,
  mediumPrice: 1999,
  mediumMrp: 2499,
  largePrice: 5500,
  largeMrp: 5500,
  extraLargePrice: null,
  extraLargeMrp: null,
};
const TODAY = "2026-12-03"; // a Thursday

describe("a product's offers by size (issue 46)", () => {
  it("gives each offered size its own id, price, price before the discount and delivery fee", () => {
    const offers = sizeOffers(product, DEFAULT_SHIPPING, TODAY);
    expect(offers.map((o) => o.id)).toEqual([`${product.id}-M`, `${product.id}-L`]);
    expect(offers[0]).toMatchObject({
      size: "M",
      sizeName: "Medium (1ft x 1ft)",
      price: 1999,
      regularPrice: 2499,
      onSale: true,
      availability: "in_stock",
      availableFrom: null,
      handlingDays: { min: 2, max: 2 },
      transitDays: { min: 5, max: 12 },
      shippingFee: 299,
    });
    // An MRP equal to the price is no discount; from ₹5,000 standard delivery is free.
    expect(offers[1]).toMatchObject({ price: 5500, regularPrice: 5500, onSale: false, shippingFee: 0 });
  });

  it("is in stock, made to order (Google's backorder, with the day it is ready) or sold out", () => {
    expect(offerAvailability(product)).toBe("in_stock");
    const none = { ...product, stockQuantity: 0 };
    expect(offerAvailability(none)).toBe("out_of_stock");
    const made = { ...none, whenSoldOut: "made-to-order" };
    expect(offerAvailability(made)).toBe("backorder");
    const [m] = sizeOffers(made, DEFAULT_SHIPPING, TODAY);
    // Five business days from Thursday 3 December skip Sunday the 6th.
    expect(m).toMatchObject({ availableFrom: "2026-12-09", handlingDays: { min: 2, max: 7 } });
  });

  it("charges standard delivery below the threshold only, and always when there is none", () => {
    expect(standardShippingFee(4999, { standardFee: 299, freeFrom: 5000 })).toBe(299);
    expect(standardShippingFee(5000, { standardFee: 299, freeFrom: 5000 })).toBe(0);
    expect(standardShippingFee(90_000, { standardFee: 299, freeFrom: null })).toBe(299);
  });

  it("states the same price, availability, shipping and return policy as schema.org's Offer", () => {
    const [m] = sizeOffers(
      { ...product, stockQuantity: 0, whenSoldOut: "made-to-order" },
      DEFAULT_SHIPPING,
      TODAY,
    );
    const ld = offerJsonLd(m!, {
      page: "https://shop.test/products/x?size=M",
      returnPolicy: "https://shop.test/return-policy",
    });
    expect(ld).toMatchObject({
      sku: m!.id,
      price: 1999,
      priceCurrency: "INR",
      availability: "https://schema.org/BackOrder",
      availabilityStarts: "2026-12-09",
      shippingDetails: {
        shippingRate: { value: 299, currency: "INR" },
        shippingDestination: { addressCountry: "IN" },
        deliveryTime: {
          handlingTime: { minValue: 2, maxValue: 7 },
          transitTime: { minValue: 5, maxValue: 12 },
        },
      },
      hasMerchantReturnPolicy: {
        applicableCountry: "IN",
        merchantReturnDays: 7,
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnLink: "https://shop.test/return-policy",
      },
    });
  });
});
