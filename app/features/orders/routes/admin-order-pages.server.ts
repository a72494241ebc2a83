import { confirmByPhone } from "~/features/cod-confirmation/cod-confirmation.server";
import { data } from "react-router";
import { failedAnswer, okAnswer, type FormAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { cancelRelatedSchema, cancelSeveralSchema } from "~/features/orders/order-flood";
import { parseOrderFilters, type OrderFilters } from "~/features/orders/order-filters";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { isUuid } from "~/shared/uuid";
import { getCustomOrderDetails, getOrderDetails } from "~/features/orders/admin-order-details.server";
import {
  cancelRelatedOrders,
  cancelSeveralOrders,
  relatedOpenOrders,
} from "~/features/orders/admin-order-flood.server";
import { listCustomOrders, listOrders, type OrderPage } from "~/features/orders/admin-order-list.server";
import type { RelatedOpenOrders } from "~/features/orders/order-flood";
import { changeOrder } from "~/features/orders/admin-orders.server";
import { refusedFields, runAfterSaleAction } from "~/features/after-sale/admin-after-sale.server";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import type { IntentRule } from "~/shared/staff-access";
import { formAction } from "~/platform/http/form-action.server";
import { adminIssueInvoice } from "~/features/invoices/invoice-requests.server";
import { documentInSentence } from "~/features/invoices/invoices.server";
import { bookCourier, cancelCourierShipment } from "~/features/shipments/courier-booking.server";

/** The largest order dialog form (a few short fields and a note). */
const ORDER_FORM_MAX_BYTES = 16_384;

/**
 * The loader and action of the two admin order pages, Purchase Details (kind "order") and Custom Neon
 * Orders (kind "custom"), for admins only: their routes pass their kind.
 */

/** Each kind's list and details dialog. */
const SOURCES = {
  // The staff dialog shows the order's cost and margin (the shopper's page reads the same details without).
  order: { list: listOrders, details: (id: string) => getOrderDetails(id, true) },
  custom: { list: listCustomOrders, details: (id: string) => getCustomOrderDetails(id, true) },
};
type Sources = typeof SOURCES;
type Source<K extends OrderKind> = {
  list: (filters: OrderFilters) => ReturnType<Sources[K]["list"]>;
  details: (id: string) => ReturnType<Sources[K]["details"]>;
};
/** The loader data of kind K's page. */
type PageData<K extends OrderKind> = OrderListPageData<
  Awaited<ReturnType<Sources[K]["list"]>>["rows"][number],
  NonNullable<Awaited<ReturnType<Sources[K]["details"]>>>
>;

/** What an admin order page's loader answers: the list page, its filters, and the order open in its dialog. */
export type OrderListPageData<Row, Details> = {
  page: OrderPage<Row>;
  filters: OrderFilters;
  /** Field errors of the filters in the URL (none when they are fine). */
  errors: Record<string, string>;
  /** The filters as typed, so a refused value stays visible next to its error. */
  raw: Record<string, string>;
  orderParam: string | null;
  details: Details | null;
  related: RelatedOpenOrders | null;
};

/**
 * An admin order list's data (admins only): filters and the open order from the URL; 400 with field
 * errors for bad filters (the valid ones still apply).
 */
export async function loadOrderListPage<K extends OrderKind>(request: Request, kind: K) {
  await requireAdmin(request, "orders.view");
  // TypeScript cannot narrow SOURCES[kind] by a generic kind: this names the one K picks.
  const { list, details } = SOURCES[kind] as Source<K>;
  const url = new URL(request.url);
  const parsed = parseOrderFilters(url.searchParams);
  const orderParam = url.searchParams.get("order");
  const openId = orderParam && isUuid(orderParam) ? orderParam.toLowerCase() : null;
  const [page, open, related] = await Promise.all([
    list(parsed.filters),
    openId ? details(openId) : Promise.resolve(null),
    openId ? relatedOpenOrders(kind, openId) : Promise.resolve(null),
  ]);
  const raw = Object.fromEntries([...url.searchParams.entries()].filter(([k]) => k !== "order"));
  return data<PageData<K>>(
    {
      page,
      filters: parsed.filters,
      errors: parsed.ok ? {} : parsed.errors,
      raw,
      orderParam,
      details: open,
      related: open ? related : null,
    },
    { status: parsed.ok ? 200 : 400 },
  );
}

/** An outcome's answer: its sentence, with the outcome's status code when it was refused. */
function answerOf(
  r: { ok: true } | { ok: false; httpStatus: number; message: string },
  done: string,
  intent: string,
) {
  return r.ok
    ? data(okAnswer(done, intent))
    : data(failedAnswer(r.message, undefined, intent), { status: r.httpStatus });
}

/** One form of the order dialog: its text fields in, its answer out. */
type OrderIntent = (
  fields: Record<string, string>,
  kind: OrderKind,
  actor: Actor,
) => Promise<ReturnType<typeof data<FormAnswer>>>;

/** Cancel every open order from the same phone or network (a flood of fake orders). */
const cancelRelated: OrderIntent = async (fields, kind, actor) => {
  const parsed = cancelRelatedSchema.safeParse(fields);
  if (!parsed.success) return refusedFields(fieldErrorsOf(parsed.error), fields.intent);
  if (parsed.data.kind !== kind)
    return data(failedAnswer("Unknown order.", undefined, fields.intent), { status: 400 });
  const r = await cancelRelatedOrders(parsed.data, actor);
  return answerOf(r, r.ok ? r.message : "", parsed.data.intent);
};

/** "Cancel selected" on the list (issue 41): the ticked open orders of this kind, cancelled together. */
const cancelSeveral: OrderIntent = async (fields, kind, actor) => {
  const parsed = cancelSeveralSchema.safeParse(fields);
  if (!parsed.success) return refusedFields(fieldErrorsOf(parsed.error), fields.intent);
  const r = await cancelSeveralOrders(kind, parsed.data, actor);
  return answerOf(r, r.ok ? r.message : "", parsed.data.intent);
};

/** "Issue invoice" (or "Issue bill of supply") for a paid order that has none yet. */
const issueInvoice: OrderIntent = async (fields, kind, actor) => {
  const r = await adminIssueInvoice(kind, fields.id ?? "", actor);
  const done = r.ok
    ? r.created
      ? `${documentInSentence(r.title)} ${r.number} issued.`
      : `${documentInSentence(r.title)} ${r.number} was already issued.`
    : "";
  return answerOf(r, done, "issue-invoice");
};

/** "Book courier": the parcel booked with Shiprocket (staff's courier id, or the settings' choice) and dispatched. */
const bookCourierIntent: OrderIntent = async (fields, kind, actor) => {
  const courierId = /^[1-9][0-9]{0,8}$/.test(fields.courierId ?? "") ? Number(fields.courierId) : undefined;
  if (!isUuid(fields.id ?? ""))
    return data(failedAnswer("Unknown order.", undefined, "book-courier"), { status: 400 });
  const r = await bookCourier({ kind, id: fields.id!, courierId }, actor);
  const done = r.ok
    ? `Booked with ${r.shipment.courierName}, AWB ${r.shipment.awb}. The order is dispatched.`
    : "";
  return answerOf(r, done, "book-courier");
};

/** "Cancel shipment": the courier booking cancelled before pickup, the order back in production. */
const cancelShipmentIntent: OrderIntent = async (fields, kind, actor) => {
  if (!isUuid(fields.id ?? ""))
    return data(failedAnswer("Unknown order.", undefined, "cancel-shipment"), { status: 400 });
  const r = await cancelCourierShipment({ kind, id: fields.id! }, actor);
  return answerOf(r, "Shipment cancelled. The order is back in production.", "cancel-shipment");
};

/** "Confirmed by phone": staff called the shopper of a COD order that waits for its confirmation (issue 30). */
const confirmByPhoneIntent: OrderIntent = async (fields, kind, actor) => {
  if (!isUuid(fields.id ?? ""))
    return data(failedAnswer("Unknown order.", undefined, "cod-confirm-phone"), { status: 400 });
  const r = await confirmByPhone(kind, fields.id!, actor);
  return answerOf(
    r.ok ? r : { ok: false, httpStatus: r.status, message: r.message },
    "Confirmed by phone. The order is confirmed.",
    "cod-confirm-phone",
  );
};

/**
 * The dialog's forms by intent, each with what it needs (staff-roles.ts): Operations change orders and ship
 * them; whatever moves money or the books (a payment status, a refund, an invoice, cash collected on
 * delivery) needs the refunds permission and step-up, so Accounts may and Operations may not. An intent not
 * listed here is refused (formAction).
 */
const ORDER_INTENTS = {
  // Delivered collects cash on delivery with it (decision 051): the goods' fact, like the invoice at dispatch.
  status: { permission: "orders", run: changeOrder },
  payment: { permission: "refunds", money: true, run: changeOrder },
  "cancel-related": { permission: "orders", run: cancelRelated },
  "cancel-several": { permission: "orders", run: cancelSeveral },
  "cod-confirm-phone": { permission: "orders", run: confirmByPhoneIntent },
  "return-create": { permission: "orders", run: runAfterSaleAction },
  "return-decide": { permission: "orders", run: runAfterSaleAction },
  refund: { permission: "refunds", money: true, run: runAfterSaleAction },
  "issue-invoice": { permission: "invoices", money: true, run: issueInvoice },
  "book-courier": { permission: "shipping", run: bookCourierIntent },
  "cancel-shipment": { permission: "shipping", run: cancelShipmentIntent },
} satisfies Record<string, IntentRule & { run: OrderIntent }>;

/**
 * The action of an admin order page: the order dialog's forms (status, payment, returns and refunds, tax
 * invoice, cancelling a flood of orders), each answering FormAnswer. Admins only; the body is capped while
 * it streams.
 */
export function orderPageAction(kind: OrderKind) {
  return formAction(
    {
      guard: "admin",
      // Every member who sees orders may post; each intent then needs its own (ORDER_INTENTS).
      permission: "orders.view",
      intents: ORDER_INTENTS,
      maxBytes: ORDER_FORM_MAX_BYTES,
    },
    (fields, { admin }) =>
      ORDER_INTENTS[fields.intent as keyof typeof ORDER_INTENTS].run(fields, kind, admin.user),
  );
}
