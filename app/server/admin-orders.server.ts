import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  checkPaymentMove,
  checkStatusMove,
  csvRow,
  describeProductConfig,
  displayId,
  fieldErrorsOf,
  formatIstDateTime,
  orderChangeSchema,
  likePrefix,
  ORDERS_PAGE_SIZE,
  orderStatusLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  backingShapeName,
  customColorName,
  customFontName,
  customSizeLabel,
  searchTerms,
  uuidPrefixRange,
  type OrderFilters,
  type OrderKind,
  type OrderStatus,
  type PaymentChange,
  type PaymentStatus,
  type StatusChange,
} from "~/domain/order-workflow";
import fs from "node:fs/promises";
import path from "node:path";
import { stateLabel } from "~/domain/checkout";
import { imageUrl } from "~/domain/images";
import { db, type Tx } from "./db/client.server";
import { pgErrorOf } from "./db/errors.server";
import {
  customNeonOrders,
  orderItems,
  orders,
  orderStatusHistory,
  products,
  type ShippingAddress,
} from "./db/schema";
import { env } from "./env.server";
import { logger } from "./logger.server";

/** The admin who makes a change (recorded in the order's history). */
export type Actor = { id: string; email: string };

const tableOf = (kind: OrderKind) => (kind === "order" ? orders : customNeonOrders);

// ---------------------------------------------------------------------------------------------------
// Finding orders

function filterConditions(kind: OrderKind, f: OrderFilters): SQL[] {
  const t = tableOf(kind);
  const where: SQL[] = [];
  const terms = searchTerms(f.q);
  if (terms) {
    const any: SQL[] = [];
    if (terms.uuid) any.push(sql`${t.id} = ${terms.uuid}::uuid`);
    if (terms.idPrefix) {
      const [lo, hi] = uuidPrefixRange(terms.idPrefix);
      any.push(sql`${t.id} between ${lo}::uuid and ${hi}::uuid`);
    }
    if (terms.phoneDigits) {
      const d = terms.phoneDigits;
      any.push(sql`${t.customerPhone} like ${likePrefix(`+91${d}`)}`);
      any.push(sql`${t.customerPhone} like ${likePrefix(d)}`);
      any.push(sql`reverse(${t.customerPhone}) like ${likePrefix([...d].reverse().join(""))}`);
    }
    if (terms.emailPrefix) any.push(sql`lower(${t.customerEmail}) like ${likePrefix(terms.emailPrefix)}`);
    if (terms.nameWords.length > 0) {
      // Words are letters and digits only, so the tsquery text cannot carry operators.
      const query = terms.nameWords.map((w) => `${w}:*`).join(" & ");
      any.push(sql`to_tsvector('simple', ${t.customerName}) @@ to_tsquery('simple', ${query})`);
    }
    where.push(any.length > 0 ? sql`(${sql.join(any, sql` or `)})` : sql`false`);
  }
  if (f.status) where.push(sql`${t.status} = ${f.status}`);
  if (f.method) where.push(sql`${t.paymentMethod} = ${f.method}`);
  if (f.payment) where.push(sql`${t.paymentStatus} = ${f.payment}`);
  // Dates are days in India.
  if (f.from) where.push(sql`${t.createdAt} >= (${f.from}::date)::timestamp at time zone 'Asia/Kolkata'`);
  if (f.to) where.push(sql`${t.createdAt} < (${f.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
  return where;
}

const whereOf = (conds: SQL[]) => (conds.length > 0 ? and(...conds) : undefined);

export type OrderListRow = {
  id: string;
  displayId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  subtotal: number;
  deliveryFee: number;
  totalAmount: number;
  paymentMethod: string;
  paymentLabel: string;
  paymentStatus: string;
  status: string;
  isTest: boolean;
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

function pageInfo(total: number, page: number) {
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  return { total, page: Math.min(page, pageCount), pageCount, pageSize: ORDERS_PAGE_SIZE };
}

/** One page of regular orders, newest first; search, filters and paging all in SQL. */
export async function listOrders(f: OrderFilters): Promise<OrderPage<OrderListRow>> {
  const conds = filterConditions("order", f);
  const total = await countOf("order", conds);
  const info = pageInfo(total, f.page);
  const rows = await db()
    .select({
      id: orders.id,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      subtotal: orders.subtotal,
      deliveryFee: orders.deliveryFee,
      totalAmount: orders.totalAmount,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      status: orders.status,
      isTest: orders.isTest,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(whereOf(conds))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((info.page - 1) * ORDERS_PAGE_SIZE);
  return {
    ...info,
    rows: rows.map((r) => ({
      ...r,
      displayId: displayId("order", r.id),
      paymentLabel: paymentMethodLabel(r.paymentMethod, r.isTest),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** One page of custom neon orders, newest first. */
export async function listCustomOrders(f: OrderFilters): Promise<OrderPage<CustomOrderListRow>> {
  const conds = filterConditions("custom", f);
  const total = await countOf("custom", conds);
  const info = pageInfo(total, f.page);
  const t = customNeonOrders;
  const rows = await db()
    .select({
      id: t.id,
      customerName: t.customerName,
      customerEmail: t.customerEmail,
      customerPhone: t.customerPhone,
      customText: t.customText,
      size: t.size,
      neonColor: t.neonColor,
      quantity: t.quantity,
      deliveryFee: t.deliveryFee,
      totalAmount: t.totalAmount,
      paymentMethod: t.paymentMethod,
      paymentStatus: t.paymentStatus,
      status: t.status,
      isTest: t.isTest,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(whereOf(conds))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((info.page - 1) * ORDERS_PAGE_SIZE);
  return {
    ...info,
    rows: rows.map((r) => ({
      ...r,
      displayId: displayId("custom", r.id),
      paymentLabel: paymentMethodLabel(r.paymentMethod, r.isTest),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Details

export type HistoryEntry = {
  id: string;
  field: "status" | "payment_status";
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

const commonDetail = (
  o: typeof orders.$inferSelect | typeof customNeonOrders.$inferSelect,
  kind: OrderKind,
) => ({
  id: o.id,
  displayId: displayId(kind, o.id),
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  customerPhone: o.customerPhone,
  shippingAddress: o.shippingAddress as ShippingAddress,
  preferredDate: o.preferredDate,
  deliveryFee: o.deliveryFee,
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
  stockReleasedAt: o.stockReleasedAt?.toISOString() ?? null,
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

export async function getOrderDetails(id: string) {
  const [o] = await db().select().from(orders).where(eq(orders.id, id));
  if (!o) return null;
  const items = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  return {
    kind: "order" as const,
    ...commonDetail(o, "order"),
    subtotal: o.subtotal,
    items: items.map((it): OrderDetailItem => ({
      id: it.id,
      productId: it.productId,
      productName: it.productName,
      quantity: it.quantity,
      price: it.price,
      lineTotal: it.price * it.quantity,
      productImage: it.productImage,
      configuration: describeProductConfig(it.productConfig),
    })),
    history: await historyOf("order", id),
  };
}

/** The stored design picture's largest variant (thumbnails from the customiser can be narrower than 320 px). */
async function storedPreviewUrl(key: string | null): Promise<string | null> {
  if (!key || !/^[A-Za-z0-9_-]+$/.test(key)) return null;
  try {
    const widths = (await fs.readdir(path.join(env().DATA_DIR, "uploads", key)))
      .map((f) => /^(\d+)\.webp$/.exec(f)?.[1])
      .filter((w): w is string => Boolean(w))
      .map(Number)
      .sort((a, b) => a - b);
    const w = widths.filter((x) => x <= 640).pop() ?? widths[0];
    return w ? imageUrl(key, w) : null;
  } catch {
    return null;
  }
}

export async function getCustomOrderDetails(id: string) {
  const [o] = await db().select().from(customNeonOrders).where(eq(customNeonOrders.id, id));
  if (!o) return null;
  return {
    kind: "custom" as const,
    ...commonDetail(o, "custom"),
    customText: o.customText,
    fontStyle: o.fontStyle,
    neonColor: o.neonColor,
    size: o.size,
    hasDimmer: o.hasDimmer,
    backingShape: o.backingShape,
    previewImageUrl: await storedPreviewUrl(o.previewImageKey),
    quantity: o.quantity,
    basePrice: o.basePrice,
    dimmerPrice: o.dimmerPrice,
    backingPrice: o.backingPrice,
    characterPrice: o.characterPrice,
    history: await historyOf("custom", id),
  };
}

export type OrderDetails = NonNullable<Awaited<ReturnType<typeof getOrderDetails>>>;
export type CustomOrderDetails = NonNullable<Awaited<ReturnType<typeof getCustomOrderDetails>>>;

// ---------------------------------------------------------------------------------------------------
// Changes

export type ChangeResult =
  | {
      ok: true;
      kind: OrderKind;
      id: string;
      status: OrderStatus;
      paymentStatus: PaymentStatus;
      stockReturned: boolean;
      statusChanged: OrderStatus | null;
    }
  | { ok: false; httpStatus: 404 | 409; message: string; field?: string };

type Locked = {
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: "razorpay" | "cod";
  stockReleasedAt: Date | null;
};

async function lockOrder(tx: Tx, kind: OrderKind, id: string): Promise<Locked | undefined> {
  const t = tableOf(kind);
  const r = await tx.execute<{
    id: string;
    status: OrderStatus;
    payment_status: PaymentStatus;
    payment_method: "razorpay" | "cod";
    stock_released_at: Date | null;
  }>(
    sql`select id, status, payment_status, payment_method, stock_released_at from ${t} where ${t.id} = ${id}::uuid for update`,
  );
  const row = r.rows[0];
  return row
    ? {
        id: row.id,
        status: row.status,
        paymentStatus: row.payment_status,
        paymentMethod: row.payment_method,
        stockReleasedAt: row.stock_released_at,
      }
    : undefined;
}

async function record(
  tx: Tx,
  kind: OrderKind,
  id: string,
  field: "status" | "payment_status",
  fromValue: string,
  toValue: string,
  note: string | undefined,
  actor: Actor,
) {
  await tx.insert(orderStatusHistory).values({
    orderId: kind === "order" ? id : null,
    customOrderId: kind === "custom" ? id : null,
    field,
    fromValue,
    toValue,
    note: note ?? null,
    changedBy: actor.id,
    changedByEmail: actor.email,
    // The moment of the statement, not of the transaction: two changes in one transaction keep their order.
    createdAt: sql`clock_timestamp()`,
  });
}

/**
 * Put a cancelled regular order's stock back, exactly once: stock_released_at is set in the same
 * transaction (under the order's row lock), and an order that has it is never returned again.
 * Lines whose product was deleted are skipped. Products are updated in id order (no deadlocks with checkout).
 */
async function returnStock(tx: Tx, order: Locked): Promise<boolean> {
  if (order.stockReleasedAt) return false;
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const back = new Map<string, number>();
  for (const it of items)
    if (it.productId) back.set(it.productId, (back.get(it.productId) ?? 0) + it.quantity);
  for (const [productId, q] of [...back].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${q}`, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
  }
  return true;
}

async function withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorOf(err)?.code !== "40P01") throw err;
    logger.warn({ err }, "order change hit a deadlock; retrying once");
    return work();
  }
}

const changedElsewhere =
  "This order was changed by someone else in the meantime. Close the dialog and open it again.";

/**
 * Move an order's status, as one transaction: lock the order, check the move with the workflow rules,
 * write the order (courier and tracking number for dispatch, stock back on cancel, COD paid on delivery
 * when asked) and a history row for each change (who, when, from, to, note).
 */
export async function changeOrderStatus(change: StatusChange, actor: Actor): Promise<ChangeResult> {
  const result = await withDeadlockRetry(() =>
    db().transaction(async (tx): Promise<ChangeResult> => {
      const kind = change.kind;
      const o = await lockOrder(tx, kind, change.id);
      if (!o) return { ok: false, httpStatus: 404, message: "Order not found." };
      if (change.expected && change.expected !== o.status)
        return { ok: false, httpStatus: 409, message: changedElsewhere };
      const check = checkStatusMove(o, change);
      if (!check.ok)
        return {
          ok: false,
          httpStatus: 409,
          message: check.message,
          ...(check.field ? { field: check.field } : {}),
        };

      let paymentStatus = o.paymentStatus;
      if (change.to === "delivered" && change.markPaid && o.paymentStatus !== "paid") {
        const pay = checkPaymentMove({ ...o, status: "delivered" }, "paid");
        if (!pay.ok) return { ok: false, httpStatus: 409, message: pay.message, field: "markPaid" };
        paymentStatus = "paid";
      }

      let stockReturned = false;
      if (change.to === "cancelled" && kind === "order") stockReturned = await returnStock(tx, o);

      const t = tableOf(kind);
      await tx
        .update(t)
        .set({
          status: change.to,
          paymentStatus,
          ...(change.to === "dispatched"
            ? { courier: change.courier!, trackingNumber: change.trackingNumber! }
            : {}),
          ...(stockReturned ? { stockReleasedAt: sql`now()` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(t.id, o.id));

      const dispatchNote =
        change.to === "dispatched"
          ? `Courier: ${change.courier}, tracking number: ${change.trackingNumber}`
          : undefined;
      const note =
        [dispatchNote, change.to === "cancelled" && stockReturned ? "Stock returned" : undefined, change.note]
          .filter(Boolean)
          .join(". ") || undefined;
      await record(tx, kind, o.id, "status", o.status, change.to, note, actor);
      if (paymentStatus !== o.paymentStatus)
        await record(
          tx,
          kind,
          o.id,
          "payment_status",
          o.paymentStatus,
          paymentStatus,
          "Cash collected on delivery",
          actor,
        );
      return {
        ok: true,
        kind,
        id: o.id,
        status: change.to,
        paymentStatus,
        stockReturned,
        statusChanged: change.to,
      };
    }),
  );
  if (result.ok)
    logger.info({ kind: change.kind, id: change.id, to: change.to, by: actor.email }, "order status changed");
  return result;
}

/** Change an order's payment status, as one transaction with its history row. */
export async function changePaymentStatus(change: PaymentChange, actor: Actor): Promise<ChangeResult> {
  const result = await db().transaction(async (tx): Promise<ChangeResult> => {
    const kind = change.kind;
    const o = await lockOrder(tx, kind, change.id);
    if (!o) return { ok: false, httpStatus: 404, message: "Order not found." };
    if (change.expected && change.expected !== o.paymentStatus)
      return { ok: false, httpStatus: 409, message: changedElsewhere };
    const check = checkPaymentMove(o, change.to);
    if (!check.ok)
      return {
        ok: false,
        httpStatus: 409,
        message: check.message,
        ...(check.field ? { field: check.field } : {}),
      };
    const t = tableOf(kind);
    await tx
      .update(t)
      .set({ paymentStatus: change.to, updatedAt: sql`now()` })
      .where(eq(t.id, o.id));
    await record(tx, kind, o.id, "payment_status", o.paymentStatus, change.to, change.note, actor);
    return {
      ok: true,
      kind,
      id: o.id,
      status: o.status,
      paymentStatus: change.to,
      stockReturned: false,
      statusChanged: null,
    };
  });
  if (result.ok)
    logger.info(
      { kind: change.kind, id: change.id, to: change.to, by: actor.email },
      "payment status changed",
    );
  return result;
}

// ---------------------------------------------------------------------------------------------------
// CSV export: the filtered orders, one row per order line, read in batches

const EXPORT_BATCH = 500;

const ORDER_CSV_HEADER = [
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
  "Product",
  "Size",
  "Colour",
  "Brightness Controller",
  "Type",
  "Quantity",
  "Unit Price",
  "Line Total",
  "Subtotal",
  "Delivery",
  "Order Total",
  "Courier",
  "Tracking Number",
];

const CUSTOM_CSV_HEADER = [
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
  "Delivery",
  "Order Total",
  "Courier",
  "Tracking Number",
];

const addressCells = (a: ShippingAddress) => [
  [a.address1, a.address2, a.landmark ? `Near ${a.landmark}` : undefined].filter(Boolean).join(", "),
  a.city,
  stateLabel(a.state),
  a.pincode,
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
    if (kind === "custom") {
      let out = "";
      for (const o of batch as (typeof customNeonOrders.$inferSelect)[]) {
        out += csvRow([
          displayId("custom", o.id),
          o.id,
          formatIstDateTime(o.createdAt),
          orderStatusLabel(o.status),
          paymentMethodLabel(o.paymentMethod, o.isTest),
          paymentStatusLabel(o.paymentStatus),
          o.customerName,
          o.customerEmail,
          o.customerPhone,
          ...addressCells(o.shippingAddress),
          o.customText,
          customFontName(o.fontStyle),
          customColorName(o.neonColor),
          customSizeLabel(o.size),
          o.hasDimmer,
          backingShapeName(o.backingShape),
          o.quantity,
          o.basePrice,
          o.characterPrice,
          o.dimmerPrice,
          o.backingPrice,
          o.deliveryFee,
          o.totalAmount,
          o.courier,
          o.trackingNumber,
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
      .where(
        sql`${orderItems.orderId} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      )
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
    const byOrder = new Map<string, (typeof items)[number][]>();
    for (const it of items) byOrder.set(it.orderId, [...(byOrder.get(it.orderId) ?? []), it]);
    let out = "";
    for (const o of list) {
      const head = [
        displayId("order", o.id),
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
      const tail = [o.subtotal, o.deliveryFee, o.totalAmount, o.courier, o.trackingNumber];
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

// ---------------------------------------------------------------------------------------------------
// The details dialog's form posts

export type OrderActionResponse = {
  httpStatus: 200 | 400 | 404 | 409;
  body: { ok: true; message: string } | { ok: false; message: string; errors?: Record<string, string> };
  changed?: Extract<ChangeResult, { ok: true }>;
};

/**
 * Parse a status or payment change posted by the details dialog (one schema per form) and make it.
 * `kind` is the page's kind: a form for the other kind of order is refused.
 */
export async function runOrderAction(
  form: FormData,
  kind: OrderKind,
  actor: Actor,
): Promise<OrderActionResponse> {
  const parsed = orderChangeSchema.safeParse(
    Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")),
  );
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return {
      httpStatus: 400,
      body: { ok: false, message: Object.values(errors)[0] ?? "Check the form.", errors },
    };
  }
  if (parsed.data.kind !== kind) return { httpStatus: 400, body: { ok: false, message: "Unknown order." } };
  const change = parsed.data;
  const r =
    change.intent === "status"
      ? await changeOrderStatus(change, actor)
      : await changePaymentStatus(change, actor);
  if (!r.ok) {
    return {
      httpStatus: r.httpStatus,
      body: {
        ok: false,
        message: r.message,
        ...(r.field && r.field !== "to" ? { errors: { [r.field]: r.message } } : {}),
      },
    };
  }
  const message =
    change.intent === "status"
      ? `Status set to ${orderStatusLabel(r.status)}${r.stockReturned ? "; stock returned" : ""}${change.markPaid && r.paymentStatus === "paid" ? "; payment marked paid" : ""}.`
      : `Payment set to ${paymentStatusLabel(r.paymentStatus)}.`;
  return { httpStatus: 200, body: { ok: true, message }, changed: r };
}
