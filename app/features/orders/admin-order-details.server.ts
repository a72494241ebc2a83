import { rtoRiskOfOrder } from "~/features/cod-confirmation/rto-risk.server";
import { codConfirmationOfOrder } from "~/features/cod-confirmation/cod-confirmation.server";
import { asc, eq } from "drizzle-orm";
import { describeProductConfig } from "~/features/sign-options/line-description";
import { displayId, paymentMethodLabel, type OrderKind } from "~/features/order-lifecycle/order-status";
import { imageUrl, storedImageUrl } from "~/shared/images";
import { db } from "~/platform/db/client.server";
import {
  customNeonOrders,
  orders,
  orderStatusHistory,
  type ShippingAddress,
} from "~/features/order-lifecycle/tables.server";
import { orderInvoicesSection } from "~/features/invoices/invoice-requests.server";
import { logger } from "~/platform/logger.server";
import { orderCost } from "~/features/workshop/order-costs.server";
import { afterSaleOf } from "~/features/after-sale/admin-after-sale.server";
import { objectStore, publicImageBase } from "~/platform/storage/object-store.server";
import { whatsAppDeliveries } from "~/features/whatsapp/whatsapp-updates.server";
import { proofsOf } from "~/features/design-proofs/design-proofs.server";
import { orderLinesOf, type AnyOrderRow } from "~/features/order-lifecycle/order-tables.server";
import { courierSection } from "~/features/shipments/courier-booking.server";
import { channelNote } from "./order-channel";
import { payLinkFactsOf } from "./order-channel.server";
import { checkouts } from "~/features/checkout/tables.server";

/** One order as the admin details dialog shows it: customer, lines or design, prices, history. */

export type HistoryEntry = {
  id: string;
  field: "status" | "payment_status" | "return" | "production";
  fromValue: string | null;
  toValue: string;
  note: string | null;
  changedByEmail: string | null;
  createdAt: string;
};

async function historyOf(kind: OrderKind, id: string): Promise<HistoryEntry[]> {
  const h = orderStatusHistory;
  const rows = await db()
    .select({
      id: h.id,
      field: h.field,
      fromValue: h.fromValue,
      toValue: h.toValue,
      note: h.note,
      changedByEmail: h.changedByEmail,
      createdAt: h.createdAt,
    })
    .from(h)
    .where(kind === "order" ? eq(h.orderId, id) : eq(h.customOrderId, id))
    .orderBy(asc(h.createdAt), asc(h.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

const commonDetail = (o: AnyOrderRow, kind: OrderKind) => ({
  id: o.id,
  displayId: displayId(kind, o.id),
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  customerPhone: o.customerPhone,
  shippingAddress: o.shippingAddress as ShippingAddress,
  preferredDate: o.preferredDate,
  deliveryFee: o.deliveryFee,
  codFee: o.codFee,
  discount: o.discount,
  discountCode: o.discountCode,
  offerDiscount: o.offerDiscount,
  offerNames: o.offerNames,
  shippingMethod: o.shippingMethod,
  deliveryDaysMin: o.deliveryDaysMin,
  deliveryDaysMax: o.deliveryDaysMax,
  totalAmount: o.totalAmount,
  paymentMethod: o.paymentMethod,
  paymentLabel: paymentMethodLabel(o.paymentMethod, o.isTest),
  paymentStatus: o.paymentStatus,
  status: o.status,
  razorpayOrderId: o.razorpayOrderId,
  razorpayPaymentId: o.razorpayPaymentId,
  isTest: o.isTest,
  courier: o.courier,
  trackingNumber: o.trackingNumber,
  whatsappUpdates: o.whatsappUpdates,
  buyerGstin: o.buyerGstin,
  buyerBusinessName: o.buyerBusinessName,
  stockReleasedAt: o.stockReleasedAt?.toISOString() ?? null,
  channelNote: channelNote({ ...o, payLink: null }),
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
});

export type OrderDetailItem = {
  id: string;
  productId: string | null;
  productName: string;
  quantity: number;
  price: number;
  lineTotal: number;
  productImage: string | null;
  configuration: { label: string; value: string }[];
};

/** A regular order for its details; `withCosts` (the staff dialog): with its cost and margin (issue 44). */
export async function getOrderDetails(id: string, withCosts = false) {
  const [o] = await db().select().from(orders).where(eq(orders.id, id));
  if (!o) return null;
  const items = await orderLinesOf(db(), id);
  return {
    kind: "order" as const,
    ...commonDetail(o, "order"),
    channelNote: await channelOf(o),
    subtotal: o.subtotal,
    items: items.map((it): OrderDetailItem => ({
      id: it.id,
      productId: it.productId,
      productName: it.productName,
      quantity: it.quantity,
      price: it.price,
      lineTotal: it.price * it.quantity,
      // Kept as the shop's /uploads path when the order was placed; shown at today's image address.
      productImage: storedImageUrl(it.productImage, publicImageBase()),
      configuration: describeProductConfig(it.productConfig),
    })),
    history: await historyOf("order", id),
    afterSale: await afterSaleOf("order", id),
    whatsappMessages: await whatsAppDeliveries(id),
    codConfirmation: await codConfirmationOfOrder({ kind: "order", id }),
    rtoRisk: await rtoRiskOfOrder("order", id),
    invoices: await orderInvoicesSection("order", id),
    courierShipping: await courierSection("order", id),
    costs: withCosts ? await orderCost("order", id) : null,
  };
}

/** The stored design picture's largest variant (thumbnails from the customiser can be narrower than 320 px). */
async function storedPreviewUrl(key: string | null, maxWidth = 640): Promise<string | null> {
  if (!key || !/^[A-Za-z0-9_-]+$/.test(key)) return null;
  try {
    const widths: number[] = [];
    for await (const o of objectStore().list(`${key}/`)) {
      const w = /^[^/]+\/(\d+)\.webp$/.exec(o.key)?.[1];
      if (w) widths.push(Number(w));
    }
    widths.sort((a, b) => a - b);
    const w = widths.filter((x) => x <= maxWidth).pop() ?? widths[0];
    return w ? imageUrl(key, w, publicImageBase()) : null;
  } catch (err) {
    logger.warn({ err, key }, "could not look up a design preview in the image store");
    return null;
  }
}

/** A custom order for its details; `withCosts` (the staff dialog): with its cost and margin (issue 44). */
export async function getCustomOrderDetails(id: string, withCosts = false) {
  const [o] = await db().select().from(customNeonOrders).where(eq(customNeonOrders.id, id));
  if (!o) return null;
  return {
    kind: "custom" as const,
    ...commonDetail(o, "custom"),
    channelNote: await channelOf(o),
    customText: o.customText,
    fontStyle: o.fontStyle,
    neonColor: o.neonColor,
    size: o.size,
    hasDimmer: o.hasDimmer,
    backingShape: o.backingShape,
    previewImageUrl: await storedPreviewUrl(o.previewImageKey),
    wallPhotoUrl: await storedPreviewUrl(o.wallPhotoKey, 1280),
    quantity: o.quantity,
    basePrice: o.basePrice,
    dimmerPrice: o.dimmerPrice,
    backingPrice: o.backingPrice,
    characterPrice: o.characterPrice,
    makeWarnings: o.makeWarnings,
    history: await historyOf("custom", id),
    afterSale: await afterSaleOf("custom", id),
    whatsappMessages: await whatsAppDeliveries(id),
    codConfirmation: await codConfirmationOfOrder({ kind: "custom", id }),
    rtoRisk: await rtoRiskOfOrder("custom", id),
    invoices: await orderInvoicesSection("custom", id),
    courierShipping: await courierSection("custom", id),
    proofs: await proofsOf(id),
    costs: withCosts ? await orderCost("custom", id) : null,
  };
}

export type OrderDetails = NonNullable<Awaited<ReturnType<typeof getOrderDetails>>>;
export type CustomOrderDetails = NonNullable<Awaited<ReturnType<typeof getCustomOrderDetails>>>;

/** Where the order was made, with its pay link's state when staff made it in a chat (issue 46). */
async function channelOf(o: AnyOrderRow): Promise<string> {
  if (o.channel !== "chat" || !o.checkoutId) return channelNote({ ...o, payLink: null });
  const [r] = await db()
    .select({ payLink: payLinkFactsOf("checkouts") })
    .from(checkouts)
    .where(eq(checkouts.id, o.checkoutId));
  return channelNote({ ...o, payLink: r?.payLink ?? null });
}
