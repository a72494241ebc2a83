import {
  customColorName,
  customFontName,
  customSizeLabel,
  productSizeLabel,
  readProductConfig,
} from "~/features/sign-options/line-description";

/*
 * A production board line in words (issue 44): its title (what to make) and its details (font, colour, size
 * and units for a custom sign; size, colour and units made to order for a product). Pure.
 */

export type LineText = { title: string; details: string };

/** A custom sign: "“Hello”" (lines joined by " / "), "Orbitron · Hot Pink · Medium (50cm)"; a logo sign by its quote. */
export function customLineText(c: {
  customText: string;
  fontStyle: string;
  neonColor: string;
  size: string;
  hasDimmer: boolean;
  quantity: number;
  quoteId?: string | null;
}): LineText {
  const units = c.quantity > 1 ? ` · ${c.quantity} signs` : "";
  const dimmer = c.hasDimmer ? " · dimmer" : "";
  if (c.quoteId)
    return { title: c.customText, details: `Logo artwork · ${customSizeLabel(c.size)}${dimmer}${units}` };
  const text = c.customText
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(" / ");
  return {
    title: `“${text}”`,
    details: `${customFontName(c.fontStyle)} · ${customColorName(c.neonColor)} · ${customSizeLabel(c.size)}${dimmer}${units}`,
  };
}

/** A made-to-order product line: "Good Vibes Neon", "Medium (1ft x 1ft) · Blue · 2 made to order". */
export function productLineText(r: {
  productName: string;
  productConfig: unknown;
  madeToOrder: number;
}): LineText {
  const c = readProductConfig(r.productConfig);
  const parts = [productSizeLabel(c.size), c.color ?? null, `${r.madeToOrder} made to order`].filter(Boolean);
  return { title: r.productName, details: parts.join(" · ") };
}
