import type { ComponentType, ReactNode } from "react";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import type { OrderFilters } from "~/features/orders/order-filters";
import type { RelatedOpenOrders } from "~/features/orders/order-flood";
import type { OrderPage } from "~/features/orders/admin-order-list.server";

/** What the page's loader answers (routes/admin-order-pages.server.ts). */
export type OrderListPageData<Row, Details> = {
  page: OrderPage<Row>;
  filters: OrderFilters;
  errors: Record<string, string>;
  raw: Record<string, string>;
  orderParam: string | null;
  details: Details | null;
  related: RelatedOpenOrders | null;
};

/** What one kind of order shows: the page's texts, its own list columns, its dialog. */
export type OrderPageView<Row, Details> = {
  kind: OrderKind;
  title: string;
  description: string;
  listTitle: string;
  /** Shown when the list is empty and no filter is set. */
  empty: string;
  /** Tables whose changes reload the page. */
  liveTables: readonly string[];
  /** How a row's Details link names the order ("order", "custom order"). */
  rowLabel: string;
  /** The kind's own columns, between Customer and Total. */
  heads: ReactNode;
  cells: (row: Row) => ReactNode;
  /** Under the customer's name and phone. */
  customerNote?: (row: Row) => ReactNode;
  /** Under the total. */
  totalNote?: (row: Row) => ReactNode;
  Details: ComponentType<{ o: Details; related: RelatedOpenOrders | null }>;
  /** The page's error state when the list could not load. */
  error: { title: string; text: string; retryHref: string };
};
