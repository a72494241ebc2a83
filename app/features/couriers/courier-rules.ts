import { addBusinessDays } from "~/shared/business-days";
import { PINCODE_PATTERN } from "~/shared/countries";
import { z } from "~/shared/zod";
import { PIN_MESSAGE } from "~/features/couriers/courier-messages";
import type {
  Box,
  Boxes,
  CourierPreference,
  ParcelKind,
  ParcelSizeId,
} from "~/features/settings/courier-settings";

export type { CourierPreference };

/*
 * The courier interface's pure part (issue 28): what a fulfilment provider answers about a PIN pair, how
 * the shop picks a courier from it, and the shopper's delivery date (the shop's own production days, then
 * the courier's days, counted in business days with Sundays and national holidays skipped).
 */

/** One courier that serves a PIN pair, with its price (rupees) and promised days in transit. */
export type CourierOption = {
  courierId: number;
  name: string;
  /** What the courier charges the shop, in whole rupees (rounded up). */
  rate: number;
  /** Days in transit the courier promises (its estimated_delivery_days). */
  transitDays: number;
  /** It collects cash on delivery. */
  cod: boolean;
};

/** A provider's answer about a PIN pair: the couriers that serve it (none: not serviceable). */
export type Serviceability = { couriers: CourierOption[] };

/** The courier the shop picks by default: the cheapest (ties: the fastest), or the fastest (ties: cheapest). */
export function pickCourier(
  couriers: CourierOption[],
  prefer: CourierPreference,
  opts: { cod?: boolean } = {},
): CourierOption | null {
  const usable = opts.cod ? couriers.filter((c) => c.cod) : couriers;
  const sorted = [...usable].sort((a, b) =>
    prefer === "cheapest"
      ? a.rate - b.rate || a.transitDays - b.transitDays
      : a.transitDays - b.transitDays || a.rate - b.rate,
  );
  return sorted[0] ?? null;
}

/** How the shop picks by default (the settings' "Courier"): cheapest or fastest, unless a preferred one serves. */
export type CourierPolicy = { prefer: CourierPreference; preferredCouriers: readonly string[] };

/** Whether a preferred entry names this courier: its Shiprocket id, or every word of it in the courier's name. */
export function namesCourier(entry: string, courier: Pick<CourierOption, "courierId" | "name">): boolean {
  const e = entry.trim().toLowerCase();
  if (/^\d+$/.test(e)) return Number(e) === courier.courierId;
  const words = courier.name.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return (
    e.length > 0 &&
    e
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .every((w) => words.includes(w))
  );
}

/**
 * The courier the shop books by default: the first preferred courier (in the owner's order) that serves
 * the parcel (and collects cash when it must), several of one name by the preference; else the cheapest or
 * the fastest of all.
 */
export function chooseCourier(
  couriers: CourierOption[],
  policy: CourierPolicy,
  opts: { cod?: boolean } = {},
): CourierOption | null {
  const usable = opts.cod ? couriers.filter((c) => c.cod) : couriers;
  for (const entry of policy.preferredCouriers) {
    const named = pickCourier(
      usable.filter((c) => namesCourier(entry, c)),
      policy.prefer,
    );
    if (named) return named;
  }
  return pickCourier(usable, policy.prefer);
}

/** One line of an order as a parcel sees it: a ready-made or custom sign of a size, so many units. */
export type ParcelLine = { kind: ParcelKind; size: string; units: number };

/**
 * The parcel an order ships in: the box of its largest sign (by the box's volume; a size the settings do
 * not know counts as Medium) and the weight of every unit together, in kg to the gram.
 */
export function parcelFor(lines: ParcelLine[], boxes: Boxes): Box {
  const boxOf = (l: ParcelLine) => boxes[l.kind][(l.size in boxes[l.kind] ? l.size : "M") as ParcelSizeId];
  const volume = (b: Box) => b.lengthCm * b.breadthCm * b.heightCm;
  const all = lines.length ? lines : [{ kind: "ready" as const, size: "M", units: 1 }];
  const largest = all.map(boxOf).reduce((a, b) => (volume(b) > volume(a) ? b : a));
  const grams = all.reduce((sum, l) => sum + Math.round(boxOf(l).weightKg * 1000) * Math.max(1, l.units), 0);
  return { ...largest, weightKg: grams / 1000 };
}

/** What the shop tells a shopper about a PIN code from the courier's answer. */
export type PinDelivery =
  | { serviceable: false }
  | {
      serviceable: true;
      /** Some courier here collects cash on delivery. */
      cod: boolean;
      /** Earliest and latest delivery day (YYYY-MM-DD): the fastest courier, and the one picked by default. */
      from: string;
      to: string;
    };

/**
 * The delivery days for a PIN: the shop's production days from today (ready-made dispatch days, or the
 * custom sign's making days), then the fastest courier's transit days (earliest) and the default courier's
 * (latest). A courier answer with no couriers is "not serviceable".
 */
export function pinDelivery(
  answer: Serviceability,
  opts: { today: string; productionDays: number; policy: CourierPolicy },
): PinDelivery {
  const fastest = pickCourier(answer.couriers, "fastest");
  const picked = chooseCourier(answer.couriers, opts.policy);
  if (!fastest || !picked) return { serviceable: false };
  const shipped = addBusinessDays(opts.today, opts.productionDays);
  const from = addBusinessDays(shipped, fastest.transitDays);
  const to = addBusinessDays(shipped, Math.max(picked.transitDays, fastest.transitDays));
  return { serviceable: true, cod: answer.couriers.some((c) => c.cod), from, to };
}

/** What the shop tells a shopper about a PIN: the courier's dates, or the settings' window without one. */
export type PinAnswer = PinDelivery & { source: "courier" | "settings" };

/** What POST /api/delivery-estimate answers for a PIN India Post lists (the one answer shape, decision 058). */
export type DeliveryEstimateAnswer = { ok: true; pincode: string } & PinAnswer;

/**
 * The settings' own window for a PIN when no courier answers (the PIN's state's extra days already in it),
 * with cash on delivery as the owner set it for that state (issue 42).
 */
export function settingsDelivery(
  window: { daysMin: number; daysMax: number },
  today: string,
  cod = true,
): PinAnswer {
  return {
    source: "settings",
    serviceable: true,
    cod,
    from: addBusinessDays(today, window.daysMin),
    to: addBusinessDays(today, window.daysMax),
  };
}

/**
 * The PIN look-up's body: a six-digit Indian PIN code, whether it is for a custom sign, and a ready-made
 * sign's extra production days when it is made to order (the product page's own number; the answer is a
 * date shown to the shopper, nothing is priced or promised on it).
 */
export const pinLookupSchema = z.object({
  pincode: z.string({ error: PIN_MESSAGE }).trim().regex(PINCODE_PATTERN, PIN_MESSAGE),
  custom: z.boolean().optional().default(false),
  extraDays: z.number().int().min(0).max(60).optional().default(0),
});

/** The label and pickup problems staff see when the courier cannot be booked, word for word. */
export const BOOKING_MESSAGES = {
  manual:
    "Courier booking needs Shiprocket keys (Settings > Keys). Ship manually: type the courier and tracking number.",
  abroad: "International orders are shipped manually: type the courier and tracking number.",
  status: "Only an order in production (the step before dispatch) can be booked with the courier.",
  noCourier: "No courier serves this PIN code for this order. Ship it manually.",
  pickedUp: "The courier has collected this parcel; it can no longer be cancelled here.",
} as const;

/** Where the courier's tracking has a parcel, as the shop acts on it. */
export type TrackingStage =
  "in_transit" | "out_for_delivery" | "ndr" | "delivered" | "rto_initiated" | "rto_delivered";

/**
 * Shiprocket's shipment status codes (its Tracking API's table) as the shop's stages: 6 shipped, 42 picked
 * up, 18 in transit, 38 reached the destination hub, 22 delayed: in transit; 17 out for delivery; 21
 * undelivered (NDR); 7 delivered; 9 and 14 RTO initiated or acknowledged; 10 RTO delivered. Others (label,
 * pickup steps, cancelled, lost) change nothing by themselves.
 */
const SHIPROCKET_STAGES: Record<number, TrackingStage> = {
  6: "in_transit",
  42: "in_transit",
  18: "in_transit",
  38: "in_transit",
  22: "in_transit",
  17: "out_for_delivery",
  21: "ndr",
  7: "delivered",
  9: "rto_initiated",
  14: "rto_initiated",
  10: "rto_delivered",
};

export function shiprocketStage(statusId: number): TrackingStage | null {
  return SHIPROCKET_STAGES[statusId] ?? null;
}

export const TRACKING_LABELS: Record<TrackingStage, string> = {
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  ndr: "Delivery failed (NDR)",
  delivered: "Delivered",
  rto_initiated: "Returning to the shop (RTO initiated)",
  rto_delivered: "Returned to the shop (RTO delivered)",
};

/**
 * Whether the parcel moves from `current` to `next`: a delivered or returned parcel stays so, a return
 * only goes on to returned, and a repeat of the same stage is no move (replays and late events change
 * nothing). Forward attempts (in transit, out for delivery, failed) may alternate.
 */
export function tracksTo(current: TrackingStage | null, next: TrackingStage): boolean {
  if (current === next) return false;
  if (current === "delivered" || current === "rto_delivered") return false;
  if (current === "rto_initiated") return next === "rto_delivered";
  return true;
}
