import { describe, expect, it } from "vitest";
import { DEFAULT_SHIPPING } from "~/features/settings/shop-settings";
import { readXml, childrenNamed } from "../../../tests/support/xml-tree";
import { parseCsv } from "../../../tests/support/csv-rows";
import {
  feedItems,
  googleFeedXml,
  META_COLUMNS,
  metaFeedCsv,
  xmlText,
  type FeedInput,
} from "./product-feeds";

const ctx = {
  publicUrl: "https://shop.test",
  imageBase: "/uploads",
  storeName: "Neon & Co <Glow>",
  shipping: DEFAULT_SHIPPING,
  today: "2026-12-03",
};
const image = (key: string) => ({ imageKey: key, width: 1600, height: 1200, altText: null });
const HOSTILE = `Tom & Jerry's "Bar" </title><script>alert(1)</script> ]]> \u0000\u0007\uFFFE=cmd|' /C calc'!A0`;
const product = (over: Partial<FeedInput> = {}): FeedInput => ({
  id: "11111111-1111-4111-8111-111111111111",
  name: "Good Vibes",
  description: "Pink neon",
  categoryName: "Bedroom",
  stockQuantity: 3,
  whenSoldOut: "sold-out",
  madeToOrderDays: 5,
  smallPrice: 1499,
  smallMrp: 1999,
  mediumPrice: 2499,
  mediumMrp: 2499,
  largePrice: null,
  largeMrp: null,
  extraLargePrice: null,
  extraLargeMrp: null,
  images: [image("a1b2c3"), image("d4e5f6")],
  ...over,
});

describe("the product feeds (issue 46)", () => {
  it("lists one item per size of each product with a photo, its group the product", () => {
    const items = feedItems(
      [product(), product({ id: "22222222-2222-4222-8222-222222222222", images: [] })],
      ctx,
    );
    expect(items.map((i) => i.offer.id)).toEqual([
      "11111111-1111-4111-8111-111111111111-S",
      "11111111-1111-4111-8111-111111111111-M",
    ]);
    expect(items[0]).toMatchObject({
      groupId: "11111111-1111-4111-8111-111111111111",
      title: "Good Vibes - Small (0.5ft x 0.5ft)",
      link: "https://shop.test/products/11111111-1111-4111-8111-111111111111?size=S",
      imageLink: "https://shop.test/uploads/a1b2c3/1280.webp",
      additionalImageLinks: ["https://shop.test/uploads/d4e5f6/1280.webp"],
    });
  });

  it("escapes markup and drops characters XML cannot carry", () => {
    expect(xmlText(`a & b < c > "d" 'e'`)).toBe("a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;");
    expect(xmlText("x\u0000\u0008y\uFFFEz\uD800")).toBe("xyz");
    expect(xmlText("नियॉन 😀")).toBe("नियॉन 😀");
  });

  it("writes a hostile product name as plain text in well-formed RSS 2.0", () => {
    const xml = googleFeedXml(feedItems([product({ name: HOSTILE, description: HOSTILE })], ctx), ctx);
    const rss = readXml(xml);
    expect(rss.name).toBe("rss");
    expect(rss.attrs).toEqual({ version: "2.0", "xmlns:g": "http://base.google.com/ns/1.0" });
    const [channel] = childrenNamed(rss, "channel");
    expect(childrenNamed(channel!, "title")[0]!.text).toBe("Neon & Co <Glow>");
    const items = childrenNamed(channel!, "item");
    expect(items).toHaveLength(2);
    const title = childrenNamed(items[0]!, "title")[0]!.text;
    expect(title).toBe(
      `Tom & Jerry's "Bar" </title><script>alert(1)</script> ]]> =cmd|' /C calc'!A0 - Small (0.5ft x 0.5ft)`,
    );
    expect(xml).not.toContain("<script>");
    const field = (name: string) => childrenNamed(items[0]!, name).map((c) => c.text);
    expect(field("g:price")).toEqual(["1999.00 INR"]);
    expect(field("g:sale_price")).toEqual(["1499.00 INR"]);
    expect(field("g:availability")).toEqual(["in_stock"]);
    expect(field("g:brand")).toEqual(["Neon & Co <Glow>"]);
    // No discount on Medium: no sale price.
    expect(childrenNamed(items[1]!, "g:sale_price")).toHaveLength(0);
  });

  it("writes Meta's CSV with every required column, one row per item, hostile text in its cell", () => {
    const csv = metaFeedCsv(
      feedItems([product({ name: HOSTILE, stockQuantity: 0, whenSoldOut: "made-to-order" })], ctx),
      ctx,
    );
    const [header, ...rows] = parseCsv(csv);
    expect(header).toEqual([...META_COLUMNS]);
    for (const required of [
      "id",
      "title",
      "description",
      "availability",
      "condition",
      "price",
      "link",
      "image_link",
      "brand",
    ])
      expect(header).toContain(required);
    expect(rows).toHaveLength(2);
    const row = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]]));
    expect(row).toMatchObject({
      availability: "available for order",
      condition: "new",
      price: "1999.00 INR",
      sale_price: "1499.00 INR",
      item_group_id: "11111111-1111-4111-8111-111111111111",
      shipping: "IN::Standard delivery:299.00 INR",
    });
    expect(row.title!.startsWith('Tom & Jerry\'s "Bar"')).toBe(true);
  });
});
