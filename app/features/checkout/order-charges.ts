import { formatRupees } from "~/shared/money";
import { businessDaysText } from "./shipping";
import { type ShippingMethod } from "~/features/order-lifecycle/order-status";
import { readyDeliveryText, type DeliveryRules } from "~/features/settings/delivery-promises";

/*
 * How an order's total is shown, the same everywhere (checkout summary, confirmation, e-mails, admin):
 * the goods, then each charge on its own line, then the total.
 */

export type ChargeSummary = {
  subtotal: number;
  deliveryFee: number;
  codFee: number;
  /** The discount code's amount and the code (none: 0 / null). */
  discount?: number;
  discountCode?: string | null;
  /** What automatic offers took off, and their names. */
  offerDiscount?: number;
  offerNames?: string | null;
  totalAmount: number;
  shippingMethod: ShippingMethod;
};

export type ChargeLine = {
  label: string;
  value: string;
  kind: "subtotal" | "charge" | "discount" | "total";
};

const METHOD_SHORT: Record<ShippingMethod, string> = {
  standard: "Standard",
  express: "Express",
  international: "International",
};

export function deliveryLabel(method: ShippingMethod): string {
  return `Delivery (${METHOD_SHORT[method]})`;
}

export function chargeLines(c: ChargeSummary): ChargeLine[] {
  const lines: ChargeLine[] = [
    { label: "Subtotal", value: formatRupees(c.subtotal), kind: "subtotal" },
    {
      label: deliveryLabel(c.shippingMethod),
      value: c.deliveryFee === 0 ? "Free" : formatRupees(c.deliveryFee),
      kind: "charge",
    },
  ];
  if (c.codFee > 0)
    lines.push({ label: "Cash on delivery charge", value: formatRupees(c.codFee), kind: "charge" });
  if (c.offerDiscount && c.offerDiscount > 0) {
    lines.push({
      label: c.offerNames ? `Offer (${c.offerNames})` : "Offer",
      value: `−${formatRupees(c.offerDiscount)}`,
      kind: "discount",
    });
  }
  if (c.discount && c.discount > 0) {
    lines.push({
      label: c.discountCode ? `Discount (${c.discountCode})` : "Discount",
      value: `−${formatRupees(c.discount)}`,
      kind: "discount",
    });
  }
  lines.push({ label: "Total", value: formatRupees(c.totalAmount), kind: "total" });
  return lines;
}

/**
 * The estimated delivery of an order as promised at checkout. Without its window (older orders, a
 * confirmation page with nothing remembered): the shop settings' ready-made window when given
 * (decision 034), else the spec's "7-14 business days".
 */
export function estimatedDeliveryText(
  daysMin: number | null | undefined,
  daysMax: number | null | undefined,
  rules?: DeliveryRules,
) {
  if (daysMin && daysMax) return businessDaysText(daysMin, daysMax);
  return rules ? readyDeliveryText(rules) : "7-14 business days";
}
