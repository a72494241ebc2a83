import { describe, expect, it } from "vitest";
import { parseStoredCart } from "~/features/cart/cart";
import {
  bestsellersOnHome,
  catalogHref,
  HOME_BESTSELLERS,
  photoForColor,
  productCartLine,
  shareText,
} from "./catalog";
import { catalogFilterFromUrl } from "./catalog-filter";
import { formatRating, formatRupees } from "~/shared/money";
import type { SizePrices } from "./product-pricing";
import { SAMPLE_SIZE_PRICES } from "../../../tests/support/size-prices";

const product: SizePrices & { id: string; name: string } = {
  id: "11111111-2222-3333-4444-555555555555",
  name: "Good Vibes Only Neon Sign",
  ...SAMPLE_SIZE_PRICES,
};

describe("products list filter in the URL", () => {
  it("reads category and search, trimmed, empty means none", () => {
    // A NUL or a broken character in the URL is dropped, never an error (PostgreSQL cannot take a NUL).
    expect(catalogFilterFromUrl(new URLSearchParams("q=%00&category=%00bed"))).toEqual({
      category: "bed",
      q: undefined,
    });
    expect(catalogFilterFromUrl(new URLSearchParams("category=Bedroom&q=%20moon%20"))).toEqual({
      category: "Bedroom",
      q: "moon",
    });
    expect(catalogFilterFromUrl(new URLSearchParams("category=&q="))).toEqual({
      category: undefined,
      q: undefined,
    });
  });
  it("cuts an over-long search instead of failing", () => {
    const f = catalogFilterFromUrl(new URLSearchParams(`q=${"a".repeat(500)}`));
    expect(f.q).toHaveLength(100);
  });
  it("builds shareable list addresses", () => {
    expect(catalogHref({})).toBe("/products");
    expect(catalogHref({ category: "Bar/Cafe", q: "50% off" })).toBe(
      "/products?category=Bar%2FCafe&q=50%25+off",
    );
  });
});

describe("a ready-made cart line", () => {
  const sel = { size: "M" as const, color: "Pink", brightnessController: false, productType: "Standard" };
  it("costs the chosen size's price", () => {
    expect(productCartLine(product, sel, "/x.webp", 1)?.price).toBe(2499);
    expect(productCartLine(product, { ...sel, size: "XL" }, "/x.webp", 1)?.price).toBe(5499);
  });
  it("adds ₹500 for the brightness controller", () => {
    expect(productCartLine(product, { ...sel, brightnessController: true }, "/x.webp", 1)?.price).toBe(2999);
  });
  it("refuses a size without a price", () => {
    expect(productCartLine(product, { ...sel, size: "L" }, "/x.webp", 1)).toBeNull();
  });
  it("has an id from product, size, colour, brightness flag and time, and the spec's productConfig", () => {
    const line = productCartLine(product, { ...sel, brightnessController: true }, "/x.webp", 1700000000000)!;
    expect(line.id).toBe(`${product.id}-M-Pink-1-1700000000000`);
    expect(line.type).toBe("product");
    expect(line.productConfig).toEqual({
      size: "M",
      color: "Pink",
      brightnessController: true,
      productType: "Standard",
      originalProductId: product.id,
    });
    expect(productCartLine(product, sel, "/x.webp", 1700000000001)!.id).not.toBe(line.id);
    // The line survives the cart's own storage check.
    expect(parseStoredCart(JSON.stringify([{ ...line, quantity: 1 }]))).toHaveLength(1);
  });
});

describe("shop wording and formats", () => {
  it("formats rupees the Indian way and ratings with one decimal", () => {
    expect(formatRupees(123456)).toBe("₹1,23,456");
    expect(formatRupees(2999)).toBe("₹2,999");
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(4.85)).toMatch(/^4\.[89]$/);
  });
  it("uses the spec's share text", () => {
    expect(shareText("Game On")).toBe("Check out this amazing neon sign: Game On");
  });
});

describe("products list page number", () => {
  it("reads ?page=, ignoring anything that is not a page number", async () => {
    const { catalogFilterFromUrl: parse } = await import("./catalog-filter");
    const { catalogHref: href } = await import("./catalog");
    expect(parse(new URLSearchParams("page=3&q=moon")).page).toBe(3);
    expect(parse(new URLSearchParams("page=1")).page).toBeUndefined();
    expect(parse(new URLSearchParams("page=-2")).page).toBeUndefined();
    expect(parse(new URLSearchParams("page=abc&q=moon"))).toEqual({ category: undefined, q: "moon" });
    expect(href({ category: "Bedroom", q: "moon", page: 2 })).toBe(
      "/products?category=Bedroom&q=moon&page=2",
    );
    expect(href({ page: 1 })).toBe("/products");
  });
});

describe("bestsellersOnHome", () => {
  it("takes the first 6 active bestsellers of active products, in order; a 7th is not shown", () => {
    const rows = Array.from({ length: 9 }, (_, i) => ({
      id: `b${i + 1}`,
      isActive: i !== 1,
      productActive: i !== 2,
    }));
    expect([...bestsellersOnHome(rows)]).toEqual(["b1", "b4", "b5", "b6", "b7", "b8"]);
    expect(bestsellersOnHome(rows).has("b9")).toBe(false);
    expect(bestsellersOnHome(rows.slice(0, 3)).size).toBe(1);
    expect(HOME_BESTSELLERS).toBe(6);
  });
});

describe("the cart line's photo for the chosen colour (issue 42)", () => {
  const photos = [
    { id: "a", color: "Pink" },
    { id: "b", color: "White" },
    { id: "c", color: null },
  ];
  it("is the first photo of the sign in that colour", () => {
    expect(photoForColor(photos, "White")?.id).toBe("b");
    expect(photoForColor(photos, "Pink")?.id).toBe("a");
  });
  it("else a photo whose colour is not said; never a photo of another colour", () => {
    expect(photoForColor(photos, "Blue")?.id).toBe("c");
    expect(photoForColor(photos.slice(0, 2), "Blue")).toBeNull();
    expect(photoForColor([{ id: "pink", color: "Pink" }], "White")).toBeNull();
    expect(photoForColor([], "White")).toBeNull();
  });
});
