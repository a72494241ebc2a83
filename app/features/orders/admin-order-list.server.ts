import { desc, sql, type SQL } from "drizzle-orm";
import { ORDERS_PAGE_SIZE, type OrderFilters } from "~/features/orders/order-filters";
import { displayId, paymentMethodLabel, type OrderKind } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { whereOf, filterConditions } from "./admin-order-filters.server";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { channelNote } from "./order-channel";
import { payLinkFactsOf } from "./order-channel.server";
import type { PayLinkFacts } from "~/features/order-lifecycle/pay-link-state";

/** The admin order lists (Purchase Details, Custom Neon Orders): one page at a time, newest first. */

export type OrderListRow = {
  id: string;
  displayId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  subtotal: number;
  deliveryFee: number;
  /** The cash-on-delivery charge, shown under the delivery fee. */
  codFee: number;
  /** What the code and offers took off this order, shown under the total. */
  discount: number;
  totalAmount: number;
  paymentMethod: string;
  paymentLabel: string;
  paymentStatus: string;
  status: string;
  isTest: boolean;
  /** Where it was made: "Website", or "Chat (WhatsApp): Awaiting payment" (issue 46). */
  channelNote: string;
  createdAt: string;
};

export type CustomOrderListRow = Omit<OrderListRow, "subtotal"> & {
  customText: string;
  size: string;
  neonColor: string;
  quantity: number;
};

export type OrderPage<Row> = {
  rows: Row[];
  total: number;
  /** In the default view: how many abandoned online attempts the same search hides (null in other views). */
  hiddenAttempts: number | null;
  page: number;
  pageCount: number;
  pageSize: number;
};

async function countOf(kind: OrderKind, conds: SQL[]): Promise<number> {
  const t = tableOf(kind);
  const [r] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(whereOf(conds));
  return r?.n ?? 0;
}

/** What the default view hides: the same search's abandoned online attempts (partial index, cheap). */
async function hiddenAttemptsOf(kind: OrderKind, f: OrderFilters): Promise<number | null> {
  if (f.show) return null;
  return countOf(kind, filterConditions(kind, { ...f, show: "attempts" }));
}

function pageInfo(total: number, page: number) {
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  return { total, page: Math.min(page, pageCount), pageCount, pageSize: ORDERS_PAGE_SIZE };
}

/** The columns both lists show. */
const listColumns = (t: typeof orders | typeof customNeonOrders) => ({
  id: t.id,
  customerName: t.customerName,
  customerEmail: t.customerEmail,
  customerPhone: t.customerPhone,
  deliveryFee: t.deliveryFee,
  codFee: t.codFee,
  discount: sql<number>`${t.discount} + ${t.offerDiscount}`,
  totalAmount: t.totalAmount,
  paymentMethod: t.paymentMethod,
  paymentStatus: t.paymentStatus,
  status: t.status,
  isTest: t.isTest,
  channel: t.channel,
  chatApp: t.chatApp,
  payLink: payLinkFactsOf(t === orders ? "orders" : "custom_neon_orders"),
  createdAt: t.createdAt,
});

/** A list row with its display id, payment label and ISO date. */
function listed<
  R extends {
    id: string;
    paymentMethod: string;
    isTest: boolean;
    createdAt: Date;
    channel: string;
    chatApp: string | null;
    payLink: PayLinkFacts | null;
  },
>(kind: OrderKind, r: R) {
  const { channel: _channel, chatApp: _chatApp, payLink: _payLink, ...rest } = r;
  return {
    ...rest,
    channelNote: channelNote(r),
    displayId: displayId(kind, r.id),
    paymentLabel: paymentMethodLabel(r.paymentMethod, r.isTest),
    createdAt: r.createdAt.toISOString(),
  };
}

/** One page of regular orders, newest first; search, filters and paging all in SQL. */
export async function listOrders(f: OrderFilters): Promise<OrderPage<OrderListRow>> {
  const conds = filterConditions("order", f);
  const [total, hiddenAttempts] = await Promise.all([countOf("order", conds), hiddenAttemptsOf("order", f)]);
  const info = { ...pageInfo(total, f.page), hiddenAttempts };
  const rows = await db()
    .select({ ...listColumns(orders), subtotal: orders.subtotal })
    .from(orders)
    .where(whereOf(conds))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((info.page - 1) * ORDERS_PAGE_SIZE);
  return { ...info, rows: rows.map((r) => listed("order", r)) };
}

/** One page of custom neon orders, newest first. */
export async function listCustomOrders(f: OrderFilters): Promise<OrderPage<CustomOrderListRow>> {
  const conds = filterConditions("custom", f);
  const [total, hiddenAttempts] = await Promise.all([
    countOf("custom", conds),
    hiddenAttemptsOf("custom", f),
  ]);
  const info = { ...pageInfo(total, f.page), hiddenAttempts };
  const t = customNeonOrders;
  const rows = await db()
    .select({
      ...listColumns(t),
      customText: t.customText,
      size: t.size,
      neonColor: t.neonColor,
      quantity: t.quantity,
    })
    .from(t)
    .where(whereOf(conds))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((info.page - 1) * ORDERS_PAGE_SIZE);
  return { ...info, rows: rows.map((r) => listed("custom", r)) };
}
