import { textProblem } from "~/shared/text";
import { PRODUCT_SIZES, type ProductConfig } from "~/features/sign-options/product-options";

/**
 * The cart's lines in the browser, without zod (issue 33): the store reads the stored cart with this
 * hand check, so a page with a filled cart (the checkout above all) does not download zod before it can
 * show the cart. It checks the same shape and limits as `cartItemSchema` in `cart.ts` (a unit test feeds
 * both the same carts); the server parses every line again with that schema at checkout.
 */
export const productSizeIds = PRODUCT_SIZES.map((s) => s.id) as unknown as readonly ["S", "M", "L", "XL"];

export type CustomConfig = {
  text: string;
  font: string;
  color: string;
  size: string;
  hasDimmer: boolean;
  backingShape: string;
  previewImageUrl?: string | undefined;
  wallPhotoUrl?: string | undefined;
};

export type CartItem = {
  id: string;
  name: string;
  price: number;
  image: string;
  quantity: number;
  type: "product" | "custom";
  productConfig?: ProductConfig | undefined;
  customConfig?: CustomConfig | undefined;
};

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

/** Thrown inside the hand check; never leaves this module. */
class Bad extends Error {}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Bad();
  return v as Obj;
};
const str = (v: unknown, max: number, min = 0): string => {
  if (typeof v !== "string" || v.length < min || v.length > max) throw new Bad();
  return v;
};
const optStr = (v: unknown, max: number): string | undefined => (v === undefined ? undefined : str(v, max));
const bool = (v: unknown): boolean => {
  if (typeof v !== "boolean") throw new Bad();
  return v;
};
const int = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number => {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < min || v > max) throw new Bad();
  return v;
};
const oneOf = <T extends string>(v: unknown, options: readonly T[]): T => {
  if (!options.includes(v as T)) throw new Bad();
  return v as T;
};
/** Only the keys that are there (as zod's object parse leaves an absent optional key absent). */
const defined = <T extends Obj>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

function productConfig(v: unknown): ProductConfig {
  const o = obj(v);
  return {
    size: oneOf(o.size, productSizeIds),
    color: str(o.color, 40),
    brightnessController: bool(o.brightnessController),
    productType: str(o.productType, 40),
    originalProductId: str(o.originalProductId, 64),
  };
}

function customConfig(v: unknown): CustomConfig {
  const o = obj(v);
  const text = str(o.text, 500);
  if (textProblem(text, "multiple")) throw new Bad();
  return defined({
    text,
    font: str(o.font, 40),
    color: str(o.color, 40),
    size: str(o.size, 4),
    hasDimmer: bool(o.hasDimmer),
    backingShape: str(o.backingShape, 40),
    previewImageUrl: optStr(o.previewImageUrl, 90_000),
    wallPhotoUrl: optStr(o.wallPhotoUrl, 600_000),
  });
}

function cartItem(v: unknown): CartItem {
  const o = obj(v);
  return defined({
    id: str(o.id, 200, 1),
    name: str(o.name, 600),
    price: int(o.price, 0),
    image: str(o.image, 90_000),
    quantity: int(o.quantity, 1, 999),
    type: oneOf(o.type, ["product", "custom"] as const),
    productConfig: o.productConfig === undefined ? undefined : productConfig(o.productConfig),
    customConfig: o.customConfig === undefined ? undefined : customConfig(o.customConfig),
  });
}

/** A stored cart that no longer parses is dropped (an empty cart), never an error. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const lines: unknown = JSON.parse(raw);
    if (!Array.isArray(lines)) return [];
    return lines.map(cartItem);
  } catch {
    return [];
  }
}
