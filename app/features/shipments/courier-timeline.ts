import { TRACKING_LABELS, type TrackingStage } from "~/features/couriers/courier-rules";

/*
 * The courier's steps between Dispatched and Delivered as the shopper's order page shows them (issue 28:
 * every step on the timeline, in IST). Tracking writes each step into the order's history as
 * "Courier: <TRACKING_LABELS[stage]> …" (courier-tracking.server.ts, courier-ndr.server.ts), so the same
 * labels read them back; delivered and returned are status changes of their own.
 */

const SHOWN: Partial<Record<TrackingStage, string>> = {
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  ndr: "Delivery attempt failed",
};

/** The courier's steps in the order's history (oldest first), in the shopper's words, with their time. */
export function courierSteps(
  history: { note: string | null; createdAt: string }[],
): { label: string; at: string }[] {
  const stages = Object.keys(SHOWN) as TrackingStage[];
  return history.flatMap((h) => {
    const stage = stages.find((s) => h.note?.startsWith(`Courier: ${TRACKING_LABELS[s]}`));
    return stage ? [{ label: SHOWN[stage]!, at: h.createdAt }] : [];
  });
}
