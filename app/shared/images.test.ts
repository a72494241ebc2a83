import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  imageAttrs,
  imageUrl,
  isServedImagePath,
  SHOP_IMAGE_BASE,
  storedImageUrl,
  variantWidths,
} from "./images";

const key = "0123456789abcdef0123456789abcdef";
const CDN = "https://img.neonlights.in/shop";

describe("image URLs under a base", () => {
  it("puts the key and width under the shop's /uploads or a public store address", () => {
    expect(imageUrl(key, 320, SHOP_IMAGE_BASE)).toBe(`/uploads/${key}/320.webp`);
    expect(imageUrl(key, 320, CDN)).toBe(`${CDN}/${key}/320.webp`);
  });

  it("builds src, srcSet and the intrinsic size from the base", () => {
    const img = { imageKey: key, width: 1000, height: 500 };
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(imageAttrs(img, 640, CDN)).toEqual({
      src: `${CDN}/${key}/640.webp`,
      srcSet: [320, 640, 960, 1000].map((w) => `${CDN}/${key}/${w}.webp ${w}w`).join(", "),
      width: 1000,
      height: 500,
    });
    expect(imageAttrs(img, 1280, SHOP_IMAGE_BASE).src).toBe(`/uploads/${key}/1000.webp`);
    expect(imageAttrs({ imageKey: key, width: 200, height: 100 }, 640, SHOP_IMAGE_BASE).src).toBe(
      `/uploads/${key}/200.webp`,
    );
  });

  it("shows an order line's stored /uploads path at today's base; other values unchanged", () => {
    expect(storedImageUrl(`/uploads/${key}/320.webp`, SHOP_IMAGE_BASE)).toBe(`/uploads/${key}/320.webp`);
    expect(storedImageUrl(`/uploads/${key}/320.webp`, CDN)).toBe(`${CDN}/${key}/320.webp`);
    expect(storedImageUrl(null, CDN)).toBeNull();
    expect(storedImageUrl("", CDN)).toBeNull();
    expect(storedImageUrl("/placeholder.svg", CDN)).toBe("/placeholder.svg");
    expect(storedImageUrl("/uploads/../secret/1.webp", CDN)).toBe("/uploads/../secret/1.webp");
    expect(storedImageUrl("https://elsewhere.example/x.webp", CDN)).toBe("https://elsewhere.example/x.webp");
  });

  it("makes a path absolute under the shop's public address, leaves full URLs alone", () => {
    expect(absoluteUrl(`/uploads/${key}/960.webp`, "https://neonlights.in")).toBe(
      `https://neonlights.in/uploads/${key}/960.webp`,
    );
    expect(absoluteUrl(`/x.webp`, "https://neonlights.in/")).toBe("https://neonlights.in/x.webp");
    expect(absoluteUrl(`${CDN}/${key}/960.webp`, "https://neonlights.in")).toBe(`${CDN}/${key}/960.webp`);
    expect(absoluteUrl("//evil.example/x", "https://neonlights.in")).toBe("//evil.example/x");
  });

  it("serves only {32 hex}/{width}.webp under /uploads", () => {
    expect(isServedImagePath(`${key}/320.webp`)).toBe(true);
    expect(isServedImagePath(`${key}/1000.webp`)).toBe(true);
    for (const bad of [
      `${key}/320.png`,
      `${key.toUpperCase()}/320.webp`,
      `${key.slice(1)}/320.webp`,
      `${key}/../320.webp`,
      `../${key}/320.webp`,
      `${key}/320.webp/`,
      `${key}%2F320.webp`,
      `${key}/abc.webp`,
      `${key}/123456.webp`,
      `notes/readme.txt`,
      `.tmp-${key}/320.webp`,
      "",
    ])
      expect(isServedImagePath(bad), bad).toBe(false);
  });
});
