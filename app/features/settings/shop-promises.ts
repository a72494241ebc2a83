/*
 * The shop's standing promises, each in one home and read by every page, form and e-mail that states it
 * (issue 42: the policy said 7-10 business days, the refund form 5-7 working days).
 */

/**
 * Days after delivery a ready-made sign may be returned (the Return Policy's words; returns.ts checks it, the
 * product feeds and the product page's structured data state it: issue 46).
 */
export const RETURN_WINDOW_DAYS = 7;

/** How long a refund takes to reach the shopper, from when it is approved (the Return Policy's words). */
export const REFUND_TIME = "7-10 business days";

/** The refund's time in a sentence: "Banks take up to 7-10 business days to show it." */
export const REFUND_TIME_SENTENCE = `Banks take up to ${REFUND_TIME} to show it.`;

/** The store's opening hours as one phrase: "Mon-Fri: 9:00 AM - 8:00 PM, Sat: 10:00 AM - 6:00 PM, Sun: Closed". */
export function openingHours(hours: { weekdays: string; saturday: string; sunday: string }): string {
  return [hours.weekdays, hours.saturday, hours.sunday].filter((h) => h.trim()).join(", ");
}

/** The support line every policy ends with, in the store's own hours (settings; issue 42). */
export function supportHoursSentence(hours: { weekdays: string; saturday: string; sunday: string }): string {
  return `Our support team is available ${openingHours(hours)} (IST), and replies within 24 hours.`;
}
