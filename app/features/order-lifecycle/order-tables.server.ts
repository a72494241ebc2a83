import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { customNeonOrders, orders } from "~/platform/db/schema";

/** The table of one kind of order. */
export const tableOf = (kind: OrderKind) => (kind === "order" ? orders : customNeonOrders);
