import { formatRupees } from "~/shared/money";
import type { ProductRecord, RequestedLine, RequestedProductLine } from "./order-pricing";

/*
 * Limits that keep one customer from emptying the shop (docs/decisions/010-abuse-limits.md). The numbers
 * are the owner's (shop settings, read by the server); these rules are pure so the server and the tests
 * share them.
 */

export type OrderLimits = {
  /** Units of one cart line. */
  maxQtyPerLine: number;
  /** Units of one product across the lines of one order (sizes and colours together). */
  maxQtyPerProduct: number;
  /** Custom sign lines in one order. */
  maxCustomLines: number;
  /** The largest order total (rupees) taken online or on delivery; above it, the shopper contacts the shop. */
  maxOrderTotal: number;
  /** Orders still waiting (unpaid online within their hold, or cash on delivery not yet confirmed) per customer. */
  maxOpenOrdersPerCustomer: number;
  /** Stock units those waiting orders may hold per customer. */
  maxHeldUnitsPerCustomer: number;
  /** The share (%) of a product's stock one order may take (issue 41)... */
  stockSharePercent: number;
  /** ...but always this many units. */
  stockShareFloor: number;
};

/** The quantity caps of one order, by line and by product. Empty when the cart is within them. */
export function quantityLimitErrors(lines: RequestedLine[], limits: OrderLimits): string[] {
  const errors: string[] = [];
  for (const l of lines) {
    if (l.quantity > limits.maxQtyPerLine) {
      errors.push(
        `You can order at most ${limits.maxQtyPerLine} of "${l.label}" at once. For a larger order, please contact us.`,
      );
    }
  }
  const perProduct = new Map<string, { label: string; quantity: number }>();
  for (const l of lines) {
    if (l.kind !== "product") continue;
    const p = perProduct.get(l.productId) ?? { label: l.label, quantity: 0 };
    p.quantity += l.quantity;
    perProduct.set(l.productId, p);
  }
  for (const p of perProduct.values()) {
    if (p.quantity > limits.maxQtyPerProduct && !errors.some((e) => e.includes(`"${p.label}"`))) {
      errors.push(
        `You can order at most ${limits.maxQtyPerProduct} of "${p.label}" in one order (all sizes together). For a larger order, please contact us.`,
      );
    }
  }
  const custom = lines.filter((l) => l.kind === "custom").length;
  if (custom > limits.maxCustomLines) {
    errors.push(
      `One order can hold at most ${limits.maxCustomLines} custom designs. Please place the others as a separate order, or contact us.`,
    );
  }
  return errors;
}

/**
 * The most one order may take of a product that has `stock` units in stock (issue 41): the settings' share of
 * the stock, rounded down, but always the floor. A new identity is cheap (a phone, an e-mail, an address, an
 * IPv6 network), so this is what makes a stranger need many orders, not a few, to sell a product out.
 */
export function mostPerOrder(
  stock: number,
  limits: Pick<OrderLimits, "stockSharePercent" | "stockShareFloor">,
): number {
  return Math.max(limits.stockShareFloor, Math.floor((Math.max(0, stock) * limits.stockSharePercent) / 100));
}

/**
 * The share of stock of one order, by product (all sizes together), against the stock read under the
 * product's lock. Made-to-order products never sell out, so they have no share. Empty when within it.
 */
export function stockShareErrors(
  lines: RequestedProductLine[],
  records: Map<string, ProductRecord>,
  limits: Pick<OrderLimits, "stockSharePercent" | "stockShareFloor">,
): string[] {
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  const errors: string[] = [];
  for (const [id, want] of wanted) {
    const p = records.get(id);
    if (!p || p.whenSoldOut === "made-to-order") continue;
    const most = mostPerOrder(p.stockQuantity, limits);
    if (want > most)
      errors.push(
        `You can order at most ${most} of "${p.name}" in one order right now. For a larger order, please contact us.`,
      );
  }
  return errors;
}

export type ShopContact = { email: string; phone: string };

/** The refusal of an order above the ceiling, with the shop's contact. */
export function orderCeilingMessage(limits: OrderLimits, contact: ShopContact): string {
  return `Orders above ${formatRupees(limits.maxOrderTotal)} can't be placed online: please contact us at ${contact.email} or ${contact.phone} and we will arrange it with you.`;
}

export type OpenOrdersOfCustomer = { openOrders: number; heldUnits: number };

/**
 * Whether a customer who already has `open` waiting orders may place one more holding `units` units.
 * Null when allowed, else the message.
 */
export function openOrdersRefusal(
  open: OpenOrdersOfCustomer,
  units: number,
  limits: OrderLimits,
): string | null {
  if (open.openOrders >= limits.maxOpenOrdersPerCustomer) {
    return `You already have ${open.openOrders} orders waiting for payment or confirmation. Please complete or cancel one of them first, or contact us.`;
  }
  if (units > 0 && open.heldUnits + units > limits.maxHeldUnitsPerCustomer) {
    return `Your waiting orders already hold ${open.heldUnits} items. Please complete one of them first, or contact us for a larger order.`;
  }
  return null;
}

/**
 * A key of a delivery address for counting orders per address: the PIN and the letters and digits of the
 * first address line, lower-cased (so spacing, punctuation and case do not make a new address).
 */
export function addressKey(a: { address1: string; pincode: string }): string {
  const letters = a.address1
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
  return `${a.pincode}:${letters.slice(0, 120)}`;
}
