import { sql } from "drizzle-orm";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import type { AuditActor } from "~/platform/audit.server";
import type { Tx } from "~/platform/db/client.server";
import { orderStatusHistory } from "./tables.server";

/** Who made a change: the signed-in staff member (the audit trail's actor, written once there). */
export type Actor = AuditActor;

/**
 * One row of an order's history (status, payment, return, or a production board move: decision 062), in the caller's transaction. `actor` is the
 * admin who made the change, or null for the shopper or the system. The statement's own clock orders rows
 * written in one transaction.
 */
export async function writeOrderHistory(
  tx: Tx,
  target: { kind: OrderKind; id: string },
  row: {
    field: "status" | "payment_status" | "return" | "production";
    from: string | null;
    to: string;
    note: string | null;
    actor: Actor | null;
  },
): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: target.kind === "order" ? target.id : null,
    customOrderId: target.kind === "custom" ? target.id : null,
    field: row.field,
    fromValue: row.from,
    toValue: row.to,
    note: row.note,
    changedBy: row.actor?.id ?? null,
    changedByEmail: row.actor?.email ?? null,
    createdAt: sql`clock_timestamp()`,
  });
}
