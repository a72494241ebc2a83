import { todayInIndia } from "~/shared/ist-dates";
import { env, type Env } from "~/platform/env.server";
import { serviceEnv } from "~/platform/service-keys.server";
import { logger } from "~/platform/logger.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { deliveryWindow, madeToOrderExtraDays, productionDays } from "~/features/settings/delivery-promises";
import { PINCODE_PATTERN } from "~/shared/countries";
import { COD_UNAVAILABLE_MESSAGE, NOT_SERVICEABLE_MESSAGE } from "~/features/couriers/courier-messages";
import { pinPromise, pinRefusal, type PinRefusal } from "~/features/couriers/pin-check.server";
import {
  pinDelivery,
  settingsDelivery,
  type CourierOption,
  type PinAnswer,
  type PinDelivery,
  type Serviceability,
} from "~/features/couriers/courier-rules";
import { ShiprocketClient } from "~/features/couriers/shiprocket.server";

/*
 * The shop's fulfilment provider (issue 28): Shiprocket when SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD are
 * set (in the environment or saved in Settings > Keys: serviceEnv), else "manual" (today's way: staff book the courier themselves and type its name and number, and
 * delivery dates come from the shop settings). Another aggregator or a direct courier is one more branch.
 */

export type FulfilmentMode = "shiprocket" | "manual";

export function fulfilmentMode(e: Env = serviceEnv()): FulfilmentMode {
  return e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD ? "shiprocket" : "manual";
}

/** The start-up log line: which provider ships, and what happens without one. */
export function describeFulfilment(e: Env = serviceEnv()): { level: "info"; message: string } {
  return fulfilmentMode(e) === "shiprocket"
    ? { level: "info", message: `shipping through Shiprocket at ${e.SHIPROCKET_BASE_URL}` }
    : {
        level: "info",
        message:
          "shipping: manual mode (no Shiprocket keys in Settings > Keys or SHIPROCKET_EMAIL/SHIPROCKET_PASSWORD): staff type the courier and tracking number, delivery dates come from the shop settings",
      };
}

let client: { key: string; client: ShiprocketClient } | null = null;

/** The Shiprocket client for the current environment (one per credentials, so its token is shared), or null. */
export function shiprocket(e: Env = serviceEnv()): ShiprocketClient | null {
  if (fulfilmentMode(e) !== "shiprocket") return null;
  const key = `${e.SHIPROCKET_BASE_URL}\n${e.SHIPROCKET_EMAIL}\n${e.SHIPROCKET_PASSWORD}`;
  if (client?.key !== key) {
    client = {
      key,
      client: new ShiprocketClient({
        baseUrl: e.SHIPROCKET_BASE_URL,
        email: e.SHIPROCKET_EMAIL!,
        password: e.SHIPROCKET_PASSWORD!,
      }),
    };
  }
  return client.client;
}

/** Answers per PIN pair, kept half an hour (a shopper types a PIN once; the checkout asks on every change). */
const CACHE_MS = 30 * 60 * 1000;
const CACHE_SIZE = 5_000;
const answers = new Map<string, { at: number; answer: Serviceability }>();

/** Forget the cached courier answers (tests). */
export function forgetCourierAnswers(): void {
  answers.clear();
}

/**
 * The parcel the shopper's date is asked for, in kg: a typical sign's (the booking asks again with the
 * order's own box and weight from the settings, and staff see those prices).
 */
export const DEFAULT_PARCEL_KG = 2;

async function serviceability(
  pickup: string,
  delivery: string,
  cod: boolean,
  weightKg = DEFAULT_PARCEL_KG,
): Promise<Serviceability | null> {
  const api = shiprocket();
  if (!api) return null;
  const key = `${env().SHIPROCKET_BASE_URL}:${pickup}:${delivery}:${cod ? 1 : 0}:${weightKg}`;
  const hit = answers.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.answer;
  try {
    const answer = await api.serviceability({
      pickupPincode: pickup,
      deliveryPincode: delivery,
      weightKg,
      cod,
    });
    if (answers.size >= CACHE_SIZE) answers.delete(answers.keys().next().value!);
    answers.set(key, { at: Date.now(), answer });
    return answer;
  } catch (err) {
    // The settings' own dates stand in; the shopper is not held up by the courier's API.
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, "courier serviceability failed");
    return null;
  }
}

/**
 * The couriers staff may pick for a parcel of this weight to this PIN (those that collect cash, for COD),
 * cheapest first; null when there is no courier API or it failed.
 */
export async function courierOptions(
  deliveryPincode: string,
  cod: boolean,
  weightKg?: number,
): Promise<CourierOption[] | null> {
  const { shipping } = await shopSettings();
  const answer = await serviceability(shipping.pickupPincode, deliveryPincode, cod, weightKg);
  if (!answer) return null;
  return answer.couriers
    .filter((c) => !cod || c.cod)
    .sort((a, b) => a.rate - b.rate || a.transitDays - b.transitDays);
}

export type PinEstimate = PinDelivery & { source: "courier" };

/**
 * The shopper's delivery days for a PIN code from the courier (ready-made or custom production days, then
 * transit), or null when there is no courier API or it failed (the caller uses the settings' window).
 */
export async function courierEstimate(
  pincode: string,
  opts: { custom: boolean; extraDays?: number; today?: string },
): Promise<PinEstimate | null> {
  const { shipping, courier } = await shopSettings();
  // Asked as prepaid: every courier serving the PIN answers, each saying whether it collects cash.
  const answer = await serviceability(shipping.pickupPincode, pincode, false);
  if (!answer) return null;
  return {
    source: "courier",
    ...pinDelivery(answer, {
      today: opts.today ?? todayInIndia(),
      productionDays:
        productionDays(shipping, opts.custom) + madeToOrderExtraDays(shipping, opts.extraDays ?? 0),
      // The latest day is the courier the shop would book (the settings' choice).
      policy: courier,
    }),
  };
}

/**
 * The shopper's delivery days for a PIN code (product page, customiser, cart, checkout): the courier's when
 * its API answers, else the settings' standard window (production days, then days in transit) plus the
 * owner's extra days for the PIN's state. A PIN India Post does not list is promised nothing (issue 42);
 * cash on delivery follows the owner's rule for the PIN's state either way.
 */
export async function deliveryForPin(
  pincode: string,
  opts: { custom: boolean; extraDays?: number; today?: string },
): Promise<PinAnswer> {
  const promise = await pinPromise(pincode);
  if (!promise) return { source: "settings", serviceable: false };
  const today = opts.today ?? todayInIndia();
  const extra = opts.extraDays ?? 0;
  const courier = await courierEstimate(pincode, { custom: opts.custom, extraDays: extra, today });
  if (courier) return courier.serviceable && !promise.cod ? { ...courier, cod: false } : courier;
  const { shipping } = await shopSettings();
  // The shop's own rules (docs/decisions/034): production days (ready-made or custom, with the production
  // board's load: decision 062), then transit.
  const w = deliveryWindow(shipping, { custom: opts.custom });
  const days = madeToOrderExtraDays(shipping, extra) + promise.extraDays;
  return settingsDelivery({ daysMin: w.daysMin + days, daysMax: w.daysMax + days }, today, promise.cod);
}

/**
 * Why this order cannot be delivered as addressed, said before it is placed: the PIN code does not exist,
 * is in another state than the one chosen, or the owner offers no cash on delivery in its state
 * (pin-check.server.ts, issue 42); nobody delivers to the PIN code, or nobody there collects cash for a COD
 * order. Null when it can, abroad (shipped by hand), or when no courier API answers (the shop then ships
 * as it always did).
 */
export async function courierRefusal(input: {
  country: string;
  pincode: string;
  /** The chosen state's slug (India). */
  state?: string | undefined;
  paymentMethod: string;
  custom: boolean;
}): Promise<PinRefusal | null> {
  if (input.country !== "IN" || !PINCODE_PATTERN.test(input.pincode)) return null;
  const refused = await pinRefusal(input);
  if (refused) return refused;
  const pin = await courierEstimate(input.pincode, { custom: input.custom });
  if (!pin) return null;
  if (!pin.serviceable) return { field: "pincode", message: NOT_SERVICEABLE_MESSAGE };
  if (!pin.cod && input.paymentMethod === "cod")
    return { field: "paymentMethod", message: COD_UNAVAILABLE_MESSAGE };
  return null;
}
