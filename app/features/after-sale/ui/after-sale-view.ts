import type { OrderKind, PaymentMethod, PaymentStatus } from "~/features/order-lifecycle/order-status";

/** An order's refunds and returns as the admin order dialog shows them (what the loader sends). */
export type { AfterSale } from "~/features/after-sale/admin-after-sale.server";

/** The order whose returns and refunds are shown. */
export type AfterSaleOrder = {
  kind: OrderKind;
  id: string;
  status: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  totalAmount: number;
  /** Named in the refund's confirmation: "Refund ₹500 to Asha Rao?". */
  customerName: string;
};

/** The toast titles of the after-sale forms' answers. */
export const AFTER_SALE_TOAST = { ok: "Order updated", failed: "Failed to update order" };
