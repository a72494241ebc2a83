import { orderCeilingMessage, type OrderLimits, type ShopContact } from "./order-limits";
import {
  prepaidOnlyReason,
  RISK_PREPAID_MESSAGE,
  riskRequiresPrepaid,
  type PrepaidRules,
} from "~/features/settings/cod-settings";
import { assessRtoRisk, type RiskFacts } from "~/features/cod-confirmation/rto-risk";
import type { PaymentMethodId } from "~/features/order-lifecycle/order-status";

/*
 * The rules placing an order decides on, as pure functions (place-order.server.ts runs the steps): how a
 * refusal reads, and whether a priced checkout may be placed with the payment the shopper chose.
 */

export type RefusalCode =
  | "lines"
  | "key-reused"
  | "expired"
  | "payment-unavailable"
  | "limits"
  | "ceiling"
  | "customer-limit"
  | "shipping"
  | "discount"
  | "busy";

/** A refused checkout: its HTTP status, what went wrong, and the message shown (by line or by field). */
export type PlaceOrderRefusal = {
  ok: false;
  status: 409 | 422 | 503;
  code: RefusalCode;
  message: string;
  lineErrors?: string[];
  /** Problems of the form's fields (e.g. express delivery to a PIN it does not reach). */
  fieldErrors?: Record<string, string>;
};

export const NOTHING_TO_PAY = "Nothing is left to pay online. Please choose Cash on Delivery.";
export const PAYMENT_UNAVAILABLE = "Online payment is not available. Please choose Cash on Delivery.";

export function refusal(
  status: PlaceOrderRefusal["status"],
  code: RefusalCode,
  message: string,
  extra: Pick<PlaceOrderRefusal, "lineErrors" | "fieldErrors"> = {},
): PlaceOrderRefusal {
  return { ok: false, status, code, message, ...extra };
}

/** A refusal naming a form field: the message shown once at the top and next to that field. */
export function fieldRefusal(code: RefusalCode, field: string, message: string): PlaceOrderRefusal {
  return refusal(422, code, message, { fieldErrors: { [field]: message } });
}

/** The first of the lines' problems as the message and all of them by line; null when there are none. */
export function lineRefusal(
  status: PlaceOrderRefusal["status"],
  code: RefusalCode,
  errors: string[],
): PlaceOrderRefusal | null {
  return errors.length > 0 ? refusal(status, code, errors[0]!, { lineErrors: errors }) : null;
}

/** What a priced checkout is checked against before it is written. */
export type PlanCheck = {
  paymentMethod: PaymentMethodId;
  plan: { totalAmount: number; codFee: number };
  custom: boolean;
  pincode: string;
  limits: OrderLimits;
  prepaidRules: PrepaidRules;
  /** The shopper's RTO history, read for a COD checkout when the owner's risk rule is on (else null). */
  riskHistory: Omit<RiskFacts, "orderValue"> | null;
  contact: ShopContact;
};

/**
 * Whether this priced checkout may be placed: something left to pay online, cash on delivery allowed by the
 * owner's "pay online only" rules and RTO-risk rule (issue 30), and the total under the order ceiling.
 */
export function planRefusal(c: PlanCheck): PlaceOrderRefusal | null {
  if (c.paymentMethod === "razorpay" && c.plan.totalAmount < 1)
    return fieldRefusal("discount", "paymentMethod", NOTHING_TO_PAY);
  if (c.paymentMethod === "cod") {
    const prepaid = prepaidOnlyReason(c.prepaidRules, {
      goodsTotal: c.plan.totalAmount - c.plan.codFee,
      custom: c.custom,
      pincode: c.pincode,
    });
    const risky =
      c.riskHistory &&
      riskRequiresPrepaid(
        c.prepaidRules,
        assessRtoRisk({ ...c.riskHistory, orderValue: c.plan.totalAmount }).level,
      );
    const why = prepaid ?? (risky ? RISK_PREPAID_MESSAGE : null);
    if (why) return fieldRefusal("shipping", "paymentMethod", why);
  }
  if (c.plan.totalAmount > c.limits.maxOrderTotal)
    return refusal(422, "ceiling", orderCeilingMessage(c.limits, c.contact));
  return null;
}

/** Whether a refusal may clear once expired holds free their stock (short lines or one order's share). */
export function mayFreeStock(r: PlaceOrderRefusal, productIds: string[], retried: boolean): boolean {
  return (r.code === "lines" || r.code === "limits") && productIds.length > 0 && !retried;
}
