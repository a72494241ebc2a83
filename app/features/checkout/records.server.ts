import type { PaymentHandoff } from "~/features/payments/payment-handoff";
import { asc, eq, inArray } from "drizzle-orm";
import { formatShippingAddress } from "./checkout";
import {
  displayCustomOrderId,
  displayOrderId,
  type PaymentMethodId,
} from "~/features/order-lifecycle/order-status";
import type { CheckoutPlan, ProductRecord } from "./order-pricing";
import { sizePriceColumns } from "~/features/catalog/catalog.server";
import type { ShippingMethod } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { checkouts } from "./tables.server";
import { customNeonOrders, orders, orderItems } from "~/features/order-lifecycle/tables.server";
import { products } from "~/features/catalog/tables.server";
import {
  describeCustomSign,
  describeProductConfig,
  lineSummary,
} from "~/features/sign-options/line-description";
import { orderPagePath } from "~/shared/order-links";
import { shopSettings } from "~/features/settings/store-settings.server";
import { paymentGateway } from "~/features/payments/gateway.server";
import { codConfirmationDeadline } from "~/features/cod-confirmation/cod-confirmation.server";
import type { DbOrTx } from "~/platform/db/client.server";

/* Reading checkouts and their orders: the shapes every checkout module shares. */

/** The result of a checkout: the same for the first submission and every repeat of it. */
export type PlacedCheckout = {
  checkoutId: string;
  paymentMethod: PaymentMethodId;
  paymentStatus: string;
  isTest: boolean;
  totalAmount: number;
  /** The id shown to the shopper: the regular order's, else the first custom order's. */
  orderId: string;
  orderIds: string[];
  customerName: string;
  shippingAddress: string;
  createdAt: string;
  /** All orders of this checkout were cancelled (the payment hold expired). */
  cancelled: boolean;
  /** What the total is made of, each charge on its own (the confirmation page lists them). */
  charges: CheckoutCharges;
  payment: PaymentHandoff | null;
  /** Each order's own page (status, tracking, invoice, cancellation) and what it holds. */
  orderPages: PlacedOrderPage[];
  /** A COD order waiting for the shopper's confirmation: the time it is cancelled if not confirmed (ISO). */
  codConfirmBy: string | null;
};

export type PlacedOrderPage = {
  displayId: string;
  path: string;
  lines: { name: string; details: string; quantity: number; lineTotal: number }[];
};

/** A checkout's charges as its plan had them, with the delivery method and window it was placed with. */
export type CheckoutCharges = Pick<
  CheckoutPlan,
  | "subtotal"
  | "deliveryFee"
  | "codFee"
  | "discount"
  | "discountCode"
  | "offerDiscount"
  | "offerNames"
  | "totalAmount"
> & {
  shippingMethod: ShippingMethod;
  deliveryDaysMin: number | null;
  deliveryDaysMax: number | null;
};

export const productColumns = {
  id: products.id,
  name: products.name,
  isActive: products.isActive,
  stockQuantity: products.stockQuantity,
  whenSoldOut: products.whenSoldOut,
  madeToOrderDays: products.madeToOrderDays,
  ...sizePriceColumns,
};

export async function readProducts(tx: DbOrTx, ids: string[]): Promise<Map<string, ProductRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select(productColumns)
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export type CheckoutRow = typeof checkouts.$inferSelect;

export async function findByKey(key: string): Promise<CheckoutRow | undefined> {
  const [row] = await db().select().from(checkouts).where(eq(checkouts.idempotencyKey, key));
  return row;
}

export async function findById(id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db().select().from(checkouts).where(eq(checkouts.id, id));
  return row;
}

export async function toPlaced(row: CheckoutRow): Promise<PlacedCheckout> {
  const regular = await db()
    .select({
      id: orders.id,
      name: orders.customerName,
      email: orders.customerEmail,
      phone: orders.customerPhone,
      address: orders.shippingAddress,
      status: orders.status,
      createdAt: orders.createdAt,
      accessToken: orders.accessToken,
      ...chargeColumns(orders),
    })
    .from(orders)
    .where(eq(orders.checkoutId, row.id));
  const custom = await db()
    .select({
      id: customNeonOrders.id,
      name: customNeonOrders.customerName,
      email: customNeonOrders.customerEmail,
      phone: customNeonOrders.customerPhone,
      address: customNeonOrders.shippingAddress,
      status: customNeonOrders.status,
      createdAt: customNeonOrders.createdAt,
      accessToken: customNeonOrders.accessToken,
      customText: customNeonOrders.customText,
      quantity: customNeonOrders.quantity,
      sign: {
        font: customNeonOrders.fontStyle,
        color: customNeonOrders.neonColor,
        size: customNeonOrders.size,
        hasDimmer: customNeonOrders.hasDimmer,
        backingShape: customNeonOrders.backingShape,
      },
      ...chargeColumns(customNeonOrders),
    })
    .from(customNeonOrders)
    .where(eq(customNeonOrders.checkoutId, row.id))
    .orderBy(asc(customNeonOrders.createdAt), asc(customNeonOrders.id));
  const all = [...regular, ...custom];
  const first = all[0]!;
  const orderIds = [
    ...regular.map((o) => displayOrderId(o.id)),
    ...custom.map((o) => displayCustomOrderId(o.id)),
  ];
  const g = paymentGateway();
  const payment: PaymentHandoff | null =
    row.paymentMethod === "razorpay" &&
    row.razorpayOrderId &&
    g.mode !== "off" &&
    (g.mode === "test") === row.isTest
      ? {
          gateway: g.mode,
          keyId: g.keyId,
          razorpayOrderId: row.razorpayOrderId,
          amountPaise: row.totalAmount * 100,
          currency: "INR",
          scriptUrl: g.scriptUrl,
          timeoutSeconds: Math.max(120, (await shopSettings()).limits.paymentHoldMinutes * 60 - 120),
          prefill: { name: first.name, email: first.email, contact: first.phone },
        }
      : null;
  return {
    checkoutId: row.id,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    isTest: row.isTest,
    totalAmount: row.totalAmount,
    orderId: orderIds[0]!,
    orderIds,
    customerName: first.name,
    shippingAddress: formatShippingAddress(first.address),
    createdAt: row.createdAt.toISOString(),
    cancelled: all.every((o) => o.status === "cancelled"),
    charges: sumCharges(all, row.totalAmount),
    payment,
    orderPages: await orderPagesOf(regular, custom),
    // A COD order waits for its shopper's confirmation (issue 30): the page and the toast say so (issue 42).
    codConfirmBy:
      row.paymentMethod === "cod" ? ((await codConfirmationDeadline(row.id))?.toISOString() ?? null) : null,
  };
}

async function orderPagesOf(
  regular: { id: string; accessToken: string }[],
  custom: {
    id: string;
    accessToken: string;
    customText: string;
    quantity: number;
    orderTotal: number;
    deliveryFee: number;
    codFee: number;
    discount: number;
    offerDiscount: number;
    sign: Parameters<typeof describeCustomSign>[0];
  }[],
): Promise<PlacedOrderPage[]> {
  const items =
    regular.length === 0
      ? []
      : await db()
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              regular.map((o) => o.id),
            ),
          )
          .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  return [
    ...regular.map((o) => ({
      displayId: displayOrderId(o.id),
      path: orderPagePath(o.accessToken),
      lines: items
        .filter((it) => it.orderId === o.id)
        .map((it) => ({
          name: it.productName,
          details: lineSummary(describeProductConfig(it.productConfig), ", "),
          quantity: it.quantity,
          lineTotal: it.price * it.quantity,
        })),
    })),
    ...custom.map((o) => ({
      displayId: displayCustomOrderId(o.id),
      path: orderPagePath(o.accessToken),
      lines: [
        {
          name: `Custom Neon: "${o.customText || "YOUR TEXT"}"`,
          details: lineSummary(describeCustomSign(o.sign), ", "),
          quantity: o.quantity,
          lineTotal: o.orderTotal - o.deliveryFee - o.codFee + o.discount + o.offerDiscount,
        },
      ],
    })),
  ];
}

const chargeColumns = (t: typeof orders | typeof customNeonOrders) => ({
  deliveryFee: t.deliveryFee,
  codFee: t.codFee,
  discount: t.discount,
  discountCode: t.discountCode,
  offerDiscount: t.offerDiscount,
  offerNames: t.offerNames,
  orderTotal: t.totalAmount,
  shippingMethod: t.shippingMethod,
  deliveryDaysMin: t.deliveryDaysMin,
  deliveryDaysMax: t.deliveryDaysMax,
});

/** One order's charges (its total, not the goods' subtotal): what `sumCharges` adds up. */
type ChargeRow = Omit<CheckoutCharges, "subtotal" | "totalAmount"> & { orderTotal: number };

/** The checkout's charges from its orders: the goods are what each order's total holds besides its charges. */
function sumCharges(all: ChargeRow[], totalAmount: number): CheckoutCharges {
  const deliveryFee = all.reduce((n, o) => n + o.deliveryFee, 0);
  const codFee = all.reduce((n, o) => n + o.codFee, 0);
  const discount = all.reduce((n, o) => n + o.discount, 0);
  const offerDiscount = all.reduce((n, o) => n + o.offerDiscount, 0);
  const first = all[0]!;
  return {
    subtotal: totalAmount - deliveryFee - codFee + discount + offerDiscount,
    deliveryFee,
    codFee,
    discount,
    discountCode: all.find((o) => o.discountCode)?.discountCode ?? null,
    offerDiscount,
    offerNames: all.find((o) => o.offerNames)?.offerNames ?? null,
    totalAmount,
    shippingMethod: first.shippingMethod,
    deliveryDaysMin: first.deliveryDaysMin,
    deliveryDaysMax: first.deliveryDaysMax,
  };
}
