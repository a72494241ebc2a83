import { and, eq, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import {
  shiprocketStage,
  TRACKING_LABELS,
  tracksTo,
  type TrackingStage,
} from "~/features/couriers/courier-rules";
import { shiprocket } from "~/features/couriers/couriers.server";
import { ShiprocketError } from "~/features/couriers/shiprocket.server";
import { writeOrderHistory } from "~/features/order-lifecycle/order-history.server";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import { raiseNdr } from "./courier-ndr.server";
import { db } from "~/platform/db/client.server";
import { shipments } from "~/features/shipments/tables.server";
import { logger } from "~/platform/logger.server";

/*
 * The courier's tracking drives the order (issue 28, step 3). A webhook call or the poll only names an
 * AWB: the stage is read again from Shiprocket's tracking API (the webhook is not signed), moved only
 * forward (tracksTo: replays and late events change nothing) with a conditional update, so two deliveries
 * of one event act once. Delivered marks the order delivered (COD: cash collected), RTO delivered runs
 * the RTO flow (stock back once, credit note), a delivery failure (NDR) asks the shopper what to do
 * (courier-ndr.server.ts), and every other stage is a line in the order's timeline.
 */

export type TrackingOutcome =
  | { changed: false; reason: "unknown-awb" | "no-news" | "not-a-stage" | "courier-off" }
  | { changed: true; stage: TrackingStage };

/** Read the AWB's tracking from the courier and move its order on; repeats change nothing. */
export async function applyTracking(awb: string): Promise<TrackingOutcome> {
  const api = shiprocket();
  if (!api) return { changed: false, reason: "courier-off" };
  const [s] = await db().select().from(shipments).where(eq(shipments.awb, awb));
  if (!s?.bookedAt) return { changed: false, reason: "unknown-awb" };
  const now = await api.track(awb);
  await db()
    .update(shipments)
    .set({ trackedAt: sql`now()` })
    .where(eq(shipments.id, s.id));
  const stage = now ? shiprocketStage(now.statusId) : null;
  if (!stage) return { changed: false, reason: "not-a-stage" };
  const current = s.trackingStage as TrackingStage | null;
  if (!tracksTo(current, stage)) return { changed: false, reason: "no-news" };
  // Taken once: a second delivery of the same event finds the stage already moved.
  const taken = await db()
    .update(shipments)
    .set({ trackingStage: stage, updatedAt: sql`now()` })
    .where(
      and(
        eq(shipments.id, s.id),
        current === null ? isNull(shipments.trackingStage) : eq(shipments.trackingStage, current),
      ),
    )
    .returning({ id: shipments.id });
  if (taken.length === 0) return { changed: false, reason: "no-news" };

  const target = { kind: s.orderKind, id: s.orderId };
  if (stage === "delivered") {
    const r = await changeOrderStatus(
      { ...target, to: "delivered", note: `Courier: ${now!.label || "Delivered"}` },
      null,
    );
    if (!r.ok)
      logger.warn({ awb, message: r.message }, "courier says delivered; the order could not be moved");
  } else if (stage === "rto_delivered") {
    const r = await changeOrderStatus(
      { ...target, to: "rto", rtoReason: "other", note: "Courier: returned to origin" },
      null,
    );
    if (!r.ok)
      logger.warn({ awb, message: r.message }, "courier says returned; the order could not be moved");
  } else if (stage === "ndr") {
    // The shopper is asked (e-mail, WhatsApp) and answers on the order page (courier-ndr.server.ts).
    await raiseNdr(s.id, target, now!.label);
  } else {
    const t = tableOf(s.orderKind);
    const [o] = await db().select({ status: t.status }).from(t).where(eq(t.id, s.orderId));
    await db().transaction((tx) =>
      writeOrderHistory(tx, target, {
        field: "status",
        from: o?.status ?? null,
        to: o?.status ?? "dispatched",
        note: `Courier: ${TRACKING_LABELS[stage]}${now!.label ? ` (${now!.label})` : ""}`,
        actor: null,
      }),
    );
  }
  logger.info({ awb, from: current, to: stage }, "courier tracking moved the order");
  return { changed: true, stage };
}

/** Parcels whose webhook went quiet: booked, not delivered or returned, not read for this long. */
const QUIET_MS = 6 * 60 * 60 * 1000;

/** The poll (job queue, every 30 minutes): read each quiet parcel's tracking (50 at most per run). */
export async function pollQuietShipments(): Promise<number> {
  if (!shiprocket()) return 0;
  const quietSince = new Date(Date.now() - QUIET_MS);
  const rows = await db()
    .select({ awb: shipments.awb })
    .from(shipments)
    .where(
      and(
        isNotNull(shipments.bookedAt),
        isNotNull(shipments.awb),
        or(
          isNull(shipments.trackingStage),
          notInArray(shipments.trackingStage, ["delivered", "rto_delivered"]),
        ),
        or(isNull(shipments.trackedAt), lt(shipments.trackedAt, quietSince)),
      ),
    )
    .orderBy(shipments.trackedAt)
    .limit(50);
  let moved = 0;
  for (const r of rows) {
    try {
      if ((await applyTracking(r.awb!)).changed) moved++;
    } catch (err) {
      // The next run tries again; one courier failure does not stop the others.
      if (!(err instanceof ShiprocketError)) throw err;
      logger.warn({ awb: r.awb, err: err.message }, "courier tracking poll failed");
    }
  }
  return moved;
}
