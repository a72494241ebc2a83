import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./sitemap";

describe("sitemap and robots", () => {
  it("lists the public pages and each product", () => {
    const xml = sitemapXml("https://shop.example", [
      { id: "abc", updatedAt: new Date("2025-08-01T10:00:00Z") },
    ]);
    for (const p of [
      "/",
      "/products",
      "/customize",
      "/contact",
      "/privacy-policy",
      "/terms-of-service",
      "/return-policy",
      "/shipping-info",
      "/review-policy",
    ]) {
      expect(xml).toContain(`<loc>https://shop.example${p}</loc>`);
    }
    expect(xml).toContain("<loc>https://shop.example/products/abc</loc><lastmod>2025-08-01</lastmod>");
    expect(xml).not.toContain("/checkout");
  });
  it("keeps crawlers out of admin, checkout and confirmation", () => {
    const txt = robotsTxt("https://shop.example");
    expect(txt).toContain("Disallow: /admin");
    expect(txt).toContain("Disallow: /checkout");
    expect(txt).toContain("Disallow: /order-confirmation");
    // The private review links, not the public review policy.
    expect(txt).toContain("Disallow: /review/\n");
    expect(txt).not.toContain("Disallow: /review-policy");
    expect(txt).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});
