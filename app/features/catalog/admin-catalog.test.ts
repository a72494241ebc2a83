import { describe, expect, it } from "vitest";
import {
  bannerFileError,
  bannerFormSchema,
  bestsellerFormSchema,
  categoryFormSchema,
  isAllowedBannerLink,
  MESSAGES,
  parseImageSlots,
  productFormSchema,
  productImageFileError,
} from "./admin-catalog";
import { canMove } from "~/shared/admin-forms";
import { fieldErrorsOf } from "~/shared/form-errors";

const CAT = "0b6f4a52-4a55-4d5e-9a43-0c8b2f0e7d11";
const IMG1 = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const IMG2 = "9b2d3f3e-1c4a-4b8e-8f7a-2d6e5c4b3a21";
const MB = 1024 * 1024;

const validProduct = {
  categoryId: CAT,
  name: "  Good Vibes  ",
  description: "",
  mediumPrice: "2499",
  mediumMrp: "3499",
  stockQuantity: "10",
  isActive: "on",
};

function productErrors(values: Record<string, string>) {
  const r = productFormSchema.safeParse(values);
  return r.success ? {} : fieldErrorsOf(r.error);
}

describe("category form", () => {
  it("needs a name and keeps an optional description", () => {
    expect(categoryFormSchema.parse({ name: " Bedroom ", description: "" })).toEqual({
      name: "Bedroom",
      description: undefined,
    });
    const r = categoryFormSchema.safeParse({ name: "   " });
    expect(r.success).toBe(false);
    expect(fieldErrorsOf(r.error!)).toEqual({ name: MESSAGES.categoryName });
  });
});

describe("product form", () => {
  it("parses a valid form into typed values; unused sizes are null", () => {
    const p = productFormSchema.parse(validProduct);
    expect(p).toMatchObject({
      categoryId: CAT,
      name: "Good Vibes",
      description: undefined,
      mediumPrice: 2499,
      mediumMrp: 3499,
      smallPrice: null,
      largeMrp: null,
      stockQuantity: 10,
      isActive: true,
    });
    expect(
      productFormSchema.parse({ ...validProduct, isActive: undefined as unknown as string }).isActive,
    ).toBe(false);
  });

  it("uses the spec's messages for the required fields", () => {
    const e = productErrors({ name: "" });
    expect(e.categoryId).toBe("Please select a category");
    expect(e.name).toBe("Product name is required");
    expect(e.mediumPrice).toBe("Medium price is required");
    expect(e.mediumMrp).toBe("Medium MRP is required");
    expect(e.stockQuantity).toBe("Stock quantity is required");
    expect(productErrors({ ...validProduct, categoryId: "" }).categoryId).toBe("Please select a category");
    expect(productErrors({ ...validProduct, mediumPrice: "  " }).mediumPrice).toBe(
      "Medium price is required",
    );
  });

  it("takes no rating or review count: staff cannot type stars (issue 29)", () => {
    const p = productFormSchema.parse({ ...validProduct, rating: "5", reviewCount: "999" });
    expect(p).not.toHaveProperty("rating");
    expect(p).not.toHaveProperty("reviewCount");
  });

  it("refuses negative, fractional and absurd numbers", () => {
    expect(productErrors({ ...validProduct, stockQuantity: "-1" }).stockQuantity).toBe(
      "Stock quantity must be a whole number, 0 or more",
    );
    expect(productErrors({ ...validProduct, stockQuantity: "1.5" }).stockQuantity).toMatch(/whole number/);
    expect(productErrors({ ...validProduct, smallPrice: "1e3" }).smallPrice).toMatch(/whole number/);
    expect(productErrors({ ...validProduct, largeMrp: "99999999999" }).largeMrp).toMatch(/at most/);
    expect(productFormSchema.parse({ ...validProduct, smallPrice: "1499", smallMrp: "" })).toMatchObject({
      smallPrice: 1499,
      smallMrp: null,
    });
  });
});

describe("MRP is never below the price (Legal Metrology, issue 42)", () => {
  it("refuses a Large MRP of ₹3,500 under a price of ₹3,999 with a message naming both", () => {
    const e = productErrors({ ...validProduct, largePrice: "3999", largeMrp: "3500" });
    expect(e.largeMrp).toBe(
      "Large MRP (₹3,500) is below its price (₹3,999): the MRP is the most a buyer may be charged, so make it at least the price.",
    );
    expect(productErrors({ ...validProduct, mediumPrice: "2500", mediumMrp: "2499" }).mediumMrp).toMatch(
      /^Medium MRP \(₹2,499\) is below its price \(₹2,500\)/,
    );
  });

  it("accepts an MRP equal to or above the price, and a size with no MRP", () => {
    expect(
      productFormSchema.safeParse({ ...validProduct, largePrice: "3999", largeMrp: "3999" }).success,
    ).toBe(true);
    expect(productFormSchema.safeParse({ ...validProduct, largePrice: "3999", largeMrp: "" }).success).toBe(
      true,
    );
  });
});

describe("product images", () => {
  it("keeps existing images then uploads when the browser sent no plan", () => {
    expect(parseImageSlots(null, [IMG1], 2)).toEqual({
      ok: true,
      slots: [{ existing: IMG1 }, { upload: 0 }, { upload: 1 }],
    });
  });

  it("needs 1 to 5 images", () => {
    expect(parseImageSlots(null, [], 0)).toEqual({ ok: false, error: "Please upload at least 1 image" });
    expect(parseImageSlots(null, [IMG1], 5)).toEqual({ ok: false, error: "Maximum 5 images allowed" });
    expect(parseImageSlots("[]", [IMG1], 0)).toEqual({ ok: false, error: "Please upload at least 1 image" });
  });

  it("follows the plan's order and refuses foreign, repeated or missing entries", () => {
    const plan = JSON.stringify([{ upload: 0 }, { existing: IMG2 }]);
    expect(parseImageSlots(plan, [IMG1, IMG2], 1)).toEqual({
      ok: true,
      slots: [{ upload: 0 }, { existing: IMG2 }],
    });
    expect(parseImageSlots(JSON.stringify([{ existing: IMG2 }]), [IMG1], 0).ok).toBe(false);
    expect(parseImageSlots(JSON.stringify([{ existing: IMG1 }, { existing: IMG1 }]), [IMG1], 0).ok).toBe(
      false,
    );
    expect(parseImageSlots(JSON.stringify([{ upload: 1 }]), [], 1).ok).toBe(false);
    expect(parseImageSlots("not json", [], 1).ok).toBe(false);
    expect(parseImageSlots(JSON.stringify([{ upload: 0, existing: IMG1 }]), [IMG1], 1).ok).toBe(false);
  });

  it("checks size and type before sending", () => {
    expect(productImageFileError({ size: 2 * MB, type: "image/png" })).toBeUndefined();
    expect(productImageFileError({ size: 10 * MB, type: "image/jpeg" })).toBeUndefined();
    expect(productImageFileError({ size: 10 * MB + 1, type: "image/jpeg" })).toBe(MESSAGES.productImageSize);
    expect(productImageFileError({ size: 0, type: "image/png" })).toBe(MESSAGES.emptyFile);
    expect(productImageFileError({ size: 100, type: "image/svg+xml" })).toBe(MESSAGES.productImageType);
    expect(productImageFileError({ size: 100, type: "text/html" })).toBe(MESSAGES.productImageType);
  });
});

describe("bestseller form", () => {
  it("needs a product and defaults the badge to Bestseller", () => {
    expect(bestsellerFormSchema.parse({ productId: IMG1, badgeText: "  " })).toEqual({
      productId: IMG1,
      badgeText: "Bestseller",
    });
    expect(bestsellerFormSchema.parse({ productId: IMG1, badgeText: "Hot" }).badgeText).toBe("Hot");
    const r = bestsellerFormSchema.safeParse({ productId: "" });
    expect(fieldErrorsOf(r.error!)).toEqual({ productId: "Please select a product." });
  });
});

describe("banner form", () => {
  it("needs a title", () => {
    const r = bannerFormSchema.safeParse({ title: " " });
    expect(fieldErrorsOf(r.error!)).toEqual({ title: "Banner title is required" });
    expect(bannerFormSchema.parse({ title: "Sale", linkUrl: "" })).toEqual({
      title: "Sale",
      linkUrl: null,
      promotion: { discountCodeId: null, offerId: null },
    });
  });

  it("may promise one discount code or one offer, by id", () => {
    const id = "0b6f4a52-4a55-4d5e-9a43-0c8b2f0e7d11";
    expect(bannerFormSchema.parse({ title: "Sale", promotion: `code:${id}` }).promotion).toEqual({
      discountCodeId: id,
      offerId: null,
    });
    expect(bannerFormSchema.parse({ title: "Sale", promotion: `offer:${id}` }).promotion).toEqual({
      discountCodeId: null,
      offerId: id,
    });
    const bad = bannerFormSchema.safeParse({ title: "Sale", promotion: "coupon:FREE" });
    expect(fieldErrorsOf(bad.error!)).toEqual({
      promotion: "Please choose a discount code or an offer from the list",
    });
  });

  it("takes an http(s) link or a path of this shop only", () => {
    for (const ok of ["/products", "/products/abc?x=1", "https://example.com/sale", "http://example.com"]) {
      expect(isAllowedBannerLink(ok), ok).toBe(true);
    }
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example",
      "/\\evil.example",
      "ftp://x.example",
      "products",
      "data:text/html,x",
      "https://",
    ]) {
      expect(isAllowedBannerLink(bad), bad).toBe(false);
    }
    expect(
      fieldErrorsOf(bannerFormSchema.safeParse({ title: "x", linkUrl: "javascript:alert(1)" }).error!)
        .linkUrl,
    ).toBe(MESSAGES.bannerLink);
  });

  it("needs an image file of at most 5MB", () => {
    expect(bannerFileError(null)).toBe("Please select an image file");
    expect(bannerFileError({ size: 10, type: "application/pdf" })).toBe("Please select an image file");
    expect(bannerFileError({ size: 5 * MB + 1, type: "image/png" })).toBe(
      "File size should be less than 5MB",
    );
    expect(bannerFileError({ size: 5 * MB, type: "image/jpeg" })).toBeUndefined();
  });
});

describe("reorder arrows", () => {
  it("disables the first up and the last down", () => {
    expect(canMove(0, 3, "up")).toBe(false);
    expect(canMove(0, 3, "down")).toBe(true);
    expect(canMove(2, 3, "down")).toBe(false);
    expect(canMove(2, 3, "up")).toBe(true);
    expect(canMove(0, 1, "down")).toBe(false);
  });
});
