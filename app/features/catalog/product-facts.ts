import { PRODUCT_SIZES, type ProductSizeId } from "~/features/sign-options/product-options";
import { DEFAULT_PRODUCT_FACTS } from "~/features/settings/product-fact-defaults";

/**
 * What a buyer of a neon sign needs to know before ordering (issue 27) and the package declarations of the
 * Legal Metrology rules (issue 32): the sign's real width × height per size, weight, power draw, adaptor and
 * plug, where it may hang, what is in the box, warranty, generic name, country of origin and net quantity.
 * The shop's defaults below; each product may override any of them (products.facts, admin product form).
 */

/** What the owner chooses for a product with no stock left (issue 27, item 5). */
export const WHEN_SOLD_OUT = ["sold-out", "made-to-order"] as const;
export type WhenSoldOut = (typeof WHEN_SOLD_OUT)[number];
export const MAX_MADE_TO_ORDER_DAYS = 60;

export const PLACEMENTS = [
  { id: "indoor", label: "Indoor use only (not waterproof)" },
  { id: "outdoor", label: "Indoor and outdoor (IP65, covered from direct rain)" },
] as const;
export type PlacementId = (typeof PLACEMENTS)[number]["id"];

export type SizeCm = { w: number; h: number };

/** A product's own facts; a missing or empty field takes the shop's default. */
export type ProductFacts = {
  sizesCm?: Partial<Record<ProductSizeId, SizeCm>>;
  weight?: string;
  power?: string;
  adaptor?: string;
  placement?: PlacementId;
  inTheBox?: string;
  warranty?: string;
  genericName?: string;
  countryOfOrigin?: string;
  netQuantity?: string;
};

/** The text fields of ProductFacts, in the order the admin form and the product page show them. */
export const FACT_TEXT_FIELDS = [
  { name: "genericName", label: "Generic name", max: 80 },
  { name: "weight", label: "Weight", max: 120 },
  { name: "power", label: "Power draw", max: 120 },
  { name: "adaptor", label: "Adaptor and plug", max: 200 },
  { name: "inTheBox", label: "In the box", max: 300 },
  { name: "warranty", label: "Warranty", max: 300 },
  { name: "countryOfOrigin", label: "Country of origin", max: 60 },
  { name: "netQuantity", label: "Net quantity", max: 60 },
] as const;
export type FactTextField = (typeof FACT_TEXT_FIELDS)[number]["name"];

/** The shop's facts for products that say none (the settings' productFacts). */
export type ShopFactDefaults = Required<Omit<ProductFacts, "sizesCm">>;

/**
 * The first-start defaults (the owner changes the texts in the settings, "Product facts"): a sign's box is
 * its size in feet (30.48 cm a foot), drawn to the edge of the acrylic.
 */
export const DEFAULT_FACTS: ShopFactDefaults & { sizesCm: Record<ProductSizeId, SizeCm> } = {
  sizesCm: { S: { w: 15, h: 15 }, M: { w: 30, h: 30 }, L: { w: 46, h: 46 }, XL: { w: 61, h: 61 } },
  ...DEFAULT_PRODUCT_FACTS,
};

/** The product's facts with the shop's defaults (the settings', else the first-start ones) filled in. */
export function productFacts(own: ProductFacts | null | undefined, shop: ShopFactDefaults = DEFAULT_FACTS) {
  const o = own ?? {};
  const text = (k: FactTextField) => {
    const v = o[k]?.trim();
    return v ? v : shop[k];
  };
  return {
    sizesCm: Object.fromEntries(
      PRODUCT_SIZES.map((s) => [s.id, o.sizesCm?.[s.id] ?? DEFAULT_FACTS.sizesCm[s.id]]),
    ) as Record<ProductSizeId, SizeCm>,
    placement: o.placement ?? shop.placement,
    ...(Object.fromEntries(FACT_TEXT_FIELDS.map((f) => [f.name, text(f.name)])) as Record<
      FactTextField,
      string
    >),
  };
}

/** "30 × 20 cm" */
export function formatSizeCm(s: SizeCm): string {
  return `${s.w} × ${s.h} cm`;
}

/** Parse "30 x 20", "30×20 cm" or "30 by 20" (whole or one-decimal cm, 1 to 1000); null when not a size. */
export function parseSizeCm(raw: string): SizeCm | null {
  const m = /^\s*(\d{1,4}(?:\.\d)?)\s*(?:x|×|\*|by)\s*(\d{1,4}(?:\.\d)?)\s*(?:cm)?\s*$/i.exec(raw);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (!(w >= 1 && w <= 1000 && h >= 1 && h <= 1000)) return null;
  return { w, h };
}

/** How a cart line made to order says so (the cart drawer and the checkout summary: one wording). */
export function madeToOrderText(extraDays: number): string {
  return `Made to order: +${extraDays} business days`;
}

/** Whether a product with this stock can be ordered, and how many business days its making adds. */
export function stockRule(
  p: { stockQuantity: number; whenSoldOut: WhenSoldOut | string; madeToOrderDays: number },
  quantity = 1,
): { orderable: boolean; madeToOrder: boolean; extraDays: number } {
  if (p.stockQuantity >= quantity) return { orderable: true, madeToOrder: false, extraDays: 0 };
  if (p.whenSoldOut === "made-to-order")
    return { orderable: true, madeToOrder: true, extraDays: Math.max(0, p.madeToOrderDays) };
  return { orderable: false, madeToOrder: false, extraDays: 0 };
}
