import { PRODUCT_SIZES, type ProductSizeId } from "~/features/sign-options/product-options";

export const BRIGHTNESS_CONTROLLER_PRICE = 500;

export type SizePrices = {
  smallPrice: number | null;
  smallMrp: number | null;
  mediumPrice: number;
  mediumMrp: number;
  largePrice: number | null;
  largeMrp: number | null;
  extraLargePrice: number | null;
  extraLargeMrp: number | null;
};

/** Price and MRP of one size; null when the size has no price (it is not offered). */
export function sizePrice(p: SizePrices, size: ProductSizeId): { price: number; mrp: number } | null {
  const field = PRODUCT_SIZES.find((s) => s.id === size)?.field;
  if (!field) return null;
  const price = p[`${field}Price`];
  if (price === null || price === undefined || price <= 0) return null;
  return { price, mrp: p[`${field}Mrp`] ?? 0 };
}

/** The sizes a product is offered in, with their prices. */
export function offeredSizes(p: SizePrices) {
  return PRODUCT_SIZES.flatMap((s) => {
    const sp = sizePrice(p, s.id);
    return sp ? [{ ...s, ...sp }] : [];
  });
}

/** Price and MRP of a ready-made line: the size's plus the brightness controller when chosen; null when not offered. */
export function productLinePrice(
  p: SizePrices,
  size: ProductSizeId,
  brightnessController: boolean,
): { price: number; mrp: number } | null {
  const sp = sizePrice(p, size);
  if (!sp) return null;
  const extra = brightnessController ? BRIGHTNESS_CONTROLLER_PRICE : 0;
  return { price: sp.price + extra, mrp: sp.mrp + extra };
}

/** Unit price of a ready-made line (what the cart and the server charge). */
export function productUnitPrice(
  p: SizePrices,
  size: ProductSizeId,
  brightnessController: boolean,
): number | null {
  return productLinePrice(p, size, brightnessController)?.price ?? null;
}

/** The struck-through MRP is shown only when it is higher than the price. */
export function showMrp(price: number, mrp: number | null | undefined): mrp is number {
  return typeof mrp === "number" && mrp > price;
}
