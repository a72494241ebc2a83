import { data } from "react-router";
import { parseOrderFilters, type OrderFilters } from "~/domain/order-filters";
import type { OrderKind } from "~/domain/order-status";
import { isUuid } from "~/domain/uuid";
import { runOrderAction } from "./admin-orders.server";
import { requireAdmin } from "./auth.server";
import { queueStatusEmail } from "./order-status-emails.server";

/**
 * The loader of an admin order list (Purchase Details, Custom Neon Orders): admin only; filters and
 * the open order from the URL; 400 with field errors for bad filters (the valid ones still apply).
 */
export async function loadOrderListPage<Page, Details>(
  request: Request,
  list: (filters: OrderFilters) => Promise<Page>,
  details: (id: string) => Promise<Details>,
) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const parsed = parseOrderFilters(url.searchParams);
  const orderParam = url.searchParams.get("order");
  const [page, open] = await Promise.all([
    list(parsed.filters),
    orderParam && isUuid(orderParam) ? details(orderParam.toLowerCase()) : Promise.resolve(null),
  ]);
  const raw = Object.fromEntries([...url.searchParams.entries()].filter(([k]) => k !== "order"));
  return data(
    { page, filters: parsed.filters, errors: parsed.ok ? {} : parsed.errors, raw, orderParam, details: open },
    { status: parsed.ok ? 200 : 400 },
  );
}

/** A status or payment change from an order dialog; the shopper hears about confirmed, dispatched and delivered. */
export async function handleOrderAction(request: Request, kind: OrderKind) {
  const { user } = await requireAdmin(request);
  const r = await runOrderAction(await request.formData(), kind, user);
  // After the commit; a mail failure never fails the change.
  if (r.changed?.statusChanged) queueStatusEmail(kind, r.changed.id, r.changed.statusChanged);
  return data(r.body, { status: r.httpStatus });
}
