/** What a person sees when they have been sending too many requests. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const s = Math.max(1, Math.round(retryAfterSeconds));
  const wait = s < 90 ? `${s} second${s === 1 ? "" : "s"}` : `${Math.ceil(s / 60)} minutes`;
  return `Too many attempts from your connection. Please wait ${wait} and try again, or contact us if you need help.`;
}
