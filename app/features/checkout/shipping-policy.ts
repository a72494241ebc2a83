import { INTERNATIONAL_COUNTRIES } from "~/shared/countries";
import { formatRupees } from "~/shared/money";
import { businessDaysText } from "./shipping";
import { deliveryWindow } from "~/features/settings/delivery-promises";
import type { ShippingRules } from "~/features/settings/shop-settings";

/*
 * The policy pages' sentences about delivery charges, written from the same rules checkout prices with, so
 * the two can never disagree again.
 */

export function standardShippingText(r: ShippingRules): string {
  const fee = r.standardFee === 0 ? "free" : formatRupees(r.standardFee);
  const free =
    r.standardFee > 0 && r.freeFrom !== null
      ? r.freeFrom === 0
        ? ", free on every order"
        : `, free on orders of ${formatRupees(r.freeFrom)} or more`
      : "";
  const w = deliveryWindow(r);
  return `Standard shipping: ${fee}${free} (estimated ${businessDaysText(w.daysMin, w.daysMax)})`;
}

export function expressShippingText(r: ShippingRules): string | null {
  if (r.expressPinPrefixes.length === 0) return null;
  const w = deliveryWindow(r, { express: true });
  return `Express shipping: ${formatRupees(r.expressFee)} (major cities only: PIN codes starting with ${r.expressPinPrefixes.join(", ")}; estimated ${businessDaysText(w.daysMin, w.daysMax)})`;
}

export function codText(r: ShippingRules): string {
  return r.codFee > 0
    ? `Cash on delivery: ${formatRupees(r.codFee)} extra`
    : "Cash on delivery: no extra charge";
}

/** One line per country: "United Arab Emirates: ₹2,499, 15-20 business days". */
export function internationalTexts(r: ShippingRules): string[] {
  return INTERNATIONAL_COUNTRIES.map((c) => {
    const x = r.international[c.code];
    return `${c.name}: ${formatRupees(x.fee)}, ${businessDaysText(x.daysMin, x.daysMax)}`;
  });
}

/** The Terms' summary of the delivery charges. */
export function chargesSummaryText(r: ShippingRules): string {
  const parts = [standardShippingText(r).replace(/^Standard shipping: /, "standard delivery ")];
  const express = expressShippingText(r);
  if (express) parts.push(`express delivery ${formatRupees(r.expressFee)} where offered`);
  parts.push(r.codFee > 0 ? `cash on delivery adds ${formatRupees(r.codFee)}` : "cash on delivery is free");
  return `Delivery charges: ${parts.join("; ")}; international delivery is charged per country (see Shipping Info).`;
}
