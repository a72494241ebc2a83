import { BACKING_SHAPES, CUSTOM_COLORS, CUSTOM_FONTS, CUSTOM_SIZES } from "./customizer";
import { PRODUCT_SIZES } from "./product-pricing";

/** Configurations in words: an order line's product options and a custom sign's choices, for people. */

export type ShippingAddressLike = {
  address1: string;
  address2?: string | undefined;
  landmark?: string | undefined;
  city: string;
  state: string;
  pincode: string;
};

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

/** "Size: Medium (1ft x 1ft), Colour: Blue, Brightness controller: Yes, Type: Standard". */
export function describeProductConfig(raw: unknown): { label: string; value: string }[] {
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
export function customColorName(id: string): string {
  return CUSTOM_COLORS.find((c) => c.id === id)?.name ?? id;
}
export function customSizeLabel(id: string): string {
  const s = CUSTOM_SIZES.find((x) => x.id === id);
  return s ? `${s.label} (${s.widthCm}cm)` : id;
}
export function backingShapeName(id: string): string {
  return BACKING_SHAPES.find((b) => b.id === id)?.name ?? id;
}
