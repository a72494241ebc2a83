import crypto from "node:crypto";
import type { CartItem } from "~/features/cart/cart";

/**
 * Cart lines as the cart store keeps them and the checkout page sends them (the price is the browser's
 * claim: the server prices every line again). No database here: integration and browser tests share them.
 */

/** A ready-made sign of this product: medium, pink, no dimmer (`over` and `cfg` change the line and its options). */
export function productLine(
  productId: string,
  over: Partial<CartItem> = {},
  cfg: Partial<NonNullable<CartItem["productConfig"]>> = {},
): CartItem {
  return {
    id: `${productId}-${crypto.randomBytes(4).toString("hex")}`,
    name: "A sign",
    price: 1,
    image: "",
    quantity: 1,
    type: "product",
    productConfig: {
      size: "M",
      color: "Pink",
      brightnessController: false,
      productType: "Standard",
      originalProductId: productId,
      ...cfg,
    },
    ...over,
  };
}

/** A custom sign with this text: Orbitron, pink, medium, cut to shape (`over` changes the design, `item` the line). */
export function customLine(
  text: string,
  over: Partial<NonNullable<CartItem["customConfig"]>> = {},
  item: Partial<CartItem> = {},
): CartItem {
  return {
    id: `custom-${crypto.randomBytes(6).toString("hex")}`,
    name: `Custom Neon: "${text}"`,
    price: 1,
    image: "",
    quantity: 1,
    type: "custom",
    customConfig: {
      text,
      font: "orbitron",
      color: "pink",
      size: "M",
      hasDimmer: false,
      backingShape: "cut-to-shape",
      ...over,
    },
    ...item,
  };
}
