/*
 * The shop's standing promises, each in one home and read by every page, form and e-mail that states it
 * (issue 42: the policy said 7-10 business days, the refund form 5-7 working days).
 */

/** How long a refund takes to reach the shopper, from when it is approved (the Return Policy's words). */
export const REFUND_TIME = "7-10 business days";

/** The refund's time in a sentence: "Banks take up to 7-10 business days to show it." */
export const REFUND_TIME_SENTENCE = `Banks take up to ${REFUND_TIME} to show it.`;
