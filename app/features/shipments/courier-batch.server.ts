import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { shiprocket } from "~/features/couriers/couriers.server";
import { ShiprocketError } from "~/features/couriers/shiprocket.server";
import { displayId, type OrderKind } from "~/features/order-lifecycle/order-status";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { bookCourier } from "./courier-booking.server";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { shipments } from "~/features/shipments/tables.server";
import { logger } from "~/platform/logger.server";
import { SHIP_BATCH_MAX } from "./shipment-groups";

/*
 * Several orders shipped at once (issue 28): the orders in production in India that have no booking yet,
 * "Ship" on those staff select (each booked as with "Book courier": the settings' courier choice among
 * those serving the PIN, collecting cash for COD), then one manifest PDF (Shiprocket's handover list for the courier) for
 * every parcel booked. A failure of one order is said beside it and does not stop the others.
 */

const readyWhere = (t: typeof orders | typeof customNeonOrders) =>
  and(
    eq(t.status, "in_production"),
    ne(t.shippingMethod, "international"),
    sql`(${t.shippingAddress} ->> 'country') is null`,
  );

/** Orders ready for the courier: in production, in India, not booked (oldest first, 100 at most). */
export async function readyToShip() {
  const rows: {
    kind: OrderKind;
    id: string;
    customerName: string;
    pincode: string;
    cod: boolean;
    total: number;
    createdAt: Date;
  }[] = [];
  for (const [kind, t] of [
    ["order", orders],
    ["custom", customNeonOrders],
  ] as const) {
    const found = await db()
      .select({
        id: t.id,
        customerName: t.customerName,
        pincode: sql<string>`${t.shippingAddress} ->> 'pincode'`,
        paymentMethod: t.paymentMethod,
        paymentStatus: t.paymentStatus,
        total: t.totalAmount,
        createdAt: t.createdAt,
      })
      .from(t)
      .leftJoin(shipments, and(eq(shipments.orderKind, kind), eq(shipments.orderId, t.id)))
      .where(and(readyWhere(t), isNull(shipments.bookedAt)))
      .orderBy(desc(t.createdAt))
      .limit(100);
    for (const r of found)
      rows.push({
        kind,
        id: r.id,
        customerName: r.customerName,
        pincode: r.pincode,
        cod: r.paymentMethod === "cod" && r.paymentStatus !== "paid",
        total: r.total,
        createdAt: r.createdAt,
      });
  }
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .slice(0, 100)
    .map((r) => ({ ...r, displayId: displayId(r.kind, r.id), createdAt: r.createdAt.toISOString() }));
}

export type BatchOutcome = {
  booked: { displayId: string; courierName: string; awb: string; labelUrl: string | null }[];
  failed: { displayId: string; message: string }[];
  manifestUrl: string | null;
  manifestError: string | null;
};

/** Book each selected order in turn, then one manifest for every parcel booked. */
export async function shipSeveral(
  targets: { kind: OrderKind; id: string }[],
  actor: Actor,
): Promise<BatchOutcome> {
  const out: BatchOutcome = { booked: [], failed: [], manifestUrl: null, manifestError: null };
  const shipmentIds: number[] = [];
  for (const target of targets.slice(0, SHIP_BATCH_MAX)) {
    const r = await bookCourier(target, actor);
    if (!r.ok) {
      out.failed.push({ displayId: displayId(target.kind, target.id), message: r.message });
      continue;
    }
    out.booked.push({
      displayId: displayId(target.kind, target.id),
      courierName: r.shipment.courierName ?? "",
      awb: r.shipment.awb ?? "",
      labelUrl: r.shipment.labelUrl,
    });
    if (r.shipment.providerShipmentId) shipmentIds.push(Number(r.shipment.providerShipmentId));
  }
  const api = shiprocket();
  if (api && shipmentIds.length > 0) {
    try {
      out.manifestUrl = await api.manifestUrl(shipmentIds);
    } catch (err) {
      if (!(err instanceof ShiprocketError)) throw err;
      out.manifestError = err.message;
      logger.warn({ err: err.message }, "courier manifest failed");
    }
  }
  return out;
}
