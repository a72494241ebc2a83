import { imageAttrs, absoluteUrl, type ImageWithAlt } from "~/shared/images";
import { csvRow } from "~/shared/csv";
import type { ShippingRules } from "~/features/settings/shop-settings";
import {
  DEFAULT_DESCRIPTION,
  feedPrice,
  productOfferPath,
  RETURN_POLICY,
  sizeOffers,
  type OfferedProduct,
  type SizeOffer,
} from "~/features/catalog/product-offers";

/*
 * The product feeds (issue 46, decision 064): Google Merchant Center's RSS 2.0 with the g: namespace and Meta's
 * catalogue CSV. One item per product and size (the item group is the product), active products only, each
 * item's facts from product-offers.ts (the product page's structured data says the same).
 */

export type FeedInput = OfferedProduct & {
  name: string;
  description: string | null;
  categoryName: string | null;
  images: ImageWithAlt[];
};

export type FeedContext = {
  /** The shop's public origin (https://...): links are absolute. */
  publicUrl: string;
  /** Where images are fetched (the shop's /uploads or the bucket's public address). */
  imageBase: string;
  storeName: string;
  shipping: ShippingRules;
  /** Today in India (YYYY-MM-DD): made-to-order signs' ready day. */
  today: string;
};

/** Google's limits: title 150 characters, description 5000, 10 additional images. */
export const GOOGLE_TITLE_MAX = 150;
export const GOOGLE_DESCRIPTION_MAX = 5000;
export const MAX_ADDITIONAL_IMAGES = 10;

/** Meta's catalogue columns, in the feed's order (its required ones first). */
export const META_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "link",
  "image_link",
  "brand",
  "item_group_id",
  "sale_price",
  "additional_image_link",
  "size",
  "product_type",
  "shipping",
] as const;

const META_AVAILABILITY = {
  in_stock: "in stock",
  backorder: "available for order",
  out_of_stock: "out of stock",
} as const;

/** One feed item: a product's size with everything both feeds say of it. */
export type FeedItem = {
  offer: SizeOffer;
  groupId: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  productType: string | null;
};

/** Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/FFFF): dropped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value: markup characters escaped, impossible characters dropped. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** One line of text (a title): runs of white space as one space, at most `max` characters. */
function oneLine(value: string, max: number): string {
  return Array.from(value.replace(NOT_XML, "").replace(/\s+/g, " ").trim()).slice(0, max).join("");
}

const clip = (value: string, max: number) =>
  Array.from(value.replace(NOT_XML, "").trim()).slice(0, max).join("");

/** The feed's items: every offered size of every product with a photo (Google requires one). */
export function feedItems(products: FeedInput[], ctx: FeedContext): FeedItem[] {
  const image = (img: ImageWithAlt) => absoluteUrl(imageAttrs(img, 1280, ctx.imageBase).src, ctx.publicUrl);
  return products.flatMap((p) => {
    const [first, ...rest] = p.images;
    if (!first) return [];
    return sizeOffers(p, ctx.shipping, ctx.today).map((offer) => ({
      offer,
      groupId: p.id,
      title: oneLine(`${p.name} - ${offer.sizeName}`, GOOGLE_TITLE_MAX),
      description: clip(p.description?.trim() || DEFAULT_DESCRIPTION, GOOGLE_DESCRIPTION_MAX),
      link: absoluteUrl(productOfferPath(p.id, offer.size), ctx.publicUrl),
      imageLink: image(first),
      additionalImageLinks: rest.slice(0, MAX_ADDITIONAL_IMAGES).map(image),
      productType: p.categoryName,
    }));
  });
}

const g = (name: string, value: string | number) => `<g:${name}>${xmlText(String(value))}</g:${name}>`;

function googleItem(item: FeedItem, brand: string): string {
  const o = item.offer;
  const lines = [
    g("id", o.id),
    g("item_group_id", item.groupId),
    `<title>${xmlText(item.title)}</title>`,
    `<description>${xmlText(item.description)}</description>`,
    `<link>${xmlText(item.link)}</link>`,
    g("image_link", item.imageLink),
    ...item.additionalImageLinks.map((l) => g("additional_image_link", l)),
    g("price", feedPrice(o.regularPrice)),
    ...(o.onSale ? [g("sale_price", feedPrice(o.price))] : []),
    g("availability", o.availability),
    ...(o.availableFrom ? [g("availability_date", `${o.availableFrom}T00:00+0530`)] : []),
    g("condition", "new"),
    g("brand", brand),
    g("identifier_exists", "no"),
    g("size", o.sizeName),
    ...(item.productType ? [g("product_type", item.productType)] : []),
    [
      "<g:shipping>",
      g("country", "IN"),
      g("service", "Standard delivery"),
      g("price", feedPrice(o.shippingFee)),
      g("min_handling_time", o.handlingDays.min),
      g("max_handling_time", o.handlingDays.max),
      g("min_transit_time", o.transitDays.min),
      g("max_transit_time", o.transitDays.max),
      "</g:shipping>",
    ].join(""),
    g("return_policy_label", RETURN_POLICY.googleLabel),
  ];
  return `<item>\n${lines.map((l) => `  ${l}`).join("\n")}\n</item>`;
}

/** Google Merchant Center's feed: RSS 2.0 with the g: namespace, one <item> per product and size. */
export function googleFeedXml(items: FeedItem[], ctx: FeedContext): string {
  const brand = ctx.storeName;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">`,
    `<channel>`,
    `<title>${xmlText(brand)}</title>`,
    `<link>${xmlText(ctx.publicUrl)}</link>`,
    `<description>${xmlText(`LED neon signs from ${brand}`)}</description>`,
    ...items.map((i) => googleItem(i, brand)),
    `</channel>`,
    `</rss>`,
    "",
  ].join("\n");
}

/** Meta's catalogue feed: a CSV with META_COLUMNS, one row per product and size. */
export function metaFeedCsv(items: FeedItem[], ctx: FeedContext): string {
  const rows = items.map((item) => {
    const o = item.offer;
    const cells: Record<(typeof META_COLUMNS)[number], string> = {
      id: o.id,
      title: item.title,
      description: item.description,
      availability: META_AVAILABILITY[o.availability],
      condition: "new",
      price: feedPrice(o.regularPrice),
      link: item.link,
      image_link: item.imageLink,
      brand: ctx.storeName,
      item_group_id: item.groupId,
      sale_price: o.onSale ? feedPrice(o.price) : "",
      additional_image_link: item.additionalImageLinks.join(","),
      size: o.sizeName,
      product_type: item.productType ?? "",
      shipping: `IN::Standard delivery:${feedPrice(o.shippingFee)}`,
    };
    return csvRow(META_COLUMNS.map((c) => cells[c]));
  });
  return csvRow(META_COLUMNS) + rows.join("");
}
