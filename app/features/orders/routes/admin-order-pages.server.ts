import { data } from "react-router";
import { fieldErrorsOf } from "~/shared/form-errors";
import { cancelRelatedSchema } from "~/features/orders/order-flood";
import { parseOrderFilters, type OrderFilters } from "~/features/orders/order-filters";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { isUuid } from "~/shared/uuid";
import { getCustomOrderDetails, getOrderDetails } from "~/features/orders/admin-order-details.server";
import { cancelRelatedOrders, relatedOpenOrders } from "~/features/orders/admin-order-flood.server";
import { listCustomOrders, listOrders } from "~/features/orders/admin-order-list.server";
import { runOrderAction } from "~/features/orders/admin-orders.server";
import { isAfterSaleIntent, runAfterSaleAction } from "~/features/after-sale/admin-after-sale.server";
import type { AdminSession } from "~/platform/auth/auth.server";
import { BadFormBody, BodyTooLarge, readFormData } from "~/platform/http/form-body.server";
import { adminIssueInvoice } from "~/features/invoices/invoice-requests.server";
import { wakeWorkers } from "~/platform/jobs/queue.server";

/**
 * The loader and action of the two admin order pages, Purchase Details (kind "order") and Custom Neon
 * Orders (kind "custom"): their routes guard them (requireAdmin) and pass their kind.
 */

/** Each kind's list and details dialog. */
const SOURCES = {
  order: { list: listOrders, details: getOrderDetails },
  custom: { list: listCustomOrders, details: getCustomOrderDetails },
};
type Sources = typeof SOURCES;
type Source<K extends OrderKind> = {
  list: (filters: OrderFilters) => ReturnType<Sources[K]["list"]>;
  details: (id: string) => ReturnType<Sources[K]["details"]>;
};

/**
 * An admin order list's data: filters and the open order from the URL; 400 with field errors for bad
 * filters (the valid ones still apply).
 */
export async function loadOrderListPage<K extends OrderKind>(request: Request, kind: K) {
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
  return data(
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

/** A status or payment change from an order dialog; the shopper hears about confirmed, dispatched and delivered. */
export async function handleOrderAction(request: Request, kind: OrderKind, { user }: AdminSession) {
  let form: FormData;
  try {
    form = await readFormData(request, 16_384);
  } catch (e) {
    if (e instanceof BodyTooLarge)
      return data({ ok: false as const, message: "The form is too large." }, { status: 413 });
    if (e instanceof BadFormBody)
      return data(
        { ok: false as const, message: "The form could not be read. Please try again." },
        { status: 400 },
      );
    throw e;
  }
  if (form.get("intent") === "cancel-related") {
    const parsed = cancelRelatedSchema.safeParse(
      Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")),
    );
    if (!parsed.success || parsed.data.kind !== kind) {
      const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
      return data(
        { ok: false as const, message: Object.values(errors)[0] ?? "Unknown order.", errors },
        { status: 400 },
      );
    }
    const r = await cancelRelatedOrders(parsed.data, user);
    return data(
      r.ok ? { ok: true as const, message: r.message } : { ok: false as const, message: r.message },
      { status: r.ok ? 200 : r.httpStatus },
    );
  }
  if (isAfterSaleIntent(form.get("intent"))) {
    const a = await runAfterSaleAction(form, kind, user);
    return data(a.body, { status: a.status });
  }
  if (form.get("intent") === "issue-invoice") {
    const id = form.get("id");
    const r = await adminIssueInvoice(kind, typeof id === "string" ? id : "", user);
    return data(
      r.ok
        ? {
            ok: true as const,
            message: r.created
              ? `Tax invoice ${r.number} issued.`
              : `Tax invoice ${r.number} was already issued.`,
          }
        : { ok: false as const, message: r.message },
      { status: r.ok ? 200 : r.httpStatus },
    );
  }
  const r = await runOrderAction(form, kind, user);
  // The status mail was queued in the change's transaction: wake this instance's worker for it.
  if (r.changed?.statusChanged) wakeWorkers();
  return data(r.body, { status: r.httpStatus });
}
