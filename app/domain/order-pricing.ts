import { CUSTOM_COLORS, designSchema, priceDesign, type CustomPrice, type Design } from "./customizer";
import type { CartItem } from "./cart";
import { blockingReason, borderlineNote, checkDesign } from "./design-checks";
import {
  DELIVERY_FEE,
  PRODUCT_COLORS,
  PRODUCT_TYPES,
  productUnitPrice,
  type ProductSizeId,
  type SizePrices,
} from "./product-pricing";
import { isUuid } from "./uuid";

/**
 * Order maths, pure: the server rebuilds every line from the database with these and never uses a
 * price, total or name the browser sent.
 */

/** A ready-made line as requested (what the server keeps of a cart line). */
export type RequestedProductLine = {
  kind: "product";
  /** The cart line's id (to match a quote back to the cart). */
  cartId: string;
  /** The browser's name for the line: used only to name it in an error when the product is gone. */
  label: string;
  productId: string;
  size: ProductSizeId;
  color: string;
  brightnessController: boolean;
  productType: string;
  quantity: number;
};

export type RequestedCustomLine = {
  kind: "custom";
  cartId: string;
  label: string;
  design: Design;
  quantity: number;
  /** The customiser's preview (a data URL); stored as a re-encoded image, never as text. */
  previewDataUrl?: string;
  /** The borderline "can we make it?" warnings, stored on the custom order for staff (issue 18). */
  makeWarnings: string | null;
};

export type RequestedLine = RequestedProductLine | RequestedCustomLine;

function customColorId(raw: string): string {
  const v = raw.trim().toLowerCase();
  const byHex = CUSTOM_COLORS.find((c) => c.hex === v);
  if (byHex) return byHex.id;
  const byName = CUSTOM_COLORS.find((c) => c.name.toLowerCase() === v);
  return byName ? byName.id : v;
}

/**
 * Read cart lines into requested lines. Everything about money is dropped here. A line that cannot
 * be understood is reported by its position and name.
 */
export function requestedLines(items: CartItem[]): { lines: RequestedLine[]; errors: string[] } {
  const lines: RequestedLine[] = [];
  const errors: string[] = [];
  for (const item of items) {
    const label = item.name || "An item";
    if (item.type === "product") {
      const c = item.productConfig;
      const color = PRODUCT_COLORS.find((x) => x.toLowerCase() === c?.color.trim().toLowerCase());
      const productType = PRODUCT_TYPES.find(
        (x) => x.toLowerCase() === (c?.productType || "Standard").toLowerCase(),
      );
      if (!c || !isUuid(c.originalProductId) || !color || !productType) {
        errors.push(`"${label}" is not a valid product choice. Please remove it and add it again.`);
        continue;
      }
      lines.push({
        kind: "product",
        cartId: item.id,
        label,
        productId: c.originalProductId.toLowerCase(),
        size: c.size,
        color,
        brightnessController: c.brightnessController,
        productType,
        quantity: item.quantity,
      });
    } else {
      const c = item.customConfig;
      const parsed = c
        ? designSchema.safeParse({
            text: c.text,
            font: c.font,
            color: customColorId(c.color),
            size: c.size,
            hasDimmer: c.hasDimmer,
            backingShape: c.backingShape,
          })
        : undefined;
      if (!parsed?.success) {
        errors.push(`"${label}" is not a valid custom design. Please remove it and design it again.`);
        continue;
      }
      // A design the workshop cannot make is refused here, at the quote and when the order is placed.
      const checks = checkDesign(parsed.data);
      const blocked = blockingReason(checks);
      if (blocked) {
        errors.push(`"${label}" cannot be made: ${blocked}`);
        continue;
      }
      const preview = c?.previewImageUrl;
      lines.push({
        kind: "custom",
        cartId: item.id,
        label,
        design: parsed.data,
        makeWarnings: borderlineNote(checks),
        quantity: item.quantity,
        previewDataUrl: preview && preview.startsWith("data:image/") ? preview : undefined,
      });
    }
  }
  return { lines, errors };
}

/** What the database says about a product at the moment of the order. */
export type ProductRecord = SizePrices & {
  id: string;
  name: string;
  isActive: boolean;
  stockQuantity: number;
};

export type PricedProductLine = RequestedProductLine & { name: string; unitPrice: number; lineTotal: number };
export type PricedCustomLine = RequestedCustomLine & {
  price: CustomPrice;
  unitPrice: number;
  lineTotal: number;
};

/**
 * Price ready-made lines from the product records and check them: gone, inactive, size not offered,
 * or short of stock (all lines of one product together) are refused with a message naming the line.
 */
export function priceProductLines(
  lines: RequestedProductLine[],
  records: Map<string, ProductRecord>,
): { priced: PricedProductLine[]; errors: string[] } {
  const priced: PricedProductLine[] = [];
  const errors: string[] = [];
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  const reportedStock = new Set<string>();
  for (const l of lines) {
    const p = records.get(l.productId);
    if (!p || !p.isActive) {
      errors.push(`"${p?.name ?? l.label}" is no longer available. Please remove it from your cart.`);
      continue;
    }
    const unit = productUnitPrice(p, l.size, l.brightnessController);
    if (unit === null) {
      errors.push(`"${p.name}" is not offered in size ${l.size} any more. Please choose another size.`);
      continue;
    }
    const want = wanted.get(p.id) ?? l.quantity;
    if (want > p.stockQuantity) {
      if (!reportedStock.has(p.id)) {
        reportedStock.add(p.id);
        errors.push(
          p.stockQuantity === 0
            ? `"${p.name}" is out of stock. Please remove it from your cart.`
            : `Only ${p.stockQuantity} left of "${p.name}" (you asked for ${want}). Please lower the quantity.`,
        );
      }
      continue;
    }
    priced.push({ ...l, name: p.name, unitPrice: unit, lineTotal: unit * l.quantity });
  }
  return { priced, errors };
}

export function priceCustomLines(lines: RequestedCustomLine[]): PricedCustomLine[] {
  return lines.map((l) => {
    const price = priceDesign(l.design);
    return { ...l, price, unitPrice: price.total, lineTotal: price.total * l.quantity };
  });
}

export type CheckoutPlan = {
  /** The regular order (ready-made lines), when there is one. */
  regular: { lines: PricedProductLine[]; subtotal: number; deliveryFee: number; totalAmount: number } | null;
  /** One custom order per custom line. */
  custom: { line: PricedCustomLine; subtotal: number; deliveryFee: number; totalAmount: number }[];
  subtotal: number;
  deliveryFee: number;
  totalAmount: number;
};

/**
 * The spec's split: ready-made lines into one order, each custom line into its own custom order.
 * Delivery (₹299) is charged once per checkout: on the regular order when there is one, otherwise
 * on the first custom order.
 */
export function planCheckout(products: PricedProductLine[], customs: PricedCustomLine[]): CheckoutPlan {
  const hasRegular = products.length > 0;
  const regularSubtotal = products.reduce((n, l) => n + l.lineTotal, 0);
  const regular = hasRegular
    ? {
        lines: products,
        subtotal: regularSubtotal,
        deliveryFee: DELIVERY_FEE,
        totalAmount: regularSubtotal + DELIVERY_FEE,
      }
    : null;
  const custom = customs.map((line, i) => {
    const deliveryFee = !hasRegular && i === 0 ? DELIVERY_FEE : 0;
    return { line, subtotal: line.lineTotal, deliveryFee, totalAmount: line.lineTotal + deliveryFee };
  });
  const subtotal = regularSubtotal + customs.reduce((n, l) => n + l.lineTotal, 0);
  const any = hasRegular || customs.length > 0;
  const deliveryFee = any ? DELIVERY_FEE : 0;
  return { regular, custom, subtotal, deliveryFee, totalAmount: subtotal + deliveryFee };
}

/** The summary the checkout page shows from the cart (the server charges the same when prices are current). */
export function cartSummary(items: Pick<CartItem, "price" | "quantity">[]) {
  const subtotal = items.reduce((n, i) => n + i.price * i.quantity, 0);
  const deliveryFee = items.length > 0 ? DELIVERY_FEE : 0;
  return { subtotal, deliveryFee, totalAmount: subtotal + deliveryFee };
}
