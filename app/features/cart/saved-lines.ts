import type { CartItem } from "~/features/cart/cart";

/*
 * The cart as an abandoned checkout keeps it (issue 30, decision 045): every line as the cart holds it, but a
 * custom line's picture once (its preview, which the cart also copies into `image`) and never the shopper's own
 * wall photo (a picture of their home: not needed for a reminder, and too large for the save's body cap).
 * Types only from the cart: this module is in the checkout's bundle, so it imports no zod.
 */

export type SavedLine = Omit<CartItem, "image" | "customConfig"> & {
  image?: string;
  customConfig?: Omit<NonNullable<CartItem["customConfig"]>, "wallPhotoUrl">;
};

export function linesToSave(items: readonly CartItem[]): SavedLine[] {
  return items.map((i) => {
    const { image, customConfig, ...rest } = i;
    if (i.type === "custom" && customConfig) {
      const { wallPhotoUrl: _photo, ...design } = customConfig;
      return { ...rest, customConfig: design };
    }
    // A product line without a photo of its colour has none ("") and saves none.
    return image ? { ...rest, image } : rest;
  });
}

/**
 * Back to cart lines: a custom line's picture is its preview again (the placeholder without one); a product
 * line without a picture has none (the cart shows its colour).
 */
export function savedToCartItems(lines: readonly SavedLine[]): CartItem[] {
  return lines.map((l) => ({
    ...l,
    image: l.type === "custom" ? (l.customConfig?.previewImageUrl ?? "/placeholder.svg") : (l.image ?? ""),
  }));
}
