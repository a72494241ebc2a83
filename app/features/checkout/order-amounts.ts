import type { CartItem } from "~/features/cart/cart";
import type { ShippingRules } from "~/features/settings/shop-settings";
import {
  deliveryDates,
  deliveryOptions,
  shippingCharges,
  type Destination,
  type DomesticMethod,
} from "./shipping";

/*
 * An order's amounts, and the checkout page's own estimate of them from the cart. Apart from the pricing of
 * lines (order-pricing.ts, with the customiser's rules and the offers): the page's estimate needs only the
 * shipping rules, so the checkout page does not load the rest.
 */

/** The amounts of one stored order: each charge its own column. */
export type OrderAmounts = {
  subtotal: number;
  deliveryFee: number;
  codFee: number;
  /** This order's part of the discount code's amount. */
  discount: number;
  /** What automatic offers took off this order's lines. */
  offerDiscount: number;
  totalAmount: number;
};

export const orderAmounts = (
  subtotal: number,
  deliveryFee: number,
  codFee: number,
  discount = 0,
  offerDiscount = 0,
): OrderAmounts => ({
  subtotal,
  deliveryFee,
  codFee,
  discount,
  offerDiscount,
  totalAmount: subtotal + deliveryFee + codFee - discount - offerDiscount,
});

/** Where and how the shopper wants the order delivered and paid. */
export type ShippingChoice = {
  dest: Destination;
  method: DomesticMethod;
  paymentMethod: "cod" | "razorpay";
};

/**
 * The summary the checkout page shows from the cart before the server's quote arrives (the server charges
 * the same when prices are current): the same shipping rules and options, falling back to standard
 * delivery (and online payment) when the choice is not offered.
 */
export function cartSummary(
  items: (Pick<CartItem, "price" | "quantity"> & { type?: CartItem["type"] })[],
  rules: ShippingRules,
  choice: ShippingChoice,
  today?: string,
) {
  const subtotal = items.reduce((n, i) => n + i.price * i.quantity, 0);
  // A custom sign's making days come before transit (the dates only; the fees do not depend on it).
  const custom = items.some((i) => i.type === "custom");
  const options = deliveryOptions(choice.dest, subtotal, rules, { custom }).map((o) => ({
    ...o,
    ...deliveryDates(o.daysMin, o.daysMax, today),
  }));
  const first = shippingCharges({ ...choice, goodsSubtotal: subtotal }, rules);
  const charged = first.ok
    ? first
    : shippingCharges(
        {
          ...choice,
          method: "standard",
          paymentMethod: first.field === "paymentMethod" ? "razorpay" : choice.paymentMethod,
          goodsSubtotal: subtotal,
        },
        rules,
      );
  const c = charged.ok
    ? charged.charges
    : { method: options[0]!.method, deliveryFee: options[0]!.fee, codFee: 0 };
  const none = items.length === 0;
  return {
    ...orderAmounts(subtotal, none ? 0 : c.deliveryFee, none ? 0 : c.codFee),
    shippingMethod: c.method,
    options,
  };
}
