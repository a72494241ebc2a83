import { z } from "~/shared/zod";
import { freeText } from "~/shared/text";

import { productSizeIds, type CartItem, type CustomConfig } from "~/features/cart/cart-lines";
import type { ProductConfig } from "~/features/sign-options/product-options";

export {
  addItem,
  cartTotals,
  parseStoredCart,
  productSizeIds,
  removeItem,
  updateQuantity,
  type CartItem,
  type CustomConfig,
} from "~/features/cart/cart-lines";

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

/** The same shape as the hand-written types the browser uses (cart-lines.ts); tsc fails if they drift. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type CartTypesMatch = Assert<
  Same<z.infer<typeof cartItemSchema>, CartItem> &
    Same<z.infer<typeof productConfigSchema>, ProductConfig> &
    Same<z.infer<typeof customConfigSchema>, CustomConfig>
>;

/**
 * The stored cart checked by the schema (the browser's store uses the zod-free `parseStoredCart` of
 * cart-lines.ts, which a unit test holds to the same answers).
 */
export function parseStoredCartWithSchema(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const parsed = z.array(cartItemSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
