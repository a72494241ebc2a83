import { CUSTOM_COLORS } from "./custom-colors";
import { BACKING_SHAPES, CUSTOM_FONTS, CUSTOM_SIZES } from "./custom-options";
import { PRODUCT_SIZES } from "./product-options";

/**
 * A cart or order line in words, one home for every place that shows one (cart drawer, checkout summary,
 * admin order details and CSV, e-mails): which facts a product line or a custom sign has, what each is
 * called and how its value reads. `lineSummary` makes the one-line form.
 */

export type LineFact = { label: string; value: string };

export type StoredProductConfig = {
  size?: string;
  color?: string;
  brightnessController?: boolean;
  productType?: string;
};

/** An order line's configuration: parsed from an object or a JSON string (older rows), never throwing. */
export function readProductConfig(raw: unknown): StoredProductConfig {
  let v = raw;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return {};
    }
  }
  if (!v || typeof v !== "object") return {};
  const o = v as Record<string, unknown>;
  return {
    ...(typeof o.size === "string" ? { size: o.size } : {}),
    ...(typeof o.color === "string" ? { color: o.color } : {}),
    ...(typeof o.brightnessController === "boolean" ? { brightnessController: o.brightnessController } : {}),
    ...(typeof o.productType === "string" ? { productType: o.productType } : {}),
  };
}

export function productSizeLabel(size: string | undefined): string {
  const s = PRODUCT_SIZES.find((x) => x.id === size);
  return s ? `${s.label} (${s.dimensions})` : (size ?? "Not given");
}

/** A product line: Size Medium (1ft x 1ft), Colour Blue, Brightness controller Yes, Type Standard. */
export function describeProductConfig(raw: unknown): LineFact[] {
  const c = readProductConfig(raw);
  return [
    { label: "Size", value: productSizeLabel(c.size) },
    { label: "Colour", value: c.color ?? "Not given" },
    { label: "Brightness controller", value: c.brightnessController ? "Yes" : "No" },
    { label: "Type", value: c.productType ?? "Standard" },
  ];
}

export function customFontName(id: string): string {
  return CUSTOM_FONTS.find((f) => f.id === id)?.name ?? id;
}
/** A colour's name from its id (older carts may hold the hex value). */
export function customColorName(id: string): string {
  return CUSTOM_COLORS.find((c) => c.id === id || c.hex === id)?.name ?? id;
}
export function customSizeLabel(id: string): string {
  const s = CUSTOM_SIZES.find((x) => x.id === id);
  return s ? `${s.label} (${s.widthCm}cm)` : id;
}
export function backingShapeName(id: string): string {
  return BACKING_SHAPES.find((b) => b.id === id)?.name ?? id;
}

/** The choices of a custom sign, from the cart (font, color) or an order row. */
export type CustomSignChoices = {
  font: string;
  color: string;
  size: string;
  hasDimmer: boolean;
  backingShape: string;
};

/** A custom sign: Font Orbitron, Colour Pink, Size Medium (50cm), Dimmer No, Backing Cut to Shape. */
export function describeCustomSign(c: CustomSignChoices): LineFact[] {
  return [
    { label: "Font", value: customFontName(c.font) },
    { label: "Colour", value: customColorName(c.color) },
    { label: "Size", value: customSizeLabel(c.size) },
    { label: "Dimmer", value: c.hasDimmer ? "Yes" : "No" },
    { label: "Backing", value: backingShapeName(c.backingShape) },
  ];
}

/** A custom order row's sign (its stored columns) in words. */
export function describeOrderedSign(o: {
  fontStyle: string;
  neonColor: string;
  size: string;
  hasDimmer: boolean;
  backingShape: string;
}): LineFact[] {
  return describeCustomSign({
    font: o.fontStyle,
    color: o.neonColor,
    size: o.size,
    hasDimmer: o.hasDimmer,
    backingShape: o.backingShape,
  });
}

/**
 * One line of facts: "Size: Large (1.5ft x 1.5ft) · Colour: Pink · Brightness controller · Type: Standard".
 * A yes/no fact shows as its name when yes and is left out when no.
 */
export function lineSummary(facts: readonly LineFact[], separator = " · "): string {
  return facts
    .filter((f) => f.value !== "No")
    .map((f) => (f.value === "Yes" ? f.label : `${f.label}: ${f.value}`))
    .join(separator);
}
