import type { OrderKind } from "~/features/order-lifecycle/order-status";

/** Where the refund page of an order is (the dialog's form falls back to it when its script has not run). */
export function refundPagePath(kind: OrderKind, id: string, returnId?: string): string {
  const q = new URLSearchParams({ kind, id, ...(returnId ? { returnId } : {}) });
  return `/admin/refund?${q.toString()}`;
}

/** The admin page the order's dialog opens on. */
export function adminOrderPath(kind: OrderKind, id: string): string {
  return `/admin/${kind === "order" ? "purchases" : "custom-neon"}?order=${id}`;
}
