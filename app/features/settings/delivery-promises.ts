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
>;

export type Window = { daysMin: number; daysMax: number };

/** The production days before the parcel reaches the courier: a cart with a custom sign waits for it. */
export function productionDays(rules: DeliveryRules, custom: boolean): number {
  return custom ? rules.customMakingDays : rules.readyDispatchDays;
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

/** "5 business days" (a custom sign's proof and making). */
export function makingText(rules: DeliveryRules): string {
  const d = rules.customMakingDays;
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
