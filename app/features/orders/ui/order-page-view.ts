import type { ComponentType, ReactNode } from "react";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import type { RelatedOpenOrders } from "~/features/orders/order-flood";

/** One of a kind's own list columns. */
export type OrderColumn<Row> = {
  head: string;
  cell: (row: Row) => ReactNode;
  /** Amounts are right-aligned. */
  align?: "right";
  /** A long text: cut off with an ellipsis (else the cell never wraps). */
  truncate?: boolean;
  /** The cell's tooltip (e.g. the whole text when it is cut off). */
  title?: (row: Row) => string;
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
  /** The kind's own columns, between Customer and Total (shown from medium screens up). */
  columns: OrderColumn<Row>[];
  /** Under the customer's name and phone. */
  customerNote?: (row: Row) => ReactNode;
  /** Under the total. */
  totalNote?: (row: Row) => ReactNode;
  Details: ComponentType<{ o: Details; related: RelatedOpenOrders | null }>;
  /** The page's error state when the list could not load. */
  error: { title: string; text: string; retryHref: string };
};
