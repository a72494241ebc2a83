/** What the admin dashboard shows: stat cards and the recent activity list. */

export type DashboardStats = {
  totalProducts: number;
  totalCategories: number;
  /** Regular and custom orders together, abandoned online attempts left out. */
  totalOrders: number;
  /** Money received, all time (app/features/dashboard/sales-figures.ts revenueOf), in whole rupees. */
  totalRevenue: number;
};

export type ActivityItem = {
  id: string;
  kind: "order" | "custom_order" | "status" | "payment_status";
  orderKind: "order" | "custom_order";
  orderId: string;
  customerName: string | null;
  amount: number | null;
  from: string | null;
  to: string | null;
  by: string | null;
  at: string;
};

/** The order number shoppers and staff see: 'NL' + the uuid's first group for orders, 8 characters for custom ones. */
export function orderLabel(kind: "order" | "custom_order", id: string): string {
  return kind === "order" ? `NL${(id.split("-")[0] ?? id).toUpperCase()}` : id.slice(0, 8).toUpperCase();
}

const STATUS_WORDS: Record<string, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  in_production: "In production",
  dispatched: "Dispatched",
  delivered: "Delivered",
  cancelled: "Cancelled",
  rto: "Returned (RTO)",
  paid: "Paid",
  failed: "Failed",
  refunded: "Refunded",
};

export function statusWord(status: string | null): string {
  return status ? (STATUS_WORDS[status] ?? status) : "";
}

/** One line describing an activity item. */
export function activityTitle(item: ActivityItem): string {
  const label = orderLabel(item.orderKind, item.orderId);
  switch (item.kind) {
    case "order":
      return `New order #${label}`;
    case "custom_order":
      return `New custom neon order #${label}`;
    case "status":
      return `Order #${label}: ${item.from ? `${statusWord(item.from)} → ` : ""}${statusWord(item.to)}`;
    case "payment_status":
      return `Order #${label}: payment ${item.from ? `${statusWord(item.from).toLowerCase()} → ` : ""}${statusWord(item.to).toLowerCase()}`;
  }
}
