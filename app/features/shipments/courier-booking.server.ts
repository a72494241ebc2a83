import { and, eq, sql } from "drizzle-orm";
import {
  BOOKING_MESSAGES,
  chooseCourier,
  namesCourier,
  parcelFor,
  type ParcelLine,
} from "~/features/couriers/courier-rules";
import { courierOptions, shiprocket } from "~/features/couriers/couriers.server";
import { ShiprocketError, type ShiprocketOrderInput } from "~/features/couriers/shiprocket.server";
import { displayId, type OrderKind } from "~/features/order-lifecycle/order-status";
import { orderLinesOf, tableOf, type AnyOrderRow } from "~/features/order-lifecycle/order-tables.server";
import { writeOrderHistory, type Actor } from "~/features/order-lifecycle/order-history.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import { gstStateBySlug } from "~/shared/gst-states";
import { formatIstDateTime } from "~/shared/ist-dates";
import { db } from "~/platform/db/client.server";
import { type customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { shipments } from "~/features/shipments/tables.server";
import { logger } from "~/platform/logger.server";

/*
 * "Book courier" on an order (issue 28, step 2): the order sent to Shiprocket as COD or prepaid from the
 * settings' pickup location, in the box of its largest sign with the weight of all (settings, decision
 * 040), a courier assigned (staff's choice, or the settings' choice: a preferred courier that serves the
 * PIN, else the cheapest or fastest; one that collects cash when it must) with its
 * AWB, the pickup scheduled and the label made; then the order is dispatched with that courier and AWB
 * through the usual status change (history, invoice, the shopper's mail and WhatsApp). Each step is stored
 * in `shipments` as it succeeds, so a booking that failed half-way is taken up where it stopped: Shiprocket
 * has no idempotency key, and a second order there would be a second parcel.
 */

export type Shipment = typeof shipments.$inferSelect;
export type BookingOutcome =
  { ok: true; shipment: Shipment } | { ok: false; httpStatus: 404 | 409 | 502; message: string };

type Parcel = { items: ShiprocketOrderInput["items"]; lines: ParcelLine[] };

/** What is in the parcel: the lines as Shiprocket lists them, and each sign's kind, size and units (its box). */
async function parcelContents(kind: OrderKind, o: AnyOrderRow): Promise<Parcel> {
  if (kind === "custom") {
    const c = o as typeof customNeonOrders.$inferSelect;
    const units = Math.max(1, c.quantity);
    return {
      items: [
        {
          name: `Custom neon sign: ${c.customText}`.slice(0, 100),
          sku: `custom-${c.size}`,
          units,
          sellingPrice: Math.round(c.totalAmount / units),
        },
      ],
      lines: [{ kind: "custom", size: c.size, units }],
    };
  }
  const lines = await orderLinesOf(db(), o.id);
  return {
    items: lines.map((l) => ({
      name: l.productName.slice(0, 100),
      sku: (l.productId ?? l.id).slice(0, 50),
      units: l.quantity,
      sellingPrice: l.price,
    })),
    lines: lines.map((l) => ({ kind: "ready", size: l.productConfig.size, units: l.quantity })),
  };
}

async function update(id: string, set: Partial<typeof shipments.$inferInsert>): Promise<Shipment> {
  const [row] = await db()
    .update(shipments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(shipments.id, id))
    .returning();
  return row!;
}

/** The shipment booked (or being booked) for an order, if any. */
export async function shipmentOf(kind: OrderKind, orderId: string): Promise<Shipment | null> {
  const [row] = await db()
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderKind, kind), eq(shipments.orderId, orderId)));
  return row ?? null;
}

/** Book the order's parcel with the courier and dispatch the order (repeating it continues or changes nothing). */
export async function bookCourier(
  target: { kind: OrderKind; id: string; courierId?: number | undefined },
  actor: Actor,
): Promise<BookingOutcome> {
  const api = shiprocket();
  if (!api) return { ok: false, httpStatus: 409, message: BOOKING_MESSAGES.manual };
  const t = tableOf(target.kind);
  const [o] = (await db().select().from(t).where(eq(t.id, target.id))) as AnyOrderRow[];
  if (!o) return { ok: false, httpStatus: 404, message: "Order not found" };
  const existing = await shipmentOf(target.kind, o.id);
  if (existing?.bookedAt) return { ok: true, shipment: existing };
  if (o.shippingAddress.country || o.shippingMethod === "international")
    return { ok: false, httpStatus: 409, message: BOOKING_MESSAGES.abroad };
  if (o.status !== "in_production") return { ok: false, httpStatus: 409, message: BOOKING_MESSAGES.status };

  const cod = o.paymentMethod === "cod" && o.paymentStatus !== "paid";
  await db()
    .insert(shipments)
    .values({ orderKind: target.kind, orderId: o.id, provider: "shiprocket", cod })
    .onConflictDoNothing();
  let s = (await shipmentOf(target.kind, o.id))!;
  const { shipping, store, courier } = await shopSettings();
  // The box of the largest sign and the weight of all (the settings' sizes), from the pickup location.
  const contents = await parcelContents(target.kind, o);
  const box = parcelFor(contents.lines, courier.boxes);
  try {
    if (!s.providerShipmentId) {
      const a = o.shippingAddress;
      const created = await api.createOrder({
        orderId: displayId(target.kind, o.id),
        orderDate: formatIstDateTime(o.createdAt),
        pickupLocation: courier.pickupLocation,
        customer: {
          name: o.customerName,
          address: [a.address1, a.address2, a.landmark].filter(Boolean).join(", "),
          city: a.city,
          pincode: a.pincode,
          state: gstStateBySlug(a.state)?.name ?? a.state,
          email: o.customerEmail,
          phone: o.customerPhone,
        },
        items: contents.items,
        paymentMethod: cod ? "COD" : "Prepaid",
        subTotal: o.totalAmount,
        box,
      });
      s = await update(s.id, {
        providerOrderId: String(created.orderId),
        providerShipmentId: String(created.shipmentId),
      });
    }
    const shipmentId = Number(s.providerShipmentId);
    if (!s.awb) {
      // Staff's courier, else the settings' choice among those serving the PIN (collecting cash for COD).
      const offered = await api.serviceability({
        pickupPincode: shipping.pickupPincode,
        deliveryPincode: o.shippingAddress.pincode,
        weightKg: box.weightKg,
        cod,
        declaredValue: o.totalAmount,
      });
      const chosen = target.courierId
        ? offered.couriers.find((c) => c.courierId === target.courierId && (!cod || c.cod))
        : chooseCourier(offered.couriers, courier, { cod });
      if (!chosen) return { ok: false, httpStatus: 409, message: BOOKING_MESSAGES.noCourier };
      const awb = await api.assignAwb(shipmentId, chosen.courierId);
      s = await update(s.id, {
        awb: awb.awb,
        courierId: chosen.courierId,
        courierName: awb.courierName || chosen.name,
        courierCharge: chosen.rate,
      });
    }
    if (!s.pickupScheduledFor) {
      const pickup = await api.schedulePickup(shipmentId);
      s = await update(s.id, { pickupScheduledFor: pickup.scheduledFor ?? "requested" });
    }
    if (!s.labelUrl) s = await update(s.id, { labelUrl: await api.labelUrl([shipmentId]) });
  } catch (err) {
    if (!(err instanceof ShiprocketError)) throw err;
    await update(s.id, { lastError: err.message });
    logger.warn({ order: o.id, err: err.message }, "courier booking failed");
    return {
      ok: false,
      httpStatus: 502,
      message: `The courier could not be booked: ${err.message}. Try again.`,
    };
  }
  const moved = await changeOrderStatus(
    {
      kind: target.kind,
      id: o.id,
      to: "dispatched",
      courier: s.courierName!,
      trackingNumber: s.awb!,
      note: `Booked through Shiprocket (${store.name})`,
    },
    actor,
  );
  if (!moved.ok) return { ok: false, httpStatus: moved.httpStatus, message: moved.message };
  s = await update(s.id, { bookedAt: sql`now()` as unknown as Date, lastError: null });
  return { ok: true, shipment: s };
}

/**
 * "Cancel shipment" before the courier collects it: the AWB cancelled with Shiprocket, the order back in
 * production without the courier and number (so it can be booked again or shipped by hand), the shipment
 * cleared for a new booking, and a line in the timeline. Once tracking has news (picked up) it is refused.
 */
export async function cancelCourierShipment(
  target: { kind: OrderKind; id: string },
  actor: Actor,
): Promise<BookingOutcome> {
  const api = shiprocket();
  if (!api) return { ok: false, httpStatus: 409, message: BOOKING_MESSAGES.manual };
  const s = await shipmentOf(target.kind, target.id);
  if (!s?.bookedAt || !s.awb)
    return { ok: false, httpStatus: 409, message: "This order has no courier booking to cancel." };
  if (s.trackingStage !== null) return { ok: false, httpStatus: 409, message: BOOKING_MESSAGES.pickedUp };
  try {
    await api.cancelShipments([s.awb]);
  } catch (err) {
    if (!(err instanceof ShiprocketError)) throw err;
    logger.warn({ order: target.id, err: err.message }, "courier cancellation failed");
    return {
      ok: false,
      httpStatus: 502,
      message: `The courier did not cancel it: ${err.message}. Try again.`,
    };
  }
  const t = tableOf(target.kind);
  const cancelled = await db().transaction(async (tx) => {
    // Once: a second click finds the booking already cleared.
    const [row] = await tx
      .update(shipments)
      .set({
        cancelledAt: sql`now()`,
        providerOrderId: null,
        providerShipmentId: null,
        awb: null,
        courierId: null,
        courierName: null,
        courierCharge: null,
        pickupScheduledFor: null,
        labelUrl: null,
        bookedAt: null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(shipments.id, s.id), eq(shipments.awb, s.awb!)))
      .returning({ id: shipments.id });
    if (!row) return false;
    const moved = await tx
      .update(t)
      .set({ status: "in_production", courier: null, trackingNumber: null, updatedAt: sql`now()` })
      .where(and(eq(t.id, target.id), eq(t.status, "dispatched")))
      .returning({ id: t.id });
    await writeOrderHistory(tx, target, {
      field: "status",
      from: "dispatched",
      to: moved.length ? "in_production" : "dispatched",
      note: `Courier shipment cancelled before pickup (${s.courierName ?? "courier"}, AWB ${s.awb})`,
      actor,
    });
    return true;
  });
  if (!cancelled) return { ok: false, httpStatus: 409, message: "This booking was already cancelled." };
  return { ok: true, shipment: (await shipmentOf(target.kind, target.id))! };
}

/** The couriers serving an order in production in India, and the one the shop would pick; null otherwise. */
async function bookingOffers(kind: OrderKind, orderId: string) {
  const t = tableOf(kind);
  const [o] = (await db().select().from(t).where(eq(t.id, orderId))) as AnyOrderRow[];
  if (!o) return null;
  // Said before anyone clicks: abroad is shipped by hand.
  if (o.shippingAddress.country || o.shippingMethod === "international")
    return { couriers: [], picked: null, pickedWhy: null, refusal: BOOKING_MESSAGES.abroad, parcel: null };
  if (o.status !== "in_production") return null;
  const cod = o.paymentMethod === "cod" && o.paymentStatus !== "paid";
  const { courier } = await shopSettings();
  const parcel = parcelFor((await parcelContents(kind, o)).lines, courier.boxes);
  const couriers = await courierOptions(o.shippingAddress.pincode, cod, parcel.weightKg);
  if (!couriers) return null;
  const picked = chooseCourier(couriers, courier, { cod });
  // Why it is ticked: a preferred courier of the settings, or the cheapest or fastest.
  const why =
    picked && courier.preferredCouriers.some((e) => namesCourier(e, picked)) ? "preferred" : courier.prefer;
  return { couriers, picked: picked?.courierId ?? null, pickedWhy: why, refusal: null, parcel };
}

/** The order dialog's "Courier" section: whether booking is on, and the shipment booked (or its last failure). */
export async function courierSection(kind: OrderKind, orderId: string) {
  const s = await shipmentOf(kind, orderId);
  const booking = shiprocket() !== null;
  return {
    booking,
    // Staff's choice before booking: each courier's price and promised days (the default ticked).
    offers: booking && !s?.bookedAt ? await bookingOffers(kind, orderId) : null,
    shipment: s
      ? {
          awb: s.awb,
          courierName: s.courierName,
          courierCharge: s.courierCharge,
          cod: s.cod,
          pickupScheduledFor: s.pickupScheduledFor,
          labelUrl: s.labelUrl,
          lastError: s.lastError,
          booked: s.bookedAt !== null,
          trackingStage: s.trackingStage,
          cancelledAt: s.cancelledAt?.toISOString() ?? null,
          ndr:
            s.trackingStage === "ndr" && s.ndrRaisedAt
              ? {
                  reason: s.ndrReason,
                  raisedAt: s.ndrRaisedAt.toISOString(),
                  answer: s.ndrAnswer,
                  sent: s.ndrSentAt !== null,
                  lastError: s.ndrLastError,
                }
              : null,
        }
      : null,
  };
}
