import { describe, expect, it } from "vitest";
import { offeredSizes, productUnitPrice, showMrp, sizePrice } from "./product-pricing";
import { SAMPLE_SIZE_PRICES } from "../../../tests/support/size-prices";

const p = SAMPLE_SIZE_PRICES;

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
