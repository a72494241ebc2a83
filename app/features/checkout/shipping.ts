import { countryName, isInternationalCountry, PINCODE_PATTERN, type CountryCode } from "~/shared/countries";
import { formatIsoDate, todayInIndia } from "~/shared/ist-dates";
import { addBusinessDays } from "~/shared/business-days";
import type { ShippingRules } from "~/features/settings/shop-settings";
import { businessDaysText, deliveryWindow } from "~/features/settings/delivery-promises";
import { type ShippingMethod } from "~/features/order-lifecycle/order-status";

export { businessDaysText };

/*
 * Shipping rules, pure (the server prices with them; the checkout page shows the same options): standard
 * delivery (free at or above a threshold), express delivery where the PIN code starts with one of the
 * major cities' prefixes, a cash-on-delivery charge, and one international option per country. Every
 * amount is whole rupees; the numbers are the owner's settings (app/features/settings/shop-settings.ts).
 */

/** What the shopper picks in India (abroad there is one option). */
export const DOMESTIC_METHODS = ["standard", "express"] as const;
export type DomesticMethod = (typeof DOMESTIC_METHODS)[number];

export const SHIPPING_LABELS: Record<ShippingMethod, string> = {
  standard: "Standard Delivery",
  express: "Express Delivery",
  international: "International Delivery",
};

export type Destination = { country: CountryCode; pincode: string };

/** Express delivery reaches this PIN code (a valid Indian PIN starting with one of the prefixes). */
export function expressAvailable(pincode: string, rules: ShippingRules): boolean {
  return PINCODE_PATTERN.test(pincode) && rules.expressPinPrefixes.some((p) => pincode.startsWith(p));
}

/** Standard delivery is free for this goods subtotal (after discounts): at or above the threshold. */
export function freeStandardDelivery(goodsSubtotal: number, rules: ShippingRules): boolean {
  return rules.freeFrom !== null && goodsSubtotal >= rules.freeFrom;
}

export type DeliveryOption = {
  method: ShippingMethod;
  label: string;
  fee: number;
  /** Estimated delivery window, in business days (Monday to Saturday) from the order. */
  daysMin: number;
  daysMax: number;
};

/**
 * The delivery options for a destination and a goods subtotal (after discounts): in India standard, plus
 * express where the PIN is covered; abroad the country's one option. In India the window is the shop's
 * production days (a custom sign's making days when the order has one) and then the days in transit.
 */
export function deliveryOptions(
  dest: Destination,
  goodsSubtotal: number,
  rules: ShippingRules,
  opts: { custom?: boolean } = {},
): DeliveryOption[] {
  if (isInternationalCountry(dest.country)) {
    const c = rules.international[dest.country];
    return [
      {
        method: "international",
        label: `${SHIPPING_LABELS.international} to ${countryName(dest.country)}`,
        fee: c.fee,
        daysMin: c.daysMin,
        daysMax: c.daysMax,
      },
    ];
  }
  const options: DeliveryOption[] = [
    {
      method: "standard",
      label: SHIPPING_LABELS.standard,
      fee: freeStandardDelivery(goodsSubtotal, rules) ? 0 : rules.standardFee,
      ...deliveryWindow(rules, { custom: opts.custom }),
    },
  ];
  if (expressAvailable(dest.pincode, rules)) {
    options.push({
      method: "express",
      label: SHIPPING_LABELS.express,
      fee: rules.expressFee,
      ...deliveryWindow(rules, { custom: opts.custom, express: true }),
    });
  }
  return options;
}

export type ShippingCharges = {
  method: ShippingMethod;
  deliveryFee: number;
  codFee: number;
  daysMin: number;
  daysMax: number;
};

export type ChargesOutcome =
  | { ok: true; charges: ShippingCharges }
  | { ok: false; field: "shippingMethod" | "paymentMethod"; message: string };

export const COD_ABROAD_MESSAGE = "Cash on delivery is available in India only. Please pay online.";

export function expressUnavailableMessage(pincode: string): string {
  return PINCODE_PATTERN.test(pincode)
    ? `Express delivery is not available for PIN code ${pincode}. Please choose Standard Delivery.`
    : "Please enter your PIN code to choose Express Delivery.";
}

/**
 * The delivery fee and cash-on-delivery charge of a checkout: the chosen method must be offered for the
 * destination (express only to covered PIN codes), and cash on delivery only in India. The shopper's
 * choice of method is all the browser decides; every amount comes from the rules.
 */
export function shippingCharges(
  input: {
    dest: Destination;
    method: DomesticMethod;
    paymentMethod: "cod" | "razorpay";
    goodsSubtotal: number;
    /** The order has a custom sign (its making days come before transit). */
    custom?: boolean;
  },
  rules: ShippingRules,
): ChargesOutcome {
  const options = deliveryOptions(input.dest, input.goodsSubtotal, rules, { custom: input.custom });
  const abroad = isInternationalCountry(input.dest.country);
  const chosen = abroad ? options[0] : options.find((o) => o.method === input.method);
  if (!chosen)
    return { ok: false, field: "shippingMethod", message: expressUnavailableMessage(input.dest.pincode) };
  if (abroad && input.paymentMethod === "cod")
    return { ok: false, field: "paymentMethod", message: COD_ABROAD_MESSAGE };
  return {
    ok: true,
    charges: {
      method: chosen.method,
      deliveryFee: chosen.fee,
      codFee: input.paymentMethod === "cod" ? rules.codFee : 0,
      daysMin: chosen.daysMin,
      daysMax: chosen.daysMax,
    },
  };
}

/** The estimated delivery dates of a window in business days (Sundays and national holidays skipped), counted from a day in India (today by default). */
export function deliveryDates(
  daysMin: number,
  daysMax: number,
  from: string = todayInIndia(),
): { from: string; to: string } {
  return { from: addBusinessDays(from, daysMin), to: addBusinessDays(from, daysMax) };
}

/** "19 Aug 2025 - 25 Aug 2025" */
export function deliveryDatesText(dates: { from: string; to: string }): string {
  return dates.from === dates.to
    ? formatIsoDate(dates.from)
    : `${formatIsoDate(dates.from)} - ${formatIsoDate(dates.to)}`;
}
