import { countryName } from "~/shared/countries";
import { asc, desc, sql, type AnyColumn } from "drizzle-orm";
import { csvRow } from "~/shared/csv";
import { formatIstDateTime } from "~/shared/ist-dates";
import type { OrderFilters } from "~/features/orders/order-filters";
import { describeOrderedSign, describeProductConfig } from "~/features/sign-options/line-description";
import {
  displayId,
  orderStatusLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  rtoReasonLabel,
  type OrderKind,
} from "~/features/order-lifecycle/order-status";
import { landmarkPhrase, stateLabel } from "~/features/checkout/checkout";
import { db } from "~/platform/db/client.server";
import {
  customNeonOrders,
  orders,
  type ShippingAddress,
  orderItems,
} from "~/features/order-lifecycle/tables.server";
import { invoices } from "~/features/invoices/tables.server";
import { filterConditions, whereOf } from "./admin-order-filters.server";
import { tableOf, type AnyOrderRow } from "~/features/order-lifecycle/order-tables.server";

/** CSV export: the filtered orders, one row per order line, read in batches. */

const EXPORT_BATCH = 500;

/** The columns every row starts with: the order and its customer (see orderCells). */
const ORDER_COLUMNS = [
  "Order ID",
  "Order UUID",
  "Date (IST)",
  "Status",
  "Payment",
  "Payment Status",
  "Customer",
  "Email",
  "Phone",
  "Address",
  "City",
  "State",
  "PIN Code",
];

/**
 * The columns every row ends with (see chargeCells): the order's charges and total, its shipment, the B2B
 * buyer and the order's tax invoice or bill of supply (empty when none; decision 039).
 */
const CHARGE_COLUMNS = [
  "Delivery",
  "Delivery Method",
  "COD Charge",
  "Offers",
  "Offer Discount",
  "Discount Code",
  "Discount",
  "Order Total",
  "Courier",
  "Tracking Number",
  "RTO Reason",
  "Business Name",
  "Buyer GSTIN",
  "Tax Invoice or Bill of Supply",
];

const ORDER_CSV_HEADER = [
  ...ORDER_COLUMNS,
  "Product",
  "Size",
  "Colour",
  "Brightness Controller",
  "Type",
  "Quantity",
  "Unit Price",
  "Line Total",
  "Subtotal",
  ...CHARGE_COLUMNS,
];

const CUSTOM_CSV_HEADER = [
  ...ORDER_COLUMNS,
  "Text",
  "Font",
  "Colour",
  "Size",
  "Dimmer",
  "Backing",
  "Quantity",
  "Base Price",
  "Character Price",
  "Dimmer Price",
  "Backing Price",
  ...CHARGE_COLUMNS,
];

const addressCells = (a: ShippingAddress) => [
  [a.address1, a.address2, landmarkPhrase(a.landmark)].filter(Boolean).join(", "),
  a.city,
  a.country && a.country !== "IN"
    ? [a.state, countryName(a.country)].filter(Boolean).join(", ")
    : stateLabel(a.state),
  a.pincode,
];

/** The cells under ORDER_COLUMNS. */
function orderCells(kind: OrderKind, o: AnyOrderRow) {
  return [
    displayId(kind, o.id),
    o.id,
    formatIstDateTime(o.createdAt),
    orderStatusLabel(o.status),
    paymentMethodLabel(o.paymentMethod, o.isTest),
    paymentStatusLabel(o.paymentStatus),
    o.customerName,
    o.customerEmail,
    o.customerPhone,
    ...addressCells(o.shippingAddress),
  ];
}

/** `column in (ids…)`, for a batch of orders. */
const inIds = (column: AnyColumn, ids: string[]) =>
  sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/** The tax invoice or bill of supply numbers of a batch of orders (order id → number). */
async function invoiceNumbers(kind: OrderKind, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const column = kind === "order" ? invoices.orderId : invoices.customOrderId;
  const rows = await db()
    .select({ orderId: column, number: invoices.number })
    .from(invoices)
    .where(sql`${invoices.kind} in ('invoice', 'bill_of_supply') and ${inIds(column, ids)}`);
  return new Map(rows.map((r) => [r.orderId!, r.number]));
}

/** The cells under CHARGE_COLUMNS. */
const chargeCells = (o: AnyOrderRow, invoiceNumbers: Map<string, string>) => [
  o.deliveryFee,
  o.shippingMethod,
  o.codFee,
  o.offerNames,
  o.offerDiscount,
  o.discountCode,
  o.discount,
  o.totalAmount,
  o.courier,
  o.trackingNumber,
  rtoReasonLabel(o.rtoReason),
  o.buyerBusinessName,
  o.buyerGstin,
  invoiceNumbers.get(o.id) ?? "",
];

/** Batches of filtered orders, newest first, by keyset (created_at, id): constant memory for any number of rows. */
async function* orderBatches(kind: OrderKind, f: OrderFilters) {
  const t = tableOf(kind);
  const conds = filterConditions(kind, f);
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const page = [...conds];
    if (after)
      page.push(
        sql`(${t.createdAt}, ${t.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
      );
    const rows =
      kind === "order"
        ? await db()
            .select()
            .from(orders)
            .where(whereOf(page))
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(EXPORT_BATCH)
        : await db()
            .select()
            .from(customNeonOrders)
            .where(whereOf(page))
            .orderBy(desc(customNeonOrders.createdAt), desc(customNeonOrders.id))
            .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** The CSV text lines of the filtered orders (header first), generated batch by batch. */
export async function* exportOrdersCsv(kind: OrderKind, f: OrderFilters): AsyncGenerator<string> {
  yield "\ufeff" + csvRow(kind === "order" ? ORDER_CSV_HEADER : CUSTOM_CSV_HEADER);
  for await (const batch of orderBatches(kind, f)) {
    const numbers = await invoiceNumbers(
      kind,
      batch.map((o) => o.id),
    );
    if (kind === "custom") {
      let out = "";
      for (const o of batch as (typeof customNeonOrders.$inferSelect)[]) {
        out += csvRow([
          ...orderCells("custom", o),
          o.customText,
          // Font, Colour, Size, Dimmer, Backing: the header's order.
          ...describeOrderedSign(o).map((f) => f.value),
          o.quantity,
          o.basePrice,
          o.characterPrice,
          o.dimmerPrice,
          o.backingPrice,
          ...chargeCells(o, numbers),
        ]);
      }
      yield out;
      continue;
    }
    const list = batch as (typeof orders.$inferSelect)[];
    const ids = list.map((o) => o.id);
    const items = await db()
      .select()
      .from(orderItems)
      .where(inIds(orderItems.orderId, ids))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
    const byOrder = new Map<string, (typeof items)[number][]>();
    for (const it of items) byOrder.set(it.orderId, [...(byOrder.get(it.orderId) ?? []), it]);
    let out = "";
    for (const o of list) {
      const head = orderCells("order", o);
      const tail = [o.subtotal, ...chargeCells(o, numbers)];
      const lines = byOrder.get(o.id) ?? [];
      if (lines.length === 0) out += csvRow([...head, "", "", "", "", "", "", "", "", ...tail]);
      for (const it of lines) {
        const cfg = Object.fromEntries(
          describeProductConfig(it.productConfig).map((c) => [c.label, c.value]),
        );
        out += csvRow([
          ...head,
          it.productName,
          cfg["Size"],
          cfg["Colour"],
          cfg["Brightness controller"],
          cfg["Type"],
          it.quantity,
          it.price,
          it.price * it.quantity,
          ...tail,
        ]);
      }
    }
    yield out;
  }
}

/** The export's file name: orders-2025-08-31.csv / custom-neon-orders-2025-08-31.csv. */
export function exportFileName(kind: OrderKind, now = new Date()): string {
  const day = formatIstDateTime(now).slice(0, 10);
  return `${kind === "order" ? "orders" : "custom-neon-orders"}-${day}.csv`;
}
