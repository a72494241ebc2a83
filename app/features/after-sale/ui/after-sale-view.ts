import type { OrderKind, PaymentMethod, PaymentStatus } from "~/features/order-lifecycle/order-status";
import type { RefundStatus } from "~/features/after-sale/refunds";
import type { ReturnReason, ReturnStatus } from "~/features/after-sale/returns";

/** An order's refunds and returns as the admin order dialog shows them. */
export type AfterSale = {
  refunds: {
    id: string;
    amount: number;
    method: "razorpay" | "manual";
    status: RefundStatus;
    reason: string;
    reference: string | null;
    razorpayRefundId: string | null;
    failureReason: string | null;
    createdAt: string;
  }[];
  returns: {
    id: string;
    reason: ReturnReason;
    details: string;
    status: ReturnStatus;
    decisionNote: string | null;
    resaleable: boolean | null;
    requestedBy: "shopper" | "staff";
    createdAt: string;
  }[];
};

/** The order whose returns and refunds are shown. */
export type AfterSaleOrder = {
  kind: OrderKind;
  id: string;
  status: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  totalAmount: number;
};
