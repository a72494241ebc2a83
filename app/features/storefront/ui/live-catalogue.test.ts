import { describe, expect, it } from "vitest";
import { liveTables, showsCatalogue } from "./live-catalogue";

describe("showsCatalogue", () => {
  it("is true for home, the products list and product pages only", () => {
    for (const p of ["/", "/products", "/products/0b6f4a52-4a55-4d5e-9a43-0c8b2f0e7d11"])
      expect(showsCatalogue(p), p).toBe(true);
    for (const p of [
      "/customize",
      "/checkout",
      "/contact",
      "/products/a/b",
      "/admin/products",
      "/privacy-policy",
    ]) {
      expect(showsCatalogue(p), p).toBe(false);
    }
  });
});

describe("liveTables", () => {
  it("follows the shop settings on every storefront page, the catalogue only where it is shown", () => {
    expect(liveTables("/checkout")).toEqual(["shop_settings"]);
    expect(liveTables("/shipping-info")).toEqual(["shop_settings"]);
    expect(liveTables("/products")).toContain("shop_settings");
    expect(liveTables("/products")).toContain("banners");
  });

  it("reloads home and product pages when a review is published, withdrawn or answered", () => {
    for (const p of ["/", "/products/abc"]) expect(liveTables(p), p).toContain("reviews");
    expect(liveTables("/contact")).not.toContain("reviews");
  });
});
