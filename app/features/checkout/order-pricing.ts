import { ONLINE_PAYMENT_DISCOUNT } from "~/features/payments/cod-prepay";
import { CUSTOM_COLORS, priceDesign, type CustomPrice, type Design } from "~/features/customizer/customizer";
import { designSchema } from "~/features/customizer/design-schema";
import type { CartItem } from "~/features/cart/cart";
import {
  blockingReason,
  borderlineNote,
  checkDesign,
  type DesignCheck,
} from "~/features/customizer/design-checks";
import { NO_OFFERS, type AppliedOffers, type OfferLine } from "~/features/offers/offers";
import {
  BRIGHTNESS_CONTROLLER_PRICE,
  productUnitPrice,
  type SizePrices,
} from "~/features/catalog/product-pricing";
import { PRODUCT_COLORS, PRODUCT_TYPES, type ProductSizeId } from "~/features/sign-options/product-options";
import { shippingCharges, type ShippingCharges } from "./shipping";
import { type ShippingMethod } from "~/features/order-lifecycle/order-status";
import type { ShippingRules } from "~/features/settings/shop-settings";
import { isUuid } from "~/shared/uuid";
import { stockRule } from "~/features/catalog/product-facts";
import { orderAmounts, type OrderAmounts, type ShippingChoice } from "./order-amounts";
import { allocate, type AppliedDiscount } from "~/features/discount-codes/discounts";

export type { OrderAmounts, ShippingChoice };

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
  /** The shopper's own-wall photo, attached by choice (a JPEG data URL); shown to staff. */
  wallPhotoDataUrl?: string;
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
 * be understood is reported by its position and name. A custom design is checked by `check`: the server passes
 * the checks decided on measurements (customizer/measured-checks.server.ts); the default is the same rules on the
 * fonts' estimated proportions.
 */
export function requestedLines(
  items: CartItem[],
  check: (design: Design) => DesignCheck[] = checkDesign,
): { lines: RequestedLine[]; errors: string[] } {
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
      const checks = check(parsed.data);
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
        ...(c?.wallPhotoUrl?.startsWith("data:image/") ? { wallPhotoDataUrl: c.wallPhotoUrl } : {}),
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
  /** With no stock left: "sold-out" (refused) or "made-to-order" (ordered, madeToOrderDays later). Absent: sold out. */
  whenSoldOut?: string;
  madeToOrderDays?: number;
};

export type PricedProductLine = RequestedProductLine & {
  name: string;
  unitPrice: number;
  lineTotal: number;
  /** Business days the line's making adds to delivery: a made-to-order product short of stock (else 0). */
  extraDays?: number;
};
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
    const stock = stockRule(
      {
        stockQuantity: p.stockQuantity,
        whenSoldOut: p.whenSoldOut ?? "sold-out",
        madeToOrderDays: p.madeToOrderDays ?? 0,
      },
      want,
    );
    if (!stock.orderable) {
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
    priced.push({
      ...l,
      name: p.name,
      unitPrice: unit,
      lineTotal: unit * l.quantity,
      ...(stock.madeToOrder ? { extraDays: stock.extraDays } : {}),
    });
  }
  return { priced, errors };
}

export function priceCustomLines(lines: RequestedCustomLine[]): PricedCustomLine[] {
  return lines.map((l) => {
    const price = priceDesign(l.design);
    return { ...l, price, unitPrice: price.total, lineTotal: price.total * l.quantity };
  });
}

/** A discount code's amount, shared between the lines it applies to (cart line id → rupees). */

/** What comes off the goods: automatic offers first, then the discount code on what is left. */
export type Reductions = { offers?: AppliedOffers; code?: AppliedDiscount | null };

export type CheckoutPlan = {
  /** The regular order (ready-made lines), when there is one. */
  regular: ({ lines: PricedProductLine[] } & OrderAmounts) | null;
  /** One custom order per custom line. */
  custom: ({ line: PricedCustomLine } & OrderAmounts)[];
  subtotal: number;
  deliveryFee: number;
  codFee: number;
  discount: number;
  discountCode: string | null;
  offerDiscount: number;
  /** The offers that took something off, by name ("Free Dimmer on XL Signs"), comma-separated. */
  offerNames: string | null;
  /** Of offerDiscount: the online-payment discount (issue 30). */
  onlineDiscount: number;
  totalAmount: number;
  /** How it is delivered, and the estimated window in business days. */
  shipping: { method: ShippingMethod; daysMin: number; daysMax: number };
};

/** The goods of a checkout before any charge: every priced line. */
export function goodsSubtotal(products: PricedProductLine[], customs: PricedCustomLine[]): number {
  return [...products, ...customs].reduce((n, l) => n + l.lineTotal, 0);
}

/** The lines as automatic offers see them: kind, size, amount and the dimmer's unit price when chosen. */
export function offerLines(products: PricedProductLine[], customs: PricedCustomLine[]): OfferLine[] {
  return [
    ...products.map((l) => ({
      key: l.cartId,
      kind: "product" as const,
      size: l.size,
      quantity: l.quantity,
      amount: l.lineTotal,
      dimmerUnit: l.brightnessController ? BRIGHTNESS_CONTROLLER_PRICE : 0,
    })),
    ...customs.map((l) => ({
      key: l.cartId,
      kind: "custom" as const,
      size: l.design.size,
      quantity: l.quantity,
      amount: l.lineTotal,
      dimmerUnit: l.price.dimmerPrice,
    })),
  ];
}

/** The lines as a discount code sees them: kind and what is left of each after the offers. */
export function discountableLines(
  products: PricedProductLine[],
  customs: PricedCustomLine[],
  offers: AppliedOffers = NO_OFFERS,
) {
  const left = (l: { cartId: string; lineTotal: number }) => l.lineTotal - (offers.byLine.get(l.cartId) ?? 0);
  return [
    ...products.map((l) => ({ key: l.cartId, kind: "product" as const, amount: left(l) })),
    ...customs.map((l) => ({ key: l.cartId, kind: "custom" as const, amount: left(l) })),
  ];
}

/**
 * The spec's split: ready-made lines into one order, each custom line into its own custom order. The
 * checkout's charges (delivery, cash on delivery) are charged once: on the regular order when there is
 * one, otherwise on the first custom order, each in its own column. Offers and the discount code are
 * stored on the orders holding the lines they apply to, each its own part.
 */
export function planCheckout(
  products: PricedProductLine[],
  customs: PricedCustomLine[],
  charges: ShippingCharges,
  reductions: Reductions = {},
): CheckoutPlan {
  const hasRegular = products.length > 0;
  const any = hasRegular || customs.length > 0;
  const deliveryFee = any ? charges.deliveryFee : 0;
  const codFee = any ? charges.codFee : 0;
  const code = reductions.code ?? null;
  const offers = reductions.offers ?? NO_OFFERS;
  const codePart = (cartId: string) => code?.byLine.get(cartId) ?? 0;
  const offerPart = (cartId: string) => offers.byLine.get(cartId) ?? 0;
  const sum = (lines: { cartId: string }[], part: (id: string) => number) =>
    lines.reduce((n, l) => n + part(l.cartId), 0);
  const regular = hasRegular
    ? {
        lines: products,
        ...orderAmounts(
          products.reduce((n, l) => n + l.lineTotal, 0),
          deliveryFee,
          codFee,
          sum(products, codePart),
          sum(products, offerPart),
        ),
      }
    : null;
  const custom = customs.map((line, i) => {
    const carrier = !hasRegular && i === 0;
    return {
      line,
      ...orderAmounts(
        line.lineTotal,
        carrier ? deliveryFee : 0,
        carrier ? codFee : 0,
        codePart(line.cartId),
        offerPart(line.cartId),
      ),
    };
  });
  const subtotal = goodsSubtotal(products, customs);
  const orders = [...(regular ? [regular] : []), ...custom];
  const discount = orders.reduce((n, o) => n + o.discount, 0);
  const offerDiscount = orders.reduce((n, o) => n + o.offerDiscount, 0);
  return {
    regular,
    custom,
    ...orderAmounts(subtotal, deliveryFee, codFee, discount, offerDiscount),
    discountCode: code && discount > 0 ? code.code : null,
    offerNames: offerDiscount > 0 ? offers.applied.map((a) => a.name).join(", ") : null,
    onlineDiscount: offers.applied.find((a) => a.name === ONLINE_PAYMENT_DISCOUNT)?.amount ?? 0,
    shipping: { method: charges.method, daysMin: charges.daysMin, daysMax: charges.daysMax },
  };
}

export type PlanOutcome =
  | { ok: true; plan: CheckoutPlan }
  | { ok: false; field: "shippingMethod" | "paymentMethod"; message: string };

/**
 * The checkout priced in full: lines, the offers' and the discount code's amounts, then the delivery and
 * cash-on-delivery charges for the goods' subtotal after them.
 */
export function priceCheckout(
  products: PricedProductLine[],
  customs: PricedCustomLine[],
  choice: ShippingChoice,
  rules: ShippingRules,
  reductions: Reductions = {},
  prepaidDiscount = 0,
): PlanOutcome {
  const goods =
    goodsSubtotal(products, customs) - (reductions.offers?.amount ?? 0) - (reductions.code?.amount ?? 0);
  const charged = shippingCharges({ ...choice, goodsSubtotal: goods, custom: customs.length > 0 }, rules);
  if (!charged.ok) return charged;
  const reduced =
    choice.paymentMethod === "razorpay"
      ? withOnlinePaymentDiscount(products, customs, reductions, prepaidDiscount)
      : reductions;
  return { ok: true, plan: planCheckout(products, customs, charged.charges, reduced) };
}

/**
 * A discount of `amount` named `name`, taken after the offers and the discount code from what is left of each
 * line, in proportion (never more than the goods left), and stored with the offers (the orders' offer columns,
 * the invoices' discount). Delivery does not change: free delivery is reached on the goods before it.
 */
export function withLineDiscount(
  products: PricedProductLine[],
  customs: PricedCustomLine[],
  reductions: Reductions,
  amount: number,
  name: string,
): Reductions {
  if (amount <= 0) return reductions;
  const offers = reductions.offers ?? NO_OFFERS;
  const left = [...products, ...customs].map((l) => ({
    key: l.cartId,
    amount: l.lineTotal - (offers.byLine.get(l.cartId) ?? 0) - (reductions.code?.byLine.get(l.cartId) ?? 0),
  }));
  const parts = allocate(amount, left);
  const taken = [...parts.values()].reduce((n, v) => n + v, 0);
  if (taken === 0) return reductions;
  const byLine = new Map(offers.byLine);
  for (const [key, part] of parts) if (part > 0) byLine.set(key, (byLine.get(key) ?? 0) + part);
  return {
    ...reductions,
    offers: {
      byLine,
      applied: [...offers.applied, { name, amount: taken }],
      amount: offers.amount + taken,
    },
  };
}

/** The owner's discount for paying online (issue 30: "Pay online and save ₹N"): a line discount. */
export function withOnlinePaymentDiscount(
  products: PricedProductLine[],
  customs: PricedCustomLine[],
  reductions: Reductions,
  amount: number,
): Reductions {
  return withLineDiscount(products, customs, reductions, amount, ONLINE_PAYMENT_DISCOUNT);
}

/**
 * What paying online saves the shopper on this checkout: the COD charge not paid, and the online-payment
 * discount (up to the goods left after offers and the code). Shown as "Pay online and save ₹N".
 */
export function onlineSaving(codFee: number, prepaidDiscount: number, goodsLeft: number): number {
  return codFee + Math.max(0, Math.min(prepaidDiscount, goodsLeft));
}
