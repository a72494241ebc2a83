import type { OrderKind } from "~/features/order-lifecycle/order-status";

/**
 * The owner's to-do queue (issue 27): the orders that wait on the shop. Each to-do is a filter of the admin
 * order lists (`?todo=confirm`), and the dashboard counts the same rows (one SQL, owner-todo.server.ts).
 */
export const ORDER_TODOS = ["confirm", "proof", "return", "refund-failed"] as const;
export type OrderTodo = (typeof ORDER_TODOS)[number];

export const ORDER_TODO_LABELS: Record<OrderTodo, string> = {
  confirm: "Orders to confirm",
  proof: "Proofs to send",
  return: "Returns to decide",
  "refund-failed": "Refunds failed",
};

/** What each to-do asks of staff, under its count. */
export const ORDER_TODO_HINTS: Record<OrderTodo, string> = {
  confirm: "Call the shopper and confirm, or cancel",
  proof: "Custom signs waiting for a design proof",
  return: "Return requests to approve or refuse",
  "refund-failed": "Razorpay refused: refund again or pay back by bank",
};

/** Which kinds of order a to-do applies to (a design proof is for custom signs only). */
export const ORDER_TODO_KINDS: Record<OrderTodo, readonly OrderKind[]> = {
  confirm: ["order", "custom"],
  proof: ["custom"],
  return: ["order", "custom"],
  "refund-failed": ["order", "custom"],
};

/** The admin list of one kind of order, filtered to one to-do. */
export function orderTodoPath(kind: OrderKind, todo: OrderTodo): string {
  return `${kind === "order" ? "/admin/purchases" : "/admin/custom-neon"}?todo=${todo}`;
}
