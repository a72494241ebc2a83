import { allocate } from "~/features/discount-codes/discounts";
import { formatRupees } from "~/shared/money";

/** The name the online-payment discount (issue 30) is shown and stored under, with the offers. */
export const ONLINE_PAYMENT_DISCOUNT = "Online payment discount";

/*
 * "Pay now instead" (issue 30): an unconfirmed cash-on-delivery checkout paid online after all. The same orders
 * and the same stock; the COD charge is dropped and the owner's online-payment discount is taken, as the checkout
 * would have priced it. Pure: the server reads the orders' stored amounts and the settings.
 */

/** One order of the checkout as stored: its total, the charges in it, and what already came off its goods. */
export type PrepayOrderAmounts = {
  kind: "order" | "custom";
  id: string;
  totalAmount: number;
  deliveryFee: number;
  codFee: number;
};

export type PrepayPlan = {
  orders: {
    kind: "order" | "custom";
    id: string;
    codFee: number;
    onlineDiscount: number;
    totalAmount: number;
  }[];
  /** What the shopper pays online (rupees). */
  amount: number;
  /** What paying online saves: the COD charges dropped and the online-payment discount. */
  saving: number;
};

/**
 * The checkout re-priced for online payment: each order loses its COD charge, and the online-payment discount
 * is shared by the orders in proportion to their goods left (after offers and the code), never more than them.
 */
export function prepayPlan(orders: readonly PrepayOrderAmounts[], prepaidDiscount: number): PrepayPlan {
  const goodsLeft = orders.map((o) => ({
    key: `${o.kind}:${o.id}`,
    amount: Math.max(0, o.totalAmount - o.deliveryFee - o.codFee),
  }));
  const parts = allocate(Math.max(0, prepaidDiscount), goodsLeft);
  const planned = orders.map((o) => {
    const onlineDiscount = parts.get(`${o.kind}:${o.id}`) ?? 0;
    return {
      kind: o.kind,
      id: o.id,
      codFee: o.codFee,
      onlineDiscount,
      totalAmount: o.totalAmount - o.codFee - onlineDiscount,
    };
  });
  const amount = planned.reduce((n, o) => n + o.totalAmount, 0);
  const before = orders.reduce((n, o) => n + o.totalAmount, 0);
  return { orders: planned, amount, saving: before - amount };
}

/** The offers' names of an order once the online-payment discount joins them. */
export function withOnlineDiscountName(offerNames: string | null, onlineDiscount: number): string | null {
  if (onlineDiscount <= 0) return offerNames;
  if (!offerNames) return ONLINE_PAYMENT_DISCOUNT;
  return offerNames.split(", ").includes(ONLINE_PAYMENT_DISCOUNT)
    ? offerNames
    : `${offerNames}, ${ONLINE_PAYMENT_DISCOUNT}`;
}

/** The order's history note when it becomes prepaid. */
export function prepaidNote(o: { codFee: number; onlineDiscount: number }): string {
  const parts = [
    o.codFee > 0 ? `cash on delivery charge ${formatRupees(o.codFee)} dropped` : null,
    o.onlineDiscount > 0 ? `online payment discount ${formatRupees(o.onlineDiscount)}` : null,
  ].filter(Boolean);
  return `Paid online instead of cash on delivery${parts.length ? ` (${parts.join(", ")})` : ""}`;
}
