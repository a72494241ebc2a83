/** Ready-made product sizes (spec section 3, option lists). */
export const PRODUCT_SIZES = [
  { id: "S", label: "Small", dimensions: "0.5ft x 0.5ft", field: "small" },
  { id: "M", label: "Medium", dimensions: "1ft x 1ft", field: "medium" },
  { id: "L", label: "Large", dimensions: "1.5ft x 1.5ft", field: "large" },
  { id: "XL", label: "Extra Large", dimensions: "2ft x 2ft", field: "extraLarge" },
] as const;

export type ProductSizeId = (typeof PRODUCT_SIZES)[number]["id"];

export const PRODUCT_COLORS = [
  "Blue",
  "Pink",
  "Purple",
  "White",
  "Red",
  "Green",
  "Yellow",
  "Orange",
] as const;
export const PRODUCT_TYPES = ["Standard"] as const;

/** A ready-made product's choices on an order line (stored with the line; the cart keeps the same shape). */
export type ProductConfig = {
  size: ProductSizeId;
  color: string;
  brightnessController: boolean;
  productType: string;
  originalProductId: string;
};
