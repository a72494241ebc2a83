import { describe, expect, it } from "vitest";
import { offeredSizes, productUnitPrice, showMrp, sizePrice, type SizePrices } from "./product-pricing";

const p: SizePrices = {
  smallPrice: 1499,
  smallMrp: 2099,
  mediumPrice: 2499,
  mediumMrp: 3499,
  largePrice: null,
  largeMrp: null,
  extraLargePrice: 5499,
  extraLargeMrp: 5000,
};

describe("product prices by size", () => {
  it("reads the per-size fields", () => {
    expect(sizePrice(p, "S")).toEqual({ price: 1499, mrp: 2099 });
    expect(sizePrice(p, "M")).toEqual({ price: 2499, mrp: 3499 });
    expect(sizePrice(p, "L")).toBeNull();
  });
  it("offers only sizes with a price", () => {
    expect(offeredSizes(p).map((s) => s.id)).toEqual(["S", "M", "XL"]);
  });
  it("adds ₹500 for the brightness controller", () => {
    expect(productUnitPrice(p, "M", false)).toBe(2499);
    expect(productUnitPrice(p, "M", true)).toBe(2999);
    expect(productUnitPrice(p, "L", true)).toBeNull();
  });
  it("strikes through the MRP only when it is higher", () => {
    expect(showMrp(2499, 3499)).toBe(true);
    expect(showMrp(5499, 5000)).toBe(false);
    expect(showMrp(100, null)).toBe(false);
  });
});
