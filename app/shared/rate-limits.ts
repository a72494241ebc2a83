/** "40 seconds", "3 minutes" or "5 hours": how long a person has to wait. */
export function waitPhrase(retryAfterSeconds: number): string {
  const s = Math.max(1, Math.round(retryAfterSeconds));
  if (s < 90) return `${s} second${s === 1 ? "" : "s"}`;
  if (s < 90 * 60) return `${Math.ceil(s / 60)} minutes`;
  return `${Math.ceil(s / 3600)} hours`;
}

/** What a person sees when they have been sending too many requests. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts from your connection. Please wait ${waitPhrase(retryAfterSeconds)} and try again, or contact us if you need help.`;
}

/** The discount code answer while a client waits after too many wrong codes (nothing about the code is said). */
export function tooManyCodesMessage(retryAfterSeconds: number): string {
  return `Too many codes that could not be used. Please wait ${waitPhrase(retryAfterSeconds)} before trying another code.`;
}

/** A request refused because its phone or mailbox sent as many as a day allows (logo quotes, later others). */
export function tooManyFromContactMessage(retryAfterSeconds: number): string {
  return `We already have several requests from this phone number or e-mail address. Please wait ${waitPhrase(retryAfterSeconds)} for our reply, or contact us if you need help.`;
}

/** An upload refused because the shop has stored as much as it takes in a day. */
export const INTAKE_FULL_MESSAGE =
  "We cannot take more uploads today. Please try again tomorrow, or contact us if you need help.";
