import { eq, sql } from "drizzle-orm";
import { formatShippingAddress } from "~/features/checkout/checkout";
import { trackingUrl } from "~/features/order-lifecycle/couriers";
import { describeCustomSign } from "~/features/sign-options/line-description";
import { chargeLines, estimatedDeliveryText } from "~/features/checkout/order-charges";
import { isOrderAccessToken } from "~/shared/order-links";
import {
  canRetryPayment,
  cancelDeadline,
  orderTimeline,
  withCourierSteps,
} from "~/features/order-page/order-page";
import {
  displayId,
  orderStatusLabel,
  paymentMethodLabel,
  type OrderKind,
} from "~/features/order-lifecycle/order-status";
import { orderPaymentLabel } from "~/features/order-lifecycle/order-payment-label";
import { REFUND_STATUS_LABELS } from "~/features/after-sale/refunds";
import {
  allowedReturnReasons,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  returnDeadline,
  shopperReturnNote,
  type ReturnableOrder,
} from "~/features/after-sale/returns";
import { formatIstDayLongMonth } from "~/shared/ist-dates";
import { formatPhone } from "~/shared/phone-numbers";
import { returnOptions, returnsOf } from "~/features/after-sale/returns.server";
import { orderInvoicesSection } from "~/features/invoices/invoice-requests.server";
import { getCustomOrderDetails, getOrderDetails } from "~/features/orders/admin-order-details.server";
import { ndrOf } from "~/features/shipments/courier-ndr.server";
import { NDR_ANSWER_LABELS, NDR_ANSWERS } from "~/features/shipments/ndr-answer";
import { courierSteps } from "~/features/shipments/courier-timeline";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { refundsForOrder } from "~/features/after-sale/refunds.server";
import { findById, toPlaced } from "~/features/checkout/records.server";
import { type PaymentHandoff } from "~/features/payments/payment-handoff";

/*
 * The shopper's own order page (/orders/<token>): one order, found only by its random access token, shown
 * with what the shopper may see (never staff e-mails, gateway ids or other orders of the same person).
 */

export type OrderRef = { kind: OrderKind; id: string };

/** The order an access token belongs to, or null (a malformed token never reaches the database). */
export async function findOrderByToken(token: string): Promise<OrderRef | null> {
  if (!isOrderAccessToken(token)) return null;
  const [o] = await db().select({ id: orders.id }).from(orders).where(eq(orders.accessToken, token));
  if (o) return { kind: "order", id: o.id };
  const [c] = await db()
    .select({ id: customNeonOrders.id })
    .from(customNeonOrders)
    .where(eq(customNeonOrders.accessToken, token));
  return c ? { kind: "custom", id: c.id } : null;
}

/** Until when the order's checkout holds its stock for a payment (null: no hold). */
async function holdOf(ref: OrderRef): Promise<Date | null> {
  const t = ref.kind === "order" ? orders : customNeonOrders;
  const r = await db().execute<{ hold: Date | null }>(
    sql`select c.hold_expires_at as hold from ${t} o join checkouts c on c.id = o.checkout_id where o.id = ${ref.id}::uuid`,
  );
  const hold = r.rows[0]?.hold ?? null;
  return hold ? new Date(hold) : null;
}

/** An item on the shopper's order page (the page's OrderLines shows these). */
export type ShopperLine = {
  name: string;
  details: { label: string; value: string }[];
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  image: string | null;
};

/** What the order page's "Pay now" needs to open the payment window again (the checkout's handoff). */
export type PaymentHandoffView = Omit<PaymentHandoff, "gateway">;

/**
 * The return form of a delivered order while it can be returned (null: it cannot): its last day as the
 * page says it, and the reasons the policy allows with their labels (the page loads no return rules).
 */
function returnFormView(returnable: ReturnableOrder, now: Date) {
  const deadline = returnDeadline(returnable, now);
  if (!deadline) return null;
  return {
    lastDay: formatIstDayLongMonth(deadline),
    reasons: allowedReturnReasons(returnable).map((value) => ({ value, label: RETURN_REASON_LABELS[value] })),
  };
}

export async function loadShopperOrder(token: string, now = new Date()) {
  const ref = await findOrderByToken(token);
  if (!ref) return null;
  const d = ref.kind === "order" ? await getOrderDetails(ref.id) : await getCustomOrderDetails(ref.id);
  if (!d) return null;
  const hold = await holdOf(ref);
  const lines: ShopperLine[] =
    d.kind === "order"
      ? d.items.map((it) => ({
          name: it.productName,
          details: it.configuration,
          quantity: it.quantity,
          unitPrice: it.price,
          lineTotal: it.lineTotal,
          image: it.productImage,
        }))
      : [
          {
            name: `Custom Neon: "${d.customText || "YOUR TEXT"}"`,
            details: describeCustomSign({
              font: d.fontStyle,
              color: d.neonColor,
              size: d.size,
              hasDimmer: d.hasDimmer,
              backingShape: d.backingShape,
            }),
            quantity: d.quantity,
            unitPrice: d.basePrice + d.characterPrice + d.dimmerPrice + d.backingPrice,
            lineTotal: (d.basePrice + d.characterPrice + d.dimmerPrice + d.backingPrice) * d.quantity,
            image: d.previewImageUrl,
          },
        ];
  const subtotal = d.totalAmount - d.deliveryFee - d.codFee + d.discount + d.offerDiscount;
  const state = {
    status: d.status,
    paymentMethod: d.paymentMethod,
    paymentStatus: d.paymentStatus,
    createdAt: new Date(d.createdAt),
  };
  const statusHistory = d.history.filter((h) => h.field === "status");
  const refunds = await refundsForOrder(ref);
  const returnable = await returnOptions(ref, now);
  const returns = await returnsOf(ref);
  const invoices = await orderInvoicesSection(ref.kind, ref.id);
  const ndr = await ndrOf(ref);
  return {
    kind: ref.kind,
    displayId: displayId(ref.kind, ref.id),
    isTest: d.isTest,
    createdAt: d.createdAt,
    customerName: d.customerName,
    customerEmail: d.customerEmail,
    // Shown grouped (+91 94120 55678; issue 42).
    customerPhone: formatPhone(d.customerPhone),
    address: formatShippingAddress(d.shippingAddress),
    preferredDate: d.preferredDate,
    estimatedDelivery: estimatedDeliveryText(d.deliveryDaysMin, d.deliveryDaysMax),
    status: d.status,
    // Refunded in full, the order says so rather than "Delivered" (issue 42).
    statusLabel: d.paymentStatus === "refunded" ? "Refunded" : orderStatusLabel(d.status),
    payment: {
      method: paymentMethodLabel(d.paymentMethod, d.isTest),
      status: orderPaymentLabel(d),
      isCod: d.paymentMethod === "cod",
    },
    lines,
    charges: chargeLines({
      subtotal,
      deliveryFee: d.deliveryFee,
      codFee: d.codFee,
      discount: d.discount,
      discountCode: d.discountCode,
      offerDiscount: d.offerDiscount,
      offerNames: d.offerNames,
      totalAmount: d.totalAmount,
      shippingMethod: d.shippingMethod,
    }),
    totalAmount: d.totalAmount,
    timeline: withCourierSteps(
      orderTimeline(
        d.status,
        d.createdAt,
        statusHistory.map((h) => ({ toValue: h.toValue, createdAt: h.createdAt })),
      ),
      courierSteps(statusHistory),
    ),
    courier: d.courier,
    trackingNumber: d.trackingNumber,
    trackingUrl: trackingUrl(d.courier, d.trackingNumber),
    cancelUntil: cancelDeadline(state, now)?.toISOString() ?? null,
    canRetryPayment: canRetryPayment({ ...state, holdExpiresAt: hold }, now),
    payUntil: hold?.toISOString() ?? null,
    returnForm: returnable ? returnFormView(returnable, now) : null,
    returns: returns.map((r) => ({
      id: r.id,
      status: r.status,
      label: RETURN_STATUS_LABELS[r.status],
      reason: RETURN_REASON_LABELS[r.reason],
      note: shopperReturnNote(r.status, r.decisionNote),
      createdAt: r.createdAt.toISOString(),
    })),
    accessToken: token,
    invoices,
    // A failed delivery waiting for (or given) the shopper's answer (issue 28).
    ndr: ndr
      ? {
          ...ndr,
          choices: NDR_ANSWERS.map((value) => ({ value, label: NDR_ANSWER_LABELS[value] })),
          // A new address keeps the city, state and PIN code (the courier delivers again there).
          area: formatShippingAddress({ ...d.shippingAddress, address1: "", address2: "", landmark: "" }),
        }
      : null,
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      status: r.status,
      label: REFUND_STATUS_LABELS[r.status],
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export type ShopperOrder = NonNullable<Awaited<ReturnType<typeof loadShopperOrder>>>;

/**
 * The payment window's data to pay an order again from its page, while the checkout still holds the
 * stock; null when the order cannot be paid now (paid, cancelled, not online, hold over).
 */
export async function paymentHandoffForOrder(
  token: string,
  now = new Date(),
): Promise<PaymentHandoffView | null> {
  const ref = await findOrderByToken(token);
  if (!ref) return null;
  const t = ref.kind === "order" ? orders : customNeonOrders;
  const [o] = await db()
    .select({
      checkoutId: t.checkoutId,
      status: t.status,
      paymentMethod: t.paymentMethod,
      paymentStatus: t.paymentStatus,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(eq(t.id, ref.id));
  if (!o?.checkoutId) return null;
  const checkout = await findById(o.checkoutId);
  if (!checkout || !canRetryPayment({ ...o, holdExpiresAt: checkout.holdExpiresAt }, now)) return null;
  const placed = await toPlaced(checkout);
  if (!placed.payment) return null;
  const { gateway: _gateway, ...handoff } = placed.payment;
  return handoff;
}
