export const PAYMENT_METHOD_IDS = ["razorpay", "cod"] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** Where an order was made (issue 46): the shop's own checkout, or by staff for a shopper met in a chat. */
export const ORDER_CHANNEL_IDS = ["website", "chat"] as const;
export type OrderChannel = (typeof ORDER_CHANNEL_IDS)[number];
/** Which chat a staff-made order came from, as staff chose it. */
export const CHAT_APP_IDS = ["whatsapp", "instagram", "phone", "other"] as const;
export type ChatApp = (typeof CHAT_APP_IDS)[number];
export const CHAT_APP_LABELS: Record<ChatApp, string> = {
  whatsapp: "WhatsApp",
  instagram: "Instagram",
  phone: "Phone",
  other: "Other chat",
};

/** 'NL' + the first segment of the order's uuid, uppercased. */
export function displayOrderId(orderId: string): string {
  return `NL${orderId.split("-")[0]!.toUpperCase()}`;
}

/** Custom neon orders: the first 8 characters of the uuid, uppercased. */
export function displayCustomOrderId(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

/** Order and payment statuses, payment methods and the two kinds of order: their ids, labels and display ids. */

export const ORDER_STATUS_IDS = [
  "pending",
  "confirmed",
  "in_production",
  "dispatched",
  "delivered",
  "cancelled",
  "rto",
] as const;
export const PAYMENT_STATUS_IDS = ["pending", "paid", "failed", "refunded"] as const;

export type OrderStatus = (typeof ORDER_STATUS_IDS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUS_IDS)[number];
export type PaymentMethod = (typeof PAYMENT_METHOD_IDS)[number];
export type OrderKind = "order" | "custom";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  in_production: "In Production",
  dispatched: "Dispatched",
  delivered: "Delivered",
  cancelled: "Cancelled",
  rto: "Returned (RTO)",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  refunded: "Refunded",
};

/** Why a dispatched order came back (RTO): the courier's usual reasons. */
export const RTO_REASON_IDS = ["refused", "unreachable", "address", "other"] as const;
export type RtoReason = (typeof RTO_REASON_IDS)[number];
export const RTO_REASON_LABELS: Record<RtoReason, string> = {
  refused: "Refused by the customer",
  unreachable: "Customer unreachable",
  address: "Address problem",
  other: "Other",
};

export function rtoReasonLabel(reason: string | null | undefined): string {
  return reason ? (RTO_REASON_LABELS[reason as RtoReason] ?? reason) : "";
}

export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? "Pending";
}

/** The spec: 'failed' is shown; any other unknown value shows Pending. */
export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? "Pending";
}

/** An online order whose payment never came in (abandoned or failed attempt): not an order yet. */
export function isAbandonedAttempt(o: { paymentMethod: string; paymentStatus: string }): boolean {
  return o.paymentMethod !== "cod" && (o.paymentStatus === "pending" || o.paymentStatus === "failed");
}

/** The table's Payment column: 'COD' or 'Online Payment' (the spec), marked Test for the test gateway. */
export function paymentMethodLabel(method: string, isTest = false): string {
  if (method === "cod") return "COD";
  return isTest ? "Online Payment (Test)" : "Online Payment";
}

export function displayId(kind: OrderKind, id: string): string {
  return kind === "order" ? displayOrderId(id) : displayCustomOrderId(id);
}

/** How an order is delivered (the orders' shipping_method column; the checkout prices each). */
export const SHIPPING_METHODS = ["standard", "express", "international"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
