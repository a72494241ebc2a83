import type { PlaceOrderRequest } from "./checkout";
import type {
  RequestedCustomLine,
  RequestedLine,
  RequestedProductLine,
  ShippingChoice,
} from "./order-pricing";
import { addressKey, quantityLimitErrors, type OrderLimits } from "./order-limits";
import {
  fieldRefusal,
  lineRefusal,
  PAYMENT_UNAVAILABLE,
  refusal,
  type PlaceOrderRefusal,
} from "./place-order-rules";
import type { PrepaidRules } from "~/features/settings/cod-settings";
import type { PaymentMethodId } from "~/features/order-lifecycle/order-status";
import { mailboxKey } from "~/shared/mail-safety";
import { tooManyCodesMessage } from "~/shared/rate-limits";

/*
 * The decisions placing an order makes on the way through its steps (place-order.server.ts runs them), as
 * pure functions: which step goes on and which one answers, who the shopper is for the limits, and the
 * answers of a repeated key. The priced plan's own rules are in place-order-rules.ts.
 */

/** A step of placing an order: go on with its value, or stop with the checkout's answer (a refusal, mostly). */
export type Step<T, Answer = PlaceOrderRefusal> = { ok: true; value: T } | { ok: false; answer: Answer };

export const goOn = <T>(value: T): Step<T, never> => ({ ok: true, value });
export const stopWith = <Answer>(answer: Answer): Step<never, Answer> => ({ ok: false, answer });

/** Go on with the value when there is no refusal; stop with the refusal when there is one. */
export function unlessRefused<T>(r: PlaceOrderRefusal | null, value: T): Step<T> {
  return r ? stopWith(r) : goOn(value);
}

export const BUSY = "Many people are ordering right now. Please try again in a moment.";
export const KEY_REUSED = "This checkout was already submitted with different details. Please try again.";
export const EXPIRED = "This checkout expired before it was paid. Please place the order again.";

/** Where and how the checkout is delivered and paid, as the shopper chose (the server prices it). */
export function shippingChoice(form: PlaceOrderRequest["form"]): ShippingChoice {
  return {
    dest: { country: form.country, pincode: form.pincode },
    method: form.shippingMethod,
    paymentMethod: form.paymentMethod,
  };
}

export type GatewayMode = "razorpay" | "test" | "off";

/**
 * Online payment refused while the gateway is off (503, the shopper may choose COD); otherwise go on, saying
 * whether the checkout is a test one (paid online through the test gateway).
 */
export function refuseIfGatewayOff(method: PaymentMethodId, mode: GatewayMode): Step<{ isTest: boolean }> {
  if (method === "razorpay" && mode === "off")
    return stopWith(refusal(503, "payment-unavailable", PAYMENT_UNAVAILABLE));
  return goOn({ isTest: method === "razorpay" && mode === "test" });
}

/** The cart's lines as the steps use them: ready-made products (stock, limits) and custom signs. */
export type CartLines = { productLines: RequestedProductLine[]; customLines: RequestedCustomLine[] };

/** The lines within the owner's quantities (per line, per product, custom designs per order): else 422 naming them. */
export function checkQuantities(lines: RequestedLine[], limits: OrderLimits): Step<void> {
  return unlessRefused(lineRefusal(422, "limits", quantityLimitErrors(lines, limits)), undefined);
}

export function splitLines(lines: RequestedLine[]): CartLines {
  return {
    productLines: lines.filter((l): l is RequestedProductLine => l.kind === "product"),
    customLines: lines.filter((l): l is RequestedCustomLine => l.kind === "custom"),
  };
}

/** The units of ready-made products the checkout takes (what the customer's waiting orders are counted with). */
export function orderedUnits(productLines: RequestedProductLine[]): number {
  return productLines.reduce((n, l) => n + l.quantity, 0);
}

/** Every way the shop knows the shopper, for the customer's limits (customer-limits.server.ts CustomerKeys). */
export type ShopperKeys = {
  clientNetwork?: string | undefined;
  phone: string;
  email: string;
  addressKey: string;
};

/** The shopper's keys: the network unless it is unknown, the phone, the mailbox key and the address key. */
export function shopperKeys(form: PlaceOrderRequest["form"], clientNetwork: string | undefined): ShopperKeys {
  return {
    clientNetwork: clientNetwork && clientNetwork !== "unknown" ? clientNetwork : undefined,
    phone: form.phone,
    email: mailboxKey(form.email),
    addressKey: addressKey(form),
  };
}

export type CodeGuesser = { network: string; phone: string; email: string };

/**
 * Who wrong discount codes are counted against: the network with the contact (decision 027). Without a known
 * network nobody is, and the code is not held back.
 */
export function codeGuesser(k: ShopperKeys): CodeGuesser | null {
  return k.clientNetwork ? { network: k.clientNetwork, phone: k.phone, email: k.email } : null;
}

/** A client over the wrong-codes limit waits (seconds) and its code is not looked at; 0: no wait. */
export function codeWaitRefusal(waitSeconds: number): PlaceOrderRefusal | null {
  return waitSeconds > 0 ? fieldRefusal("discount", "discountCode", tooManyCodesMessage(waitSeconds)) : null;
}

/** Whether the shopper's RTO history is read: a COD checkout while the owner's risk rule is on. */
export function readsRiskHistory(method: PaymentMethodId, level: PrepaidRules["prepaidRiskLevel"]): boolean {
  return method === "cod" && level !== "off";
}

/** Stock taken short in the transaction: 409 naming the lines. */
export function stockRefusal(short: { message: string; lineErrors: string[] }): PlaceOrderRefusal {
  return { ok: false, status: 409, code: "lines", ...short };
}

/** The transaction still conflicting after its retries: 503, try again. */
export const busyRefusal = (): PlaceOrderRefusal => refusal(503, "busy", BUSY);

/** A key used again with a different request (its hash): 409, the shopper starts a new attempt. */
export function keyReusedRefusal(firstHash: string, hash: string): PlaceOrderRefusal | null {
  return firstHash !== hash ? refusal(409, "key-reused", KEY_REUSED) : null;
}

type EarlierCheckout = { paymentMethod: string; razorpayOrderId: string | null; paymentStatus: string };

/** An earlier online attempt not paid and without its gateway order yet (its first request ended first). */
export function needsGatewayOrder(row: EarlierCheckout): boolean {
  return row.paymentMethod === "razorpay" && !row.razorpayOrderId && row.paymentStatus !== "paid";
}

/** An earlier online attempt whose hold expired unpaid: 409, the shopper must place the order again. */
export function expiredRefusal(
  paymentMethod: string,
  placed: { cancelled: boolean; paymentStatus: string },
): PlaceOrderRefusal | null {
  return placed.cancelled && paymentMethod === "razorpay" && placed.paymentStatus !== "paid"
    ? refusal(409, "expired", EXPIRED)
    : null;
}
