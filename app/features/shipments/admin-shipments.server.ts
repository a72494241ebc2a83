import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { TRACKING_LABELS, type TrackingStage } from "~/features/couriers/courier-rules";
import { displayId } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { shipments } from "~/features/shipments/tables.server";
import type { ShipmentGroup } from "./shipment-groups";

/*
 * The admin's shipments view (issue 28): parcels booked with the courier, in four groups staff act on:
 * awaiting pickup (booked, no tracking news yet), in transit (moving, out for delivery), delivery failed
 * waiting for the shopper (NDR), and coming back or returned (RTO). Each with its courier charge beside
 * the order's delivery fee, so the shipping margin is visible per parcel.
 */

const GROUP_WHERE: Record<ShipmentGroup, ReturnType<typeof and>> = {
  pickup: isNull(shipments.trackingStage),
  transit: or(eq(shipments.trackingStage, "in_transit"), eq(shipments.trackingStage, "out_for_delivery")),
  ndr: eq(shipments.trackingStage, "ndr"),
  rto: or(eq(shipments.trackingStage, "rto_initiated"), eq(shipments.trackingStage, "rto_delivered")),
};

/** At most this many rows per group (the oldest waiting first for pickup and NDR, newest otherwise). */
const LIMIT = 200;

export type ShipmentRow = Awaited<ReturnType<typeof shipmentsIn>>[number];

export async function shipmentsIn(group: ShipmentGroup) {
  // One row per parcel with its order's name, delivery fee and status, whichever table it lives in.
  const rows = await db()
    .select({
      id: shipments.id,
      orderKind: shipments.orderKind,
      orderId: shipments.orderId,
      awb: shipments.awb,
      courierName: shipments.courierName,
      courierCharge: shipments.courierCharge,
      cod: shipments.cod,
      stage: shipments.trackingStage,
      pickupScheduledFor: shipments.pickupScheduledFor,
      labelUrl: shipments.labelUrl,
      bookedAt: shipments.bookedAt,
      updatedAt: shipments.updatedAt,
      ndrReason: shipments.ndrReason,
      ndrAnswer: shipments.ndrAnswer,
      ndrSentAt: shipments.ndrSentAt,
      ndrLastError: shipments.ndrLastError,
      customerName: sql<string>`coalesce(${orders.customerName}, ${customNeonOrders.customerName})`,
      deliveryFee: sql<number>`coalesce(${orders.deliveryFee}, ${customNeonOrders.deliveryFee})`,
      codFee: sql<number>`coalesce(${orders.codFee}, ${customNeonOrders.codFee})`,
      status: sql<string>`coalesce(${orders.status}, ${customNeonOrders.status})`,
    })
    .from(shipments)
    .leftJoin(orders, and(eq(shipments.orderKind, "order"), eq(orders.id, shipments.orderId)))
    .leftJoin(
      customNeonOrders,
      and(eq(shipments.orderKind, "custom"), eq(customNeonOrders.id, shipments.orderId)),
    )
    .where(and(isNotNull(shipments.bookedAt), GROUP_WHERE[group]))
    .orderBy(group === "pickup" || group === "ndr" ? shipments.updatedAt : desc(shipments.updatedAt))
    .limit(LIMIT);
  return rows.map((r) => ({
    ...r,
    displayId: displayId(r.orderKind, r.orderId),
    stageLabel: r.stage ? TRACKING_LABELS[r.stage as TrackingStage] : "Awaiting pickup",
    /** What the shopper paid for delivery (and COD) less what the courier charges; null before a charge is known. */
    margin: r.courierCharge === null ? null : r.deliveryFee + r.codFee - r.courierCharge,
    bookedAt: r.bookedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** How many parcels are in each group (the tabs' counts). */
export async function shipmentCounts(): Promise<Record<ShipmentGroup, number>> {
  const r = await db()
    .select({
      pickup: sql<number>`count(*) filter (where ${shipments.trackingStage} is null)::int`,
      transit: sql<number>`count(*) filter (where ${shipments.trackingStage} in ('in_transit', 'out_for_delivery'))::int`,
      ndr: sql<number>`count(*) filter (where ${shipments.trackingStage} = 'ndr')::int`,
      rto: sql<number>`count(*) filter (where ${shipments.trackingStage} in ('rto_initiated', 'rto_delivered'))::int`,
    })
    .from(shipments)
    .where(isNotNull(shipments.bookedAt));
  return r[0] ?? { pickup: 0, transit: 0, ndr: 0, rto: 0 };
}
