import { addBusinessDays } from "~/shared/business-days";
import type { ShippingRules } from "~/features/settings/shop-settings";

/*
 * Every delivery promise the shop makes, from one home: the shipping settings (issue 27, item 3; issue 28;
 * docs/decisions/034). A delivery is the shop's own production days (ready-made: days to dispatch; custom:
 * proof and making days), then the days in transit (standard or express, in India). All counts are business
 * days (Monday to Saturday, national holidays skipped). Pages, the customiser, the cart, checkout, e-mails
 * and policies write their numbers with these functions, so changing a setting changes every sentence.
 */

export type DeliveryRules = Pick<
  ShippingRules,
  | "readyDispatchDays"
  | "customMakingDays"
  | "standardDaysMin"
  | "standardDaysMax"
  | "expressDaysMin"
  | "expressDaysMax"
> & {
  /**
   * The production board's load (decision 062): extra making days a custom or made-to-order sign waits for the
   * flex already waiting in the workshop (makingLoadDays). Not stored: the server adds it to the rules it reads.
   */
  makingLoadDays?: number;
};

export type Window = { daysMin: number; daysMax: number };

/** The production days before the parcel reaches the courier: a cart with a custom sign waits for it (and the load). */
export function productionDays(rules: DeliveryRules, custom: boolean): number {
  return custom ? rules.customMakingDays + (rules.makingLoadDays ?? 0) : rules.readyDispatchDays;
}

/** The most extra days the load may add to a promise (a runaway board still promises a date). */
export const MAX_LOAD_DAYS = 30;

/**
 * The extra making days the production board's load adds to a custom or made-to-order sign's promise
 * (issue 44, decision 062): the metres of flex waiting, divided by the metres the workshop bends a day, in
 * whole days (less than a full day's work adds nothing: the usual making days already cover it).
 */
export function makingLoadDays(waitingMetres: number, capacityMetresPerDay: number): number {
  if (!(waitingMetres > 0) || !(capacityMetresPerDay > 0)) return 0;
  return Math.min(MAX_LOAD_DAYS, Math.floor(waitingMetres / capacityMetresPerDay + 1e-9));
}

/**
 * The days a made-to-order product adds to the ready-made promise: its own extra days and, as it is made in
 * the workshop, the board's load (none when it is in stock).
 */
export function madeToOrderExtraDays(rules: DeliveryRules, extraDays: number): number {
  return extraDays > 0 ? extraDays + (rules.makingLoadDays ?? 0) : 0;
}

/** The window from the order to the door in business days: production days, then the transit window. */
export function deliveryWindow(
  rules: DeliveryRules,
  opts: { custom?: boolean; express?: boolean } = {},
): Window {
  const made = productionDays(rules, Boolean(opts.custom));
  return opts.express
    ? { daysMin: made + rules.expressDaysMin, daysMax: made + rules.expressDaysMax }
    : { daysMin: made + rules.standardDaysMin, daysMax: made + rules.standardDaysMax };
}

/** "7-14" (or "7" when both ends agree). */
export function daysRange(w: Window): string {
  return w.daysMin === w.daysMax ? `${w.daysMin}` : `${w.daysMin}-${w.daysMax}`;
}

/** "3-5 business days" */
export function businessDaysText(daysMin: number, daysMax: number): string {
  return `${daysRange({ daysMin, daysMax })} business days`;
}

/** The ready-made sign's standard delivery, "7-14 business days". */
export function readyDeliveryText(rules: DeliveryRules): string {
  const w = deliveryWindow(rules);
  return businessDaysText(w.daysMin, w.daysMax);
}

/** The custom sign's standard delivery, "10-17 business days". */
export function customDeliveryText(rules: DeliveryRules): string {
  const w = deliveryWindow(rules, { custom: true });
  return businessDaysText(w.daysMin, w.daysMax);
}

/** "dispatched the same day" / "dispatched within 2 business days" (ready-made signs in stock). */
export function dispatchText(rules: DeliveryRules): string {
  const d = rules.readyDispatchDays;
  return d === 0 ? "dispatched the same day" : `dispatched within ${d} business ${d === 1 ? "day" : "days"}`;
}

/** "5 business days" (a custom sign's proof and making, with the board's load). */
export function makingText(rules: DeliveryRules): string {
  const d = productionDays(rules, true);
  return d === 0 ? "no extra days" : `${d} business ${d === 1 ? "day" : "days"}`;
}

/** The first and last delivery day of a window counted from a day in India (YYYY-MM-DD). */
export function windowDates(w: Window, today: string): { from: string; to: string } {
  return { from: addBusinessDays(today, w.daysMin), to: addBusinessDays(today, w.daysMax) };
}

/** The contact page's answer to "How long does delivery take?" (the spec's wording, the settings' days). */
export function contactDeliveryAnswer(rules: DeliveryRules): string {
  return `Standard delivery takes ${readyDeliveryText(rules)}; custom designs take ${daysRange(deliveryWindow(rules, { custom: true }))} days.`;
}

/** The product page's answer to "How long does delivery take?" (the spec's wording, the settings' days). */
export function productDeliveryAnswer(rules: DeliveryRules): string {
  return `Standard delivery takes ${readyDeliveryText(rules)} after your order is confirmed; custom designs take ${daysRange(deliveryWindow(rules, { custom: true }))} days. Rush orders are available for an extra charge.`;
}
