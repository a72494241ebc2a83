import { describe, expect, it } from "vitest";
import { liveTables } from "./live-catalogue";

describe("live storefront tables", () => {
  it("reload catalogue pages on catalogue and review changes, every page on settings changes", () => {
    for (const path of ["/", "/products", "/products/abc"]) {
      expect(liveTables(path)).toContain("products");
      // A review published, withdrawn or answered: the product page's reviews, home's photos and testimonials.
      expect(liveTables(path)).toContain("reviews");
      expect(liveTables(path)).toContain("shop_settings");
    }
    expect(liveTables("/checkout")).toEqual(["shop_settings"]);
    expect(liveTables("/products/abc/edit")).toEqual(["shop_settings"]);
  });
});
