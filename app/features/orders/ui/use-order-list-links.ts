import { useNavigate, useSearchParams } from "react-router";
import { orderFiltersToQuery, type OrderFilters } from "~/features/orders/order-filters";
import type { OrderKind } from "~/features/order-lifecycle/order-status";

/** Links of an admin order list: open an order's dialog, close it, export the filtered list as CSV. */
export function useOrderListLinks(kind: OrderKind, filters: OrderFilters, page: number) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const listQuery = orderFiltersToQuery(filters, { page });
  return {
    detailsHref(id: string) {
      const q = new URLSearchParams(listQuery);
      q.set("order", id);
      return `?${q.toString()}`;
    },
    closeDetails() {
      const q = new URLSearchParams(params);
      q.delete("order");
      void navigate(`?${q.toString()}`, { preventScrollReset: true, replace: true });
    },
    exportHref: `/api/admin/orders.csv?${new URLSearchParams([["kind", kind], ...orderFiltersToQuery(filters, { page: 1 })]).toString()}`,
  };
}
