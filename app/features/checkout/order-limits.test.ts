import { describe, expect, it } from "vitest";
import { mostPerOrder, stockShareErrors } from "./order-limits";
import type { ProductRecord, RequestedProductLine } from "./order-pricing";

const SHARE = { stockSharePercent: 33, stockShareFloor: 3 };

const product = (id: string, stockQuantity: number, whenSoldOut = "sold-out"): ProductRecord => ({
  id,
  name: `Sign ${id}`,
  isActive: true,
  stockQuantity,
  whenSoldOut,
  smallPrice: 1499,
  smallMrp: 1999,
  mediumPrice: 2499,
  mediumMrp: 3499,
  largePrice: null,
  largeMrp: null,
  extraLargePrice: null,
  extraLargeMrp: null,
});

const line = (productId: string, quantity: number, size: "S" | "M" = "M"): RequestedProductLine => ({
  kind: "product",
  cartId: `${productId}-${size}`,
  label: productId,
  productId,
  size,
  color: "Blue",
  brightnessController: false,
  productType: "Standard",
  quantity,
});

describe("one order's share of the stock (issue 41)", () => {
  it("a third of the stock, rounded down, but always 3", () => {
    expect([30, 21, 15, 11, 8, 5, 2, 1, 0].map((s) => mostPerOrder(s, SHARE))).toEqual([
      9, 6, 4, 3, 3, 3, 3, 3, 3,
    ]);
    expect(mostPerOrder(30, { stockSharePercent: 100, stockShareFloor: 1 })).toBe(30);
  });

  it("counts all sizes of a product together, names the most, and leaves made-to-order products alone", () => {
    const records = new Map([
      ["a", product("a", 30)],
      ["m", product("m", 30, "made-to-order")],
    ]);
    expect(stockShareErrors([line("a", 9)], records, SHARE)).toEqual([]);
    expect(stockShareErrors([line("a", 5), line("a", 5, "S")], records, SHARE)).toEqual([
      'You can order at most 9 of "Sign a" in one order right now. For a larger order, please contact us.',
    ]);
    expect(stockShareErrors([line("m", 10)], records, SHARE)).toEqual([]);
  });
});
