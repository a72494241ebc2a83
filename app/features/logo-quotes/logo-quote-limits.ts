/*
 * A logo quote request's limits, apart from its schema (logo-quotes.ts): the request page shows them
 * (the notes' length) without loading zod or the checkout's rules.
 */

export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const LOGO_NOTES_MAX = 1000;
