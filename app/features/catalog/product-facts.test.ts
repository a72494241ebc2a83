import { describe, expect, it } from "vitest";
import { factsFromInput, productFormSchema, SIZE_CM_MESSAGE } from "./admin-catalog";
import { DEFAULT_FACTS, formatSizeCm, parseSizeCm, productFacts, stockRule } from "./product-facts";

const base = {
  categoryId: "6f1c1f4e-8d2a-4b7e-9c1a-2b3c4d5e6f70",
  name: "Coffee Sign",
  mediumPrice: "2499",
  mediumMrp: "3499",
  stockQuantity: "0",
};

describe("product facts", () => {
  it("fills every fact the product leaves empty with the shop's default", () => {
    const f = productFacts({ weight: "  ", power: "9 W", sizesCm: { M: { w: 32, h: 18 } } });
    expect(f.weight).toBe(DEFAULT_FACTS.weight);
    expect(f.power).toBe("9 W");
    expect(f.genericName).toBe("LED neon sign");
    expect(f.countryOfOrigin).toBe("India");
    expect(f.netQuantity).toBe("1 unit");
    expect(f.sizesCm).toEqual({
      S: { w: 15, h: 15 },
      M: { w: 32, h: 18 },
      L: { w: 46, h: 46 },
      XL: { w: 61, h: 61 },
    });
    expect(productFacts(null).placement).toBe("indoor");
  });

  it("reads sizes as typed by an owner and refuses what is not a size", () => {
    expect(parseSizeCm("30 x 20")).toEqual({ w: 30, h: 20 });
    expect(parseSizeCm("45.5×30 cm")).toEqual({ w: 45.5, h: 30 });
    expect(parseSizeCm("60 by 25")).toEqual({ w: 60, h: 25 });
    for (const bad of ["30", "0 x 20", "30 x 2000", "thirty x 20", "30 x 20 x 5", "-3 x 4"])
      expect(parseSizeCm(bad)).toBeNull();
    expect(formatSizeCm({ w: 30, h: 20 })).toBe("30 × 20 cm");
  });

  it("the product form keeps only what was typed and names a bad size", () => {
    const input = productFormSchema.parse({
      ...base,
      sizeCm_M: "32 x 18",
      sizeCm_L: "",
      fact_weight: "1.1 kg",
      fact_genericName: "",
      fact_placement: "outdoor",
      whenSoldOut: "made-to-order",
      madeToOrderDays: "7",
    });
    expect(factsFromInput(input)).toEqual({
      sizesCm: { M: { w: 32, h: 18 } },
      weight: "1.1 kg",
      placement: "outdoor",
    });
    expect(input).toMatchObject({ whenSoldOut: "made-to-order", madeToOrderDays: 7 });
    const bad = productFormSchema.safeParse({
      ...base,
      sizeCm_S: "big",
      madeToOrderDays: "0",
      whenSoldOut: "x",
    });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["sizeCm_S", SIZE_CM_MESSAGE],
      ["whenSoldOut", "Please choose what happens when it is sold out"],
      ["madeToOrderDays", "Extra days to make must be at least 1"],
    ]);
    expect(productFormSchema.safeParse({ ...base, madeToOrderDays: "61" }).success).toBe(false);
  });
});

describe("stock rule (sold out or made to order)", () => {
  const p = (stockQuantity: number, whenSoldOut = "sold-out", madeToOrderDays = 5) => ({
    stockQuantity,
    whenSoldOut,
    madeToOrderDays,
  });
  it("in stock: orderable, nothing extra", () => {
    expect(stockRule(p(3), 3)).toEqual({ orderable: true, madeToOrder: false, extraDays: 0 });
  });
  it("short of stock: sold out refuses, made to order adds its days", () => {
    expect(stockRule(p(0))).toEqual({ orderable: false, madeToOrder: false, extraDays: 0 });
    expect(stockRule(p(2), 3).orderable).toBe(false);
    expect(stockRule(p(0, "made-to-order", 8))).toEqual({ orderable: true, madeToOrder: true, extraDays: 8 });
    expect(stockRule(p(2, "made-to-order", 4), 3)).toEqual({
      orderable: true,
      madeToOrder: true,
      extraDays: 4,
    });
  });
});
