import { z } from "~/shared/zod";
import { freeText } from "~/shared/text";

export const productSizeIds = ["S", "M", "L", "XL"] as const;

export const productConfigSchema = z.object({
  size: z.enum(productSizeIds),
  color: z.string().max(40),
  brightnessController: z.boolean(),
  productType: z.string().max(40),
  originalProductId: z.string().max(64),
});

export const customConfigSchema = z.object({
  text: z.string().max(500).superRefine(freeText("Sign text")),
  font: z.string().max(40),
  color: z.string().max(40),
  size: z.string().max(4),
  hasDimmer: z.boolean(),
  backingShape: z.string().max(40),
  // The customiser's 160 px thumbnail as a data URL is ~20 KB; the server stores at most 64 KB (custom-previews.server.ts).
  previewImageUrl: z.string().max(90_000).optional(),
  // The shopper's own-wall photo with the sign, only when they chose to attach it (a JPEG data URL).
  wallPhotoUrl: z.string().max(600_000).optional(),
});

export const cartItemSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().max(600),
  price: z.number().int().nonnegative(),
  image: z.string().max(90_000),
  quantity: z.number().int().min(1).max(999),
  type: z.enum(["product", "custom"]),
  productConfig: productConfigSchema.optional(),
  customConfig: customConfigSchema.optional(),
});

export type CartItem = z.infer<typeof cartItemSchema>;
export type ProductConfig = z.infer<typeof productConfigSchema>;
export type CustomConfig = z.infer<typeof customConfigSchema>;

/** Add a line: the same id raises its quantity by 1, otherwise it is added with quantity 1. */
export function addItem(items: CartItem[], item: Omit<CartItem, "quantity">): CartItem[] {
  if (items.some((i) => i.id === item.id)) {
    return items.map((i) => (i.id === item.id ? { ...i, quantity: i.quantity + 1 } : i));
  }
  return [...items, { ...item, quantity: 1 }];
}

export function removeItem(items: CartItem[], id: string): CartItem[] {
  return items.filter((i) => i.id !== id);
}

/** Set a line's quantity (floored at 0); a line reaching 0 is removed. */
export function updateQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  const q = Math.max(0, Math.floor(quantity));
  if (q === 0) return removeItem(items, id);
  return items.map((i) => (i.id === id ? { ...i, quantity: q } : i));
}

export function cartTotals(items: CartItem[]): { totalItems: number; totalPrice: number } {
  return {
    totalItems: items.reduce((n, i) => n + i.quantity, 0),
    totalPrice: items.reduce((n, i) => n + i.price * i.quantity, 0),
  };
}

/** A stored cart that no longer parses is dropped (an empty cart), never an error. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const parsed = z.array(cartItemSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
